// The /api-posts listing as it was before 007_posts_counts (exact count(*) on every request), kept
// verbatim apart from its imports so bench/posts-page.ts can run it side by side with the current one.
import type { Queryable } from '../../src/service/db/database.js';
import {
  POSTS_MAX_RANGE,
  POSTS_PAGE_SIZE,
  type CollectedPost,
  type PostsQuery,
} from '../../src/contract/posts.js';
import { TRENDING_THRESHOLD } from '../../src/service/collection/trending.js';
import { HttpError } from '../../src/service/http/http-error.js';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec: `page` (first is 1, 20 a page) or an inclusive 0-indexed `range_from`..`range_to`. */
function pageWindow(q: PostsQuery): { offset: number; limit: number } {
  if (q.range_from === undefined && q.range_to === undefined) {
    return { offset: ((q.page ?? 1) - 1) * POSTS_PAGE_SIZE, limit: POSTS_PAGE_SIZE };
  }
  const from = q.range_from ?? 0;
  const to = q.range_to ?? from + POSTS_PAGE_SIZE - 1;
  if (to < from)
    throw new HttpError(400, "Invalid range: 'range_to' must not be less than 'range_from'");
  if (to - from + 1 > POSTS_MAX_RANGE)
    throw new HttpError(400, `Invalid range: at most ${POSTS_MAX_RANGE} posts per request`);
  return { offset: from, limit: to - from + 1 };
}

/** `end_date` is inclusive: the whole day, up to the next midnight (UTC). */
function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString();
}

/**
 * One page of a team's collected posts and the total that match. With a watchlist, the listing
 * reads `watchlist_posts` (one index range per watchlist, sorted as the index is); without one,
 * the team's posts once each from `posts` (indexes in 006_collection.sql).
 */
export async function listPostsBefore(
  db: Queryable,
  teamId: string,
  q: PostsQuery,
): Promise<{ data: CollectedPost[]; count: number }> {
  const { offset, limit } = pageWindow(q);
  const params: unknown[] = [];
  const param = (v: unknown) => `$${params.push(v)}`;
  const where: string[] = [];
  const popular = q.sort_by === 'popular_first' || q.sort_by === 'engagement';
  // `t`: the table the filters and the order read (its indexes decide the plan).
  let t: 's' | 'p';
  let from: string;
  let countFrom: string;
  let order: string;

  if (q.watchlist_id !== undefined) {
    const found = UUID_RE.test(q.watchlist_id)
      ? await db.query('SELECT 1 FROM watchlists WHERE id = $1 AND team_id = $2', [
          q.watchlist_id,
          teamId,
        ])
      : [];
    if (found.length === 0) throw new HttpError(404, 'Watchlist not found or access denied');
    t = 's';
    from = 'watchlist_posts s JOIN posts p ON p.id = s.post_id';
    countFrom = 'watchlist_posts s';
    where.push(`s.watchlist_id = ${param(q.watchlist_id)}`);
    if (q.trending) where.push('s.trending');
    order = popular
      ? 's.engagement DESC, s.posted_at DESC, s.post_id'
      : 's.posted_at DESC, s.post_id';
  } else {
    t = 'p';
    from = countFrom = 'posts p';
    where.push(`p.team_id = ${param(teamId)}`);
    if (q.trending) where.push(`p.trending_score >= ${TRENDING_THRESHOLD}`);
    order = popular
      ? 'p.engagement DESC, p.posted_at DESC, p.id DESC'
      : 'p.posted_at DESC, p.id DESC';
  }
  if (q.start_date)
    where.push(`${t}.posted_at >= ${param(`${q.start_date}T00:00:00Z`)}::timestamptz`);
  if (q.end_date) where.push(`${t}.posted_at < ${param(nextDay(q.end_date))}::timestamptz`);
  if (q.seniority_level)
    where.push(`${t}.author_seniority = ANY(${param(q.seniority_level)}::text[])`);

  const filter = where.join(' AND ');
  const countParams = [...params];
  const rows = await db.query<Omit<CollectedPost, 'posted_at'> & { posted_at: Date }>(
    `SELECT p.id, p.content, p.author_name, p.author_url, p.post_url AS linkedin_post_url, p.posted_at,
            p.likes_count, p.comments_count, p.shares_count, p.liked, p.commented,
            p.likes_known AND p.comments_known AND p.shares_known AS counts_known,
            p.author_seniority AS seniority_level, ${t}.trending_score
       FROM ${from} WHERE ${filter}
      ORDER BY ${order} LIMIT ${param(limit)} OFFSET ${param(offset)}`,
    params,
  );
  const [total] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ${countFrom} WHERE ${filter}`,
    countParams,
  );
  return {
    data: rows.map((r) => ({
      ...r,
      posted_at: new Date(r.posted_at).toISOString(),
      trending_score: Number(r.trending_score),
    })),
    count: Number(total?.n ?? 0),
  };
}
