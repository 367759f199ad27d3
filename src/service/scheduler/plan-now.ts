import type { ServiceContext } from '../context.js';
import { planCycles } from './plan-watchlist.js';

/**
 * Plans one watchlist's cycle now, outside the scheduler's rhythm: a new people watchlist's tracking
 * tasks are created at once (spec, POST /api-people-watchlist). Call it after the watchlist and its
 * list are committed. A disabled or unknown watchlist queues nothing. Returns the tasks queued.
 */
export async function planWatchlistNow(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
  watchlistId: string,
): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    // The row lock keeps a scheduler tick from planning the same watchlist at the same moment.
    const due = {
      sql: 'SELECT id, team_id, type, list_id, fetch_freq_hours FROM watchlists WHERE id = $1 AND NOT disabled FOR UPDATE',
      params: [watchlistId],
    };
    return (await planCycles(tx, ctx.signals, due)).queued;
  });
}
