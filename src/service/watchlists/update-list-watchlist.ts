import type { ServiceContext, TeamRow } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { isUuid } from '../db/is-uuid.js';
import type { UpdateListWatchlistBody, UpdateListWatchlistResponse } from '../../contract/watchlists.js';
import { WATCHLIST_NOT_FOUND } from './update-keyword-watchlist.js';
import { deletePendingCollectionTasks } from './delete-watchlist.js';

/**
 * `PATCH /api-people-watchlist` and `/api-company-watchlist`: name, frequency, pause and resume,
 * as the keyword update does them (only the fields sent change, and only their parts are
 * answered). Pausing drops the queued collection (collected posts stay); resuming makes the
 * watchlist due at the scheduler's next tick.
 */
export async function updateListWatchlist(
  ctx: Pick<ServiceContext, 'db'>,
  team: TeamRow,
  type: 'people' | 'company',
  body: UpdateListWatchlistBody,
): Promise<UpdateListWatchlistResponse> {
  if (!isUuid(body.id)) throw new HttpError(404, WATCHLIST_NOT_FOUND);
  return ctx.db.transaction(async (tx) => {
    const [w] = await tx.query<{ id: string; disabled: boolean }>(
      'SELECT id, disabled FROM watchlists WHERE id = $1 AND team_id = $2 AND type = $3 FOR UPDATE',
      [body.id, team.id, type],
    );
    if (!w) throw new HttpError(404, WATCHLIST_NOT_FOUND);
    const answer: UpdateListWatchlistResponse = { success: true, id: w.id, message: 'Watchlist updated' };
    const sets = ['updated_at = now()'];
    const params: unknown[] = [w.id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (body.name !== undefined) {
      set('name', body.name);
      answer.name = body.name;
    }
    if (body.fetchFreqInHours !== undefined) {
      // Read by the scheduler when it plans: applies from the next cycle.
      set('fetch_freq_hours', body.fetchFreqInHours);
      answer.fetchFreqInHours = body.fetchFreqInHours;
    }
    if (body.disable !== undefined) {
      set('disabled', body.disable);
      if (body.disable) await deletePendingCollectionTasks(tx, w.id);
      else if (w.disabled) sets.push('next_due_at = NULL');
      answer.disable = body.disable;
    }
    await tx.query(`UPDATE watchlists SET ${sets.join(', ')} WHERE id = $1`, params);
    return answer;
  });
}
