import type { Queryable } from '../db/database.js';

/** Past this many delta rows a scope is folded into one row (a read then sums a handful). */
const FOLD_AFTER_ROWS = 32;
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * The exact number of posts of a watchlist (its `watchlist_posts`) or, without one, of a team (its
 * `posts`): the sum of the scope's rows in post_count_deltas, which triggers append in the same
 * transaction as every insert and delete (007_posts_counts.sql). Folds the scope when its rows pile up.
 */
export async function countedPosts(
  db: Queryable,
  teamId: string,
  watchlistId?: string,
  levels?: string[],
): Promise<number> {
  const { posts, foldDue } = await readPostCount(db, teamId, watchlistId, levels);
  if (foldDue) await foldDeltas(db, teamId, watchlistId);
  return posts;
}

/**
 * The count alone, a read only (a caller reading in a snapshot folds afterwards, when `foldDue`):
 * of every post of the scope, or of those whose author is at one of `levels` (014: each delta row
 * belongs to one seniority level).
 */
export async function readPostCount(
  db: Queryable,
  teamId: string,
  watchlistId?: string,
  levels?: string[],
): Promise<{ posts: number; foldDue: boolean }> {
  const scope = watchlistId ? 'watchlist_id = $1' : 'team_id = $1 AND watchlist_id IS NULL';
  const [row] = await db.query<{ posts: string | number; pieces: string | number }>(
    `SELECT coalesce(sum(posts) FILTER (WHERE $2::text[] IS NULL OR author_seniority = ANY($2::text[])), 0) AS posts, count(*) AS pieces
       FROM post_count_deltas WHERE ${scope}`,
    [watchlistId ?? teamId, levels ?? null],
  );
  return { posts: Number(row?.posts ?? 0), foldDue: Number(row?.pieces ?? 0) > FOLD_AFTER_ROWS };
}

/**
 * Replaces a scope's delta rows by their sum per seniority level, in one statement: it deletes only rows committed when
 * it starts and inserts exactly their sum, so a concurrent filing's rows (not yet visible) are kept
 * apart and two folds at once each take distinct rows. Any reader sees the same total before and
 * after. Best effort: if the watchlist or team is being deleted meanwhile, the fold is skipped.
 */
export async function foldDeltas(
  db: Queryable,
  teamId: string,
  watchlistId?: string,
): Promise<void> {
  const scope = watchlistId ? 'watchlist_id = $2' : 'team_id = $1 AND watchlist_id IS NULL';
  await db
    .query(
      `WITH folded AS (DELETE FROM post_count_deltas WHERE ${scope} RETURNING author_seniority, posts)
       INSERT INTO post_count_deltas (team_id, watchlist_id, author_seniority, posts)
       SELECT $1::uuid, $2::uuid, author_seniority, sum(posts) FROM folded GROUP BY author_seniority HAVING sum(posts) <> 0`,
      [teamId, watchlistId ?? null],
    )
    .catch((err: unknown) => {
      if ((err as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw err;
    });
}
