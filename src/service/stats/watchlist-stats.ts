import type { Queryable } from '../db/database.js';
import { isUuid } from '../db/is-uuid.js';
import { HttpError } from '../http/http-error.js';
import { WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import type { WatchlistStats } from '../../contract/stats.js';
import { queryStats, rangeSql, rate, servedByHours, type StatsRange } from './range.js';

/** How many authors the totals name. */
export const TOP_AUTHORS = 5;

const R = rangeSql({ from: 3, to: 4, bucket: 5, tz: 6 });

/**
 * One query: the watchlist's posts in the range ($1 team, $2 watchlist), by the bucket they were
 * posted in, and the authors with most engagement. The buckets are summed from the hourly counters
 * (migration 031b) when the zone allows (`hourly`), else from the posts themselves. The authors
 * are summed from the links' own copy of the author (migration 031c) in one index-only range scan;
 * only the winners' names are read from `posts`. No row when the watchlist is not the team's.
 */
const sql = (hourly: boolean) => `
WITH w AS (SELECT id FROM watchlists WHERE id = $2 AND team_id = $1),
p AS (
  SELECT wp.post_id, wp.posted_at, wp.engagement, wp.trending FROM watchlist_posts wp
   WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}),
b AS (${
  hourly
    ? `
  SELECT ${R.bucketOf('hour')} AS start, sum(posts) AS posts, sum(engagement) AS engagement, sum(trending) AS trending
    FROM watchlist_post_hours
   WHERE watchlist_id = (SELECT id FROM w) AND hour >= ${R.lo} AND hour < ${R.hi} GROUP BY 1`
    : `
  SELECT ${R.bucketOf('posted_at')} AS start, count(*) AS posts, sum(engagement) AS engagement,
         count(*) FILTER (WHERE trending) AS trending
    FROM p GROUP BY 1`
}),
a AS (
  SELECT wp.author_url, count(*) AS posts, sum(wp.engagement) AS engagement FROM watchlist_posts wp
   WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}
   GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT ${TOP_AUTHORS}),
n AS (
  SELECT a.*, (SELECT max(po.author_name) FROM watchlist_posts wp JOIN posts po ON po.id = wp.post_id AND po.team_id = $1
                WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.author_url = a.author_url
                  AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}) AS author_name
    FROM a)
SELECT
  (SELECT json_agg(json_build_object('start', to_char(s.start, 'YYYY-MM-DD'), 'posts', coalesce(b.posts, 0),
     'engagement', coalesce(b.engagement, 0), 'trending', coalesce(b.trending, 0)) ORDER BY s.start)
     FROM (${R.series}) s LEFT JOIN b ON b.start = s.start) AS buckets,
  (SELECT coalesce(json_agg(json_build_object('author_name', author_name, 'author_url', author_url,
     'posts', posts, 'engagement', engagement) ORDER BY engagement DESC, author_url), '[]') FROM n) AS top_authors
FROM w`;
const SQL = { rows: sql(false), hours: sql(true) };

interface Row {
  buckets: { start: string; posts: number; engagement: number; trending: number }[];
  top_authors: WatchlistStats['totals']['top_authors'];
}

export async function watchlistStats(
  db: Queryable,
  teamId: string,
  watchlistId: string,
  range: StatsRange,
  /** `rows`: count from the rows even where the counters serve (the counters' own check). */
  source: 'auto' | 'rows' = 'auto',
): Promise<WatchlistStats> {
  if (!isUuid(watchlistId)) throw new HttpError(404, WATCHLIST_NOT_FOUND);
  const [row] = await queryStats<Row>(
    db,
    source === 'auto' && servedByHours(range) ? SQL.hours : SQL.rows,
    [teamId, watchlistId, range.from, range.to, range.bucket, range.tz],
  );
  if (!row) throw new HttpError(404, WATCHLIST_NOT_FOUND);
  const buckets = row.buckets.map((b) => ({
    start: b.start,
    posts: Number(b.posts),
    engagement: Number(b.engagement),
    trending: Number(b.trending),
    trending_share: rate(Number(b.trending), Number(b.posts)),
  }));
  const sum = (k: 'posts' | 'engagement' | 'trending') => buckets.reduce((n, b) => n + b[k], 0);
  return {
    watchlist_id: watchlistId,
    ...range,
    buckets,
    totals: {
      posts: sum('posts'),
      engagement: sum('engagement'),
      trending: sum('trending'),
      trending_share: rate(sum('trending'), sum('posts')),
      top_authors: row.top_authors.map((a) => ({
        ...a,
        posts: Number(a.posts),
        engagement: Number(a.engagement),
      })),
    },
  };
}
