import type { ServiceContext } from '../context.js';
import type { TeamRow } from '../auth/identities.js';
import { HttpError } from '../http/http-error.js';
import { isUuid } from '../db/is-uuid.js';
import type {
  UpdateListWatchlistBody,
  UpdateListWatchlistResponse,
} from '../../contract/watchlists.js';
import { WATCHLIST_NOT_FOUND } from './update-keyword-watchlist.js';
import { deletePendingCollectionTasks } from './delete-watchlist.js';
import { applyCommonFields, WatchlistUpdate } from './watchlist-update.js';

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
    const answer: UpdateListWatchlistResponse = {
      success: true,
      id: w.id,
      message: 'Watchlist updated',
    };
    const update = new WatchlistUpdate(w.id);
    await applyCommonFields(tx, w, body, answer, update, deletePendingCollectionTasks);
    await update.run(tx);
    return answer;
  });
}
