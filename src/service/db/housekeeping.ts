import type { Database } from './database.js';
import type { Logger } from '../logger.js';

/**
 * PostgreSQL's autovacuum thresholds, as its defaults set them: a table is vacuumed once its dead
 * rows pass 50 + 20 % of its size (or its inserts pass 1000 + 20 %), analyzed once its changed rows
 * pass 50 + 10 %.
 */
const VACUUM = { threshold: 50, scale: 0.2 };
const VACUUM_INSERTS = { threshold: 1000, scale: 0.2 };
const ANALYZE = { threshold: 50, scale: 0.1 };
/**
 * A table is analyzed at most this often, autovacuum's naptime: it looks at a database once a
 * minute. An analyze reads a sample of every column and costs several times a vacuum; a table
 * rewritten all the time (`memberships`, by every member's marks) would otherwise be analyzed at
 * every run of the job, holding PGlite's one connection each time. Vacuums run as they are due.
 */
export const ANALYZE_AT_MOST_EVERY_MS = 60_000;

/** A table whose tidying took longer is named in the log: every request waited for it. */
const SLOW_MS = 1_000;

interface TableStats {
  table: string;
  live: number;
  dead: number;
  changed: number;
  inserted: number;
  /** The planner's row count, -1 before the table was ever analyzed. */
  reltuples: number;
  /** When it was last analyzed (by this job or by hand); null: never. */
  analyzed_at: Date | null;
}

type TidyAction = 'vacuum and analyze' | 'vacuum' | 'analyze';

interface Tidied {
  table: string;
  action: TidyAction;
}

const STATEMENT: Record<TidyAction, string> = {
  'vacuum and analyze': 'VACUUM (ANALYZE)',
  vacuum: 'VACUUM',
  analyze: 'ANALYZE',
};

/**
 * PGlite is PostgreSQL without its background workers: nothing vacuums or analyzes its tables. Left
 * so, every claim and result leaves a dead row that stays, and the planner keeps the sizes it saw
 * when the tables were new: it then reads a task by the member's index, through every task that
 * member ever ran, instead of by its id, a cost that grows with the history. This does
 * autovacuum's work on PGlite, with autovacuum's thresholds, one table at a time, from a background
 * job. A PostgreSQL server runs its own autovacuum: nothing is done there.
 */
export async function tidyEmbeddedDatabase(db: Database, log?: Logger): Promise<Tidied[]> {
  if (db.kind !== 'pglite') return [];
  const tables = await db.query<TableStats>(
    `SELECT s.relname AS table, s.n_live_tup::float8 AS live, s.n_dead_tup::float8 AS dead,
            s.n_mod_since_analyze::float8 AS changed, s.n_ins_since_vacuum::float8 AS inserted, c.reltuples::float8 AS reltuples,
            s.last_analyze AS analyzed_at
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.schemaname = current_schema()`,
  );
  const done: Tidied[] = [];
  for (const t of tables) {
    const action = dueAction(t);
    if (!action) continue;
    const started = performance.now();
    const name = `"${t.table.replaceAll('"', '""')}"`;
    await db.query(`${STATEMENT[action]} ${name}`);
    const ms = Math.round(performance.now() - started);
    if (ms > SLOW_MS) log?.warn('database_tidy_slow', { table: t.table, action, ms });
    done.push({ table: t.table, action });
  }
  return done;
}

/**
 * What autovacuum would do to this table now: a vacuum (which analyzes too, unless the table was
 * analyzed within ANALYZE_AT_MOST_EVERY_MS), an analyze, or nothing.
 */
export function dueAction(t: TableStats, now = Date.now()): TidyAction | null {
  // Never analyzed (-1): taken as empty, as autovacuum does, so its first changes get it analyzed.
  const size = Math.max(t.reltuples, 0);
  const vacuum =
    t.dead > VACUUM.threshold + VACUUM.scale * size ||
    t.inserted > VACUUM_INSERTS.threshold + VACUUM_INSERTS.scale * size;
  const analyze =
    (vacuum || t.changed > ANALYZE.threshold + ANALYZE.scale * size) &&
    (t.analyzed_at === null || now - t.analyzed_at.getTime() >= ANALYZE_AT_MOST_EVERY_MS);
  if (vacuum) return analyze ? 'vacuum and analyze' : 'vacuum';
  return analyze ? 'analyze' : null;
}
