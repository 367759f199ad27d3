import type { Queryable } from '../db/database.js';
import { isUuid } from '../db/is-uuid.js';

/**
 * `DELETE /api-…-watchlist?id=`: the watchlist goes with its keywords, its links to posts and its
 * Slack deliveries (foreign keys, 004_watchlists.sql). Its queued collection is dropped; a task
 * already running finishes and files nothing (collection/file-posts.ts). The posts stay the
 * team's: they were liked or commented as such, and the team-wide /api-posts still lists them.
 * People and company lists stay too, for `list_id` to reuse. False when the team has no such
 * watchlist of this type.
 */
export async function deleteWatchlist(
  db: Queryable,
  teamId: string,
  type: 'keyword' | 'people' | 'company',
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [gone] = await db.query<{ id: string }>(
    `WITH gone AS (DELETE FROM watchlists WHERE id = $1 AND team_id = $2 AND type = $3 RETURNING id),
          dropped AS (DELETE FROM tasks WHERE watchlist_id IN (SELECT id FROM gone) AND status = 'pending')
     SELECT id FROM gone`,
    [id, teamId, type],
  );
  return gone !== undefined;
}

/** A paused watchlist's queued collection is dropped; tasks already running finish. */
export async function deletePendingCollectionTasks(
  tx: Queryable,
  watchlistId: string,
): Promise<void> {
  await tx.query(`DELETE FROM tasks WHERE watchlist_id = $1 AND status = 'pending'`, [watchlistId]);
}
