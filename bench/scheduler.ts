import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { closeServiceContext, createServiceContext } from '../src/service/boot.js';
import { loadConfig } from '../src/service/config.js';
import { createLogger } from '../src/service/logger.js';
import { planDueWatchlists } from '../src/service/scheduler/tick.js';
import { findPostgres } from './setup.js';
import { writeBenchResults } from './results-file.js';

/**
 * `npx tsx bench/scheduler.ts` (and part of `npm run bench`): 10,000 due keyword watchlists of 20
 * teams planned by two service instances on one PostgreSQL schema side by side, timed until none
 * is due; beside it, in the same run, the same tasks written by one bare
 * INSERT … SELECT on a copy of the rows (the floor). PostgreSQL only: several instances share one
 * database only there.
 */
const WATCHLISTS = Number(process.env.BENCH_WATCHLISTS ?? 10_000);
const TEAMS = 20;

interface SchedulerResult {
  watchlists: number;
  teams: number;
  service_s?: number;
  bare_sql_s?: number;
  service_over_sql?: number;
  skipped?: string;
  error?: string;
}

async function seed(db: { query: (sql: string) => Promise<unknown> }) {
  await db.query(`INSERT INTO teams (id, name, api_key_hash, api_key_encrypted)
                  SELECT gen_random_uuid(), 'bench ' || g, decode(md5(random()::text), 'hex'), 'x' FROM generate_series(1, ${TEAMS}) g`);
  await db.query(`WITH t AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM teams)
                  INSERT INTO watchlists (id, team_id, type, name, slug)
                  SELECT gen_random_uuid(), t.id, 'keyword', 'w' || g, 'w' || g FROM generate_series(1, ${WATCHLISTS}) g JOIN t ON t.n = g % ${TEAMS}`);
  await db.query(
    `INSERT INTO watchlist_keywords (id, watchlist_id, keyword) SELECT gen_random_uuid(), id, 'topic ' || slug FROM watchlists`,
  );
}

export async function runSchedulerBench(): Promise<{ file: string; result: SchedulerResult }> {
  const started = new Date();
  const result: SchedulerResult = { watchlists: WATCHLISTS, teams: TEAMS };
  const url = await findPostgres();
  if (!url) result.skipped = 'no PostgreSQL reachable (set DATABASE_URL)';
  else {
    const schema = `bench_sched_${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}`;
    const config = loadConfig({ DATA_DIR: os.tmpdir(), SECRET_KEY: 'ab'.repeat(32) });
    const log = createLogger({ silent: true });
    const a = await createServiceContext(config, { log, databaseUrl: url, databaseSchema: schema });
    const b = await createServiceContext(config, { log, databaseUrl: url, databaseSchema: schema });
    try {
      await seed(a.db);
      // Settled, as watchlists that have existed a while are (autovacuum's work): the clock then
      // counts the planning, not PostgreSQL's first visit to 300,000 rows written a moment before.
      await a.db.query('VACUUM ANALYZE teams, watchlists, watchlist_keywords, watchlist_schedule');
      const t0 = performance.now();
      // Both instances plan side by side, as their scheduler job does when its interval comes.
      await Promise.all([planDueWatchlists(a), planDueWatchlists(b)]);
      result.service_s = Number(((performance.now() - t0) / 1000).toFixed(2));
      const [planned] = await a.db.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks');
      if (planned!.n !== WATCHLISTS)
        throw new Error(`planned ${planned!.n} tasks for ${WATCHLISTS} watchlists`);
      const [due] = await a.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM watchlist_schedule WHERE next_due_at IS NULL OR next_due_at <= now()',
      );
      if (due!.n !== 0) throw new Error(`${due!.n} watchlists still due`);
      // The floor: the same rows, written by one statement with nothing else.
      let t1 = 0;
      let t2 = 0;
      await a.db.transaction(async (tx) => {
        await tx.query(
          'CREATE TEMP TABLE bench_tasks (LIKE tasks INCLUDING DEFAULTS) ON COMMIT DROP',
        );
        t1 = performance.now();
        await tx.query(`INSERT INTO bench_tasks (id, team_id, type, input, status, watchlist_id, target_key)
                        SELECT gen_random_uuid(), w.team_id, 'agent_keyword_tracking', jsonb_build_object('keyword', k.keyword), 'pending', w.id, 'k:' || w.id
                          FROM watchlists w JOIN watchlist_keywords k ON k.watchlist_id = w.id`);
        t2 = performance.now();
      });
      result.bare_sql_s = Number(((t2 - t1) / 1000).toFixed(2));
      result.service_over_sql = Number(
        (result.service_s / Math.max(result.bare_sql_s, 0.001)).toFixed(1),
      );
    } catch (err) {
      result.error = (err as Error).message;
    } finally {
      await a.db.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
      await closeServiceContext(b);
      await closeServiceContext(a);
    }
  }
  const file = await writeBenchResults(
    'scheduler',
    {
      started_at: started.toISOString(),
      machine: { cpus: os.cpus().length, node: process.version },
      result,
    },
    started,
  );
  return { file, result };
}

export function printSchedulerTable(r: SchedulerResult) {
  console.log('\nScheduler: due keyword watchlists planned by two instances on one PostgreSQL');
  console.table([
    {
      watchlists: r.watchlists,
      teams: r.teams,
      'service s': r.service_s ?? '-',
      'bare SQL s': r.bare_sql_s ?? '-',
      'service / SQL': r.service_over_sql ? `${r.service_over_sql}x` : '-',
      note: r.error ?? r.skipped ?? '',
    },
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runSchedulerBench()
    .then(({ file, result }) => {
      printSchedulerTable(result);
      console.log(`\nwritten to ${file}`);
    })
    .catch((err) => console.error(`bench could not run: ${(err as Error).message}`))
    .finally(() => process.exit(0));
}
