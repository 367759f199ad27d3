import type { ServiceContext } from '../context.js';
import { planCycles } from './plan-watchlist.js';

/**
 * Watchlists a tick plans at most: a tick is one short transaction, and instances side by side
 * share a large due set in batches of this size.
 */
export const MAX_PER_TICK = 5_000;

export interface TickResult {
  planned: string[];
  queued: number;
  /** As many watchlists were due as a tick plans: more may be due. */
  more: boolean;
}

/**
 * One scheduler tick: the oldest due enabled watchlists (never planned, or their due time in
 * `watchlist_schedule` passed), up to a batch, get their collection tasks, all in one statement
 * (plan-watchlist.ts) in one transaction, so an instance that dies mid-tick leaves nothing half
 * planned and the next tick plans it all. Instances on one PostgreSQL database tick side by side:
 * each takes the due watchlists no other tick holds (`FOR UPDATE SKIP LOCKED`), and those it moves
 * on are due no more to the others, so each is planned once. The schedule row is locked too, not
 * only the watchlist: a tick that committed between another's snapshot and its lock moved only
 * the schedule row, and PostgreSQL re-checks a row's due time against its newest version only when
 * the row it locks was changed. A watchlist locked at that moment by its own planning or an edit
 * (planWatchlistNow, an update) is left to the next tick.
 */
export async function schedulerTick(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
): Promise<TickResult> {
  return ctx.db.transaction(async (tx) => {
    const r = await planCycles(tx, ctx.signals, {
      sql: `SELECT w.id, w.team_id, w.type, w.list_id, w.fetch_freq_hours
              FROM watchlist_schedule s JOIN watchlists w ON w.id = s.watchlist_id
             WHERE NOT s.paused AND (s.next_due_at IS NULL OR s.next_due_at <= now())
             ORDER BY s.next_due_at NULLS FIRST, s.created_at
             LIMIT ${MAX_PER_TICK}
             FOR UPDATE OF s, w SKIP LOCKED`,
      params: [],
    });
    return { planned: r.planned, queued: r.queued, more: r.due === MAX_PER_TICK };
  });
}

/**
 * Ticks until a tick finds fewer due than it plans, or plans none (all it found have nothing to
 * collect yet): every watchlist due now, in batches.
 */
export async function planDueWatchlists(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
): Promise<{ planned: number; queued: number }> {
  const total = { planned: 0, queued: 0 };
  for (;;) {
    const r = await schedulerTick(ctx);
    total.planned += r.planned.length;
    total.queued += r.queued;
    if (!r.more || r.planned.length === 0) return total;
  }
}
