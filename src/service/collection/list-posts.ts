import { isUuid } from '../db/is-uuid.js';
import type { Database, Queryable } from '../db/database.js';
import {
  POSTS_MAX_RANGE,
  POSTS_PAGE_SIZE,
  type CollectedPost,
  type PostsQuery,
} from '../../contract/posts.js';
import { TRENDING_THRESHOLD } from './trending.js';
import { HttpError } from '../http/http-error.js';
import { foldDeltas, readPostCount } from './post-counts.js';

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

/**
 * Filters whose total is counted row by row; sort and page narrow nothing, and seniority alone is
 * read from the counters (007, by level since 014).
 */
function isCountedByRow(q: PostsQuery): boolean {
  return q.trending === true || q.start_date !== undefined || q.end_date !== undefined;
}

/**
 * A filtered total: an exact count(*), read from an index alone where one covers the filter
 * (seniority: *_seniority, trending: the partial indexes, dates: the recent indexes; 007).
 */
async function countMatching(
  db: Queryable,
  countFrom: string,
  filter: string,
  params: unknown[],
): Promise<number> {
  const [total] = await db.query<{ n: string | number }>(
    `SELECT count(*) AS n FROM ${countFrom} WHERE ${filter}`,
    params,
  );
  return Number(total?.n ?? 0);
}

/** Which posts a listing reads, and in what order: shared by the pages and the CSV export. */
interface PostsSelection {
  /** The table the filters and the order read (its indexes decide the plan). */
  t: 's' | 'p';
  from: string;
  countFrom: string;
  where: string[];
  params: unknown[];
  popular: boolean;
  order: string;
}

/**
 * The filters of `/api-posts` as SQL. With a watchlist, the listing reads `watchlist_posts` (one
 * index range per watchlist, sorted as the index is); without one, the team's posts once each from
 * `posts` (indexes in 006_collection.sql).
 */
export async function postsSelection(
  db: Queryable,
  teamId: string,
  q: PostsQuery,
): Promise<PostsSelection> {
  const params: unknown[] = [];
  const param = (v: unknown) => `$${params.push(v)}`;
  const where: string[] = [];
  const popular = q.sort_by === 'popular_first' || q.sort_by === 'engagement';
  let t: 's' | 'p';
  let from: string;
  let countFrom: string;
  let order: string;

  if (q.watchlist_id !== undefined) {
    const found = isUuid(q.watchlist_id)
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
  // `end_date` is inclusive: the whole day, up to the next midnight (UTC), computed by the database
  // (the day after 9999-12-31 is beyond what a JS Date writes in a form the database reads).
  if (q.end_date)
    where.push(`${t}.posted_at < ((${param(q.end_date)}::date + 1)::timestamp AT TIME ZONE 'UTC')`);
  if (q.seniority_level)
    where.push(`${t}.author_seniority = ANY(${param(q.seniority_level)}::text[])`);
  return { t, from, countFrom, where, params, popular, order };
}

/** The columns of a listed post. */
export const POST_COLUMNS = (t: 's' | 'p') =>
  `p.id, p.content, p.author_name, p.author_url, p.post_url AS linkedin_post_url, p.posted_at,
   p.likes_count, p.comments_count, p.shares_count, p.liked, p.commented,
   p.likes_known AND p.comments_known AND p.shares_known AS counts_known,
   p.author_seniority AS seniority_level, ${t}.trending_score`;

/**
 * A watchlist's page: the rows skipped and the page's own are found in `watchlist_posts` alone (its
 * filters and order are all its own columns), and only the page's posts are read from `posts`. Read
 * as one join, every skipped row also fetched its post: 980 of them for page 50.
 */
function watchlistPage(filter: string, order: string, window: string): string {
  return `SELECT ${POST_COLUMNS('s')}
      FROM (SELECT s.post_id, s.trending_score, s.engagement, s.posted_at
              FROM watchlist_posts s WHERE ${filter} ORDER BY ${order} ${window}) s
      JOIN posts p ON p.id = s.post_id
     ORDER BY ${order}`;
}

/**
 * One page of a team's collected posts and the total that match (postsSelection). The total of an
 * unfiltered listing, or one filtered by seniority alone, comes from the post counters, kept by
 * level (post-counts.ts): counting a million index entries per request would be nearly all of its
 * time; other filters are counted.
 */
export async function listPosts(
  db: Database,
  teamId: string,
  q: PostsQuery,
): Promise<{ data: CollectedPost[]; count: number }> {
  const { offset, limit } = pageWindow(q);
  const { t, from, countFrom, where, params, order } = await postsSelection(db, teamId, q);
  const param = (v: unknown) => `$${params.push(v)}`;

  const filter = where.join(' AND ');
  const countParams = [...params];
  // The page and its count from one snapshot: a filing committed between the two reads would
  // otherwise be counted but not listed (a count of 7 beside an empty page).
  const { rows, count, foldDue } = await db.transaction(
    async (tx) => {
      const window = `LIMIT ${param(limit)} OFFSET ${param(offset)}`;
      const rows = await tx.query<Omit<CollectedPost, 'posted_at'> & { posted_at: Date }>(
        t === 's'
          ? watchlistPage(filter, order, window)
          : `SELECT ${POST_COLUMNS(t)} FROM ${from} WHERE ${filter} ORDER BY ${order} ${window}`,
        params,
      );
      if (isCountedByRow(q))
        return {
          rows,
          count: await countMatching(tx, countFrom, filter, countParams),
          foldDue: false,
        };
      const counted = await readPostCount(tx, teamId, q.watchlist_id, q.seniority_level);
      return { rows, count: counted.posts, foldDue: counted.foldDue };
    },
    { readOnlySnapshot: true },
  );
  if (foldDue) await foldDeltas(db, teamId, q.watchlist_id);
  return {
    data: rows.map((r) => ({
      ...r,
      posted_at: new Date(r.posted_at).toISOString(),
      trending_score: Number(r.trending_score),
    })),
    count,
  };
}
