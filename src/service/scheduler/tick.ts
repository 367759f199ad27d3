import type { ServiceContext } from '../context.js';
import { planCycle, type DueWatchlist } from './plan-watchlist.js';

/** Any constant shared by all instances; distinct from the migration lock (7262001). With the schema, the lock's key. */
export const SCHEDULER_LOCK_KEY = 7262002;
/** Watchlists planned per tick at most; the rest are planned on the next ticks. */
const MAX_PER_TICK = 1000;

export interface TickResult {
  /** False when another instance holds the scheduler lock and is planning this cycle. */
  leader: boolean;
  planned: string[];
  queued: number;
}

/**
 * One scheduler tick: every enabled watchlist that is due (never planned, or next_due_at passed)
 * gets its collection tasks. With several instances on one PostgreSQL database, the transaction-
 * scoped advisory lock lets exactly one of them plan; the others see the lock taken and skip.
 */
export async function schedulerTick(ctx: Pick<ServiceContext, 'db' | 'signals'>): Promise<TickResult> {
  return ctx.db.transaction(async (tx) => {
    // Advisory locks are the database's, not the schema's: the schema is part of the key, so
    // services on their own schemas of one database (tests in parallel, DATABASE_SCHEMA) each plan.
    const [lock] = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1, hashtext(current_schema())) AS ok', [SCHEDULER_LOCK_KEY]);
    if (!lock?.ok) return { leader: false, planned: [], queued: 0 };
    const due = await tx.query<DueWatchlist>(
      `SELECT id, team_id, type, list_id FROM watchlists
        WHERE NOT disabled AND (next_due_at IS NULL OR next_due_at <= now())
        ORDER BY next_due_at NULLS FIRST, created_at
        LIMIT ${MAX_PER_TICK}`,
    );
    const planned: string[] = [];
    let queued = 0;
    for (const w of due) {
      const r = await planCycle(tx, ctx.signals, w);
      if (r.targets > 0) planned.push(w.id);
      queued += r.queued;
    }
    return { leader: true, planned, queued };
  });
}
