import type { ServiceContext } from '../context.js';
import { planCycles } from './plan-watchlist.js';

/** Any constant shared by all instances; distinct from the migration lock (7262001). With the schema, the lock's key. */
export const SCHEDULER_LOCK_KEY = 7262002;
/** Watchlists a tick plans at most; more due are planned by the next tick, a second later (scheduler-job.ts). */
const MAX_PER_TICK = 20_000;

export interface TickResult {
  /** False when another instance holds the scheduler lock and is planning this cycle. */
  leader: boolean;
  planned: string[];
  queued: number;
  /** More watchlists were due than a tick plans. */
  more: boolean;
}

/**
 * One scheduler tick: every enabled watchlist that is due (never planned, or next_due_at passed)
 * gets its collection tasks, all in one statement (plan-watchlist.ts) in one transaction, so a
 * leader that dies mid-tick leaves nothing half planned and the next tick plans it all. With several
 * instances on one PostgreSQL database, the transaction-scoped advisory lock lets exactly one of
 * them plan; the others see the lock taken and skip. A watchlist locked at that moment by its own
 * planning or an edit (planWatchlistNow, an update) is left to the next tick.
 */
export async function schedulerTick(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
): Promise<TickResult> {
  return ctx.db.transaction(async (tx) => {
    // Advisory locks are the database's, not the schema's: the schema is part of the key, so
    // services on their own schemas of one database (tests in parallel, DATABASE_SCHEMA) each plan.
    const [lock] = await tx.query<{ ok: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema())) AS ok',
      [SCHEDULER_LOCK_KEY],
    );
    if (!lock?.ok) return { leader: false, planned: [], queued: 0, more: false };
    const r = await planCycles(tx, ctx.signals, {
      sql: `SELECT id, team_id, type, list_id FROM watchlists
             WHERE NOT disabled AND (next_due_at IS NULL OR next_due_at <= now())
             ORDER BY next_due_at NULLS FIRST, created_at
             LIMIT ${MAX_PER_TICK}
             FOR UPDATE SKIP LOCKED`,
      params: [],
    });
    return { leader: true, planned: r.planned, queued: r.queued, more: r.due === MAX_PER_TICK };
  });
}
