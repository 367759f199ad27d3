import type { ServiceContext } from '../context.js';
import { planCycle, type DueWatchlist } from './plan-watchlist.js';

/**
 * Plans one watchlist's cycle now, outside the scheduler's rhythm: a new people watchlist's tracking
 * tasks are created at once (spec, POST /api-people-watchlist). Call it after the watchlist and its
 * list are committed. A disabled or unknown watchlist queues nothing. Returns the tasks queued.
 */
export async function planWatchlistNow(ctx: Pick<ServiceContext, 'db' | 'signals'>, watchlistId: string): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    // The row lock keeps a scheduler tick from planning the same watchlist at the same moment.
    const [w] = await tx.query<DueWatchlist>(
      'SELECT id, team_id, type, list_id FROM watchlists WHERE id = $1 AND NOT disabled FOR UPDATE',
      [watchlistId],
    );
    if (!w) return 0;
    return (await planCycle(tx, ctx.signals, w)).queued;
  });
}
