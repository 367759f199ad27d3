import type { Queryable } from '../db/database.js';
import { isUuid } from '../db/is-uuid.js';
import { HttpError } from '../http/http-error.js';
import { WATCHLIST_NOT_FOUND } from '../watchlists/update-keyword-watchlist.js';
import type { WatchlistStats } from '../../contract/stats.js';
import {
  bucketCounters,
  type CounterUnit,
  counterUnit,
  queryStats,
  rangeSql,
  rate,
  servedByHours,
  type StatsRange,
} from './range.js';

/** How many authors the totals name. */
export const TOP_AUTHORS = 5;

const R = rangeSql({ from: 3, to: 4, bucket: 5, tz: 6 });

/**
 * The nearest UTC month boundary to an instant (a timestamptz expression), as a timestamptz:
 * where the range's whole months end and its ragged end, summed from the links, begins.
 */
const nearestMonth = (
  t: string,
) => `(SELECT CASE WHEN ${t} - (m AT TIME ZONE 'UTC') <= ((m + interval '1 month') AT TIME ZONE 'UTC') - ${t}
    THEN m AT TIME ZONE 'UTC' ELSE (m + interval '1 month') AT TIME ZONE 'UTC' END
   FROM (SELECT date_trunc('month', ${t} AT TIME ZONE 'UTC') AS m) x)`;

/**
 * How many of a month's or year's authors, by engagement, the ranked reading takes: enough
 * that the fifth after the range's trimmed ends still outranks every author left out.
 */
const CANDIDATES = 50;

/**
 * The range's authors, exactly, from the monthly counters (migration 031c), as the months between
 * the boundaries nearest the range's ends (a, b) give them (the whole UTC years among them, ya to
 * yb, from the yearly counters of migration 032b), with the links between each end and its
 * boundary added (the end comes first) or taken away (the boundary comes first). An author whose
 * posts were all taken away nets zero posts and is dropped. A range shorter than the gap between
 * its boundaries (a after b) is summed from its links.
 *
 * When the months are one month, or one whole year (`yearly`), and both ends only take away
 * (`ranked`), its authors are read in order of engagement (watchlist_author_months_ranked,
 * watchlist_author_years_ranked): the first CANDIDATES, each less what its own links at the ends
 * took away. Taking away only lowers a total, so every author left out has at most the engagement
 * of the next in order; when the fifth candidate has more, these five are the answer (`exact`).
 * Otherwise, or for any other range, every author of the months and the ends is summed (`x`).
 */
const authorsFromMonths = `
e AS (
  SELECT lo, hi, a, b,
         a < b AND lo >= a AND hi <= b
           AND (((a AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' = b OR yearly) AS ranked,
         yearly, CASE WHEN ya < yb THEN ya ELSE b END AS ya, CASE WHEN ya < yb THEN yb ELSE b END AS yb
    FROM (SELECT lo, hi, a, b,
                 CASE WHEN utc_year(a) = a THEN a
                      ELSE (date_trunc('year', a AT TIME ZONE 'UTC') + interval '1 year') AT TIME ZONE 'UTC' END AS ya,
                 utc_year(b) AS yb
            FROM (SELECT lo, hi, CASE WHEN a <= b THEN a ELSE lo END AS a, CASE WHEN a <= b THEN b ELSE lo END AS b
                    FROM (SELECT lo, hi, ${nearestMonth('lo')} AS a, ${nearestMonth('hi')} AS b
                            FROM (SELECT ${R.lo} AS lo, ${R.hi} AS hi) r) x) y) z,
   LATERAL (SELECT ya < yb AND ya = a AND yb = b
                   AND ((a AT TIME ZONE 'UTC') + interval '1 year') AT TIME ZONE 'UTC' = b AS yearly) o),
cand AS (
  (SELECT author_url, posts, engagement FROM watchlist_author_months
    WHERE watchlist_id = (SELECT id FROM w) AND month = (SELECT a FROM e) AND (SELECT ranked AND NOT yearly FROM e)
    ORDER BY engagement DESC LIMIT ${CANDIDATES + 1})
  UNION ALL
  (SELECT author_url, posts, engagement FROM watchlist_author_years
    WHERE watchlist_id = (SELECT id FROM w) AND year = (SELECT a FROM e) AND (SELECT ranked AND yearly FROM e)
    ORDER BY engagement DESC LIMIT ${CANDIDATES + 1})),
net AS (
  SELECT c.author_url, c.posts - s.posts - t.posts AS posts, c.engagement - s.engagement - t.engagement AS engagement
    FROM (SELECT * FROM cand ORDER BY engagement DESC LIMIT ${CANDIDATES}) c
   CROSS JOIN LATERAL (
     SELECT count(*) AS posts, coalesce(sum(wp.engagement), 0) AS engagement FROM watchlist_posts wp
      WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.author_url = c.author_url
        AND wp.posted_at >= (SELECT a FROM e) AND wp.posted_at < (SELECT lo FROM e)) s
   CROSS JOIN LATERAL (
     SELECT count(*) AS posts, coalesce(sum(wp.engagement), 0) AS engagement FROM watchlist_posts wp
      WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.author_url = c.author_url
        AND wp.posted_at >= (SELECT hi FROM e) AND wp.posted_at < (SELECT b FROM e)) t),
top AS (
  SELECT author_url, posts, engagement FROM net WHERE posts > 0 ORDER BY 3 DESC, 1 LIMIT ${TOP_AUTHORS}),
exact AS (
  SELECT coalesce((SELECT ranked FROM e) AND (
           (SELECT count(*) FROM cand) <= ${CANDIDATES}
           OR ((SELECT count(*) FROM top) = ${TOP_AUTHORS}
               AND (SELECT min(engagement) FROM top) > (SELECT min(engagement) FROM cand))), false) AS ok),
x AS (
  SELECT author_url, posts, engagement FROM watchlist_author_months
   WHERE watchlist_id = (SELECT id FROM w) AND month >= (SELECT a FROM e) AND month < (SELECT ya FROM e)
     AND NOT (SELECT ok FROM exact)
  UNION ALL
  SELECT author_url, posts, engagement FROM watchlist_author_years
   WHERE watchlist_id = (SELECT id FROM w) AND year >= (SELECT ya FROM e) AND year < (SELECT yb FROM e)
     AND NOT (SELECT ok FROM exact)
  UNION ALL
  SELECT author_url, posts, engagement FROM watchlist_author_months
   WHERE watchlist_id = (SELECT id FROM w) AND month >= (SELECT yb FROM e) AND month < (SELECT b FROM e)
     AND NOT (SELECT ok FROM exact)
  UNION ALL
  SELECT wp.author_url, (SELECT CASE WHEN lo < a THEN 1 ELSE -1 END FROM e),
         (SELECT CASE WHEN lo < a THEN 1 ELSE -1 END FROM e) * wp.engagement::bigint FROM watchlist_posts wp
   WHERE wp.watchlist_id = (SELECT id FROM w) AND NOT (SELECT ok FROM exact)
     AND wp.posted_at >= (SELECT least(lo, a) FROM e) AND wp.posted_at < (SELECT greatest(lo, a) FROM e)
  UNION ALL
  SELECT wp.author_url, (SELECT CASE WHEN b < hi THEN 1 ELSE -1 END FROM e),
         (SELECT CASE WHEN b < hi THEN 1 ELSE -1 END FROM e) * wp.engagement::bigint FROM watchlist_posts wp
   WHERE wp.watchlist_id = (SELECT id FROM w) AND NOT (SELECT ok FROM exact)
     AND wp.posted_at >= (SELECT least(b, hi) FROM e) AND wp.posted_at < (SELECT greatest(b, hi) FROM e)),
a AS (
  SELECT * FROM top WHERE (SELECT ok FROM exact)
  UNION ALL
  (SELECT author_url, sum(posts) AS posts, sum_bigint(engagement) AS engagement FROM x
    GROUP BY 1 HAVING sum(posts) > 0 ORDER BY 3 DESC, 1 LIMIT ${TOP_AUTHORS}))`;

/** The range's authors summed from its links alone (one index-only range scan). */
const authorsFromLinks = `
a AS (
  SELECT wp.author_url, count(*) AS posts, sum(wp.engagement) AS engagement FROM watchlist_posts wp
   WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}
   GROUP BY 1 ORDER BY 3 DESC, 1 LIMIT ${TOP_AUTHORS})`;

/**
 * One query: the watchlist's posts in the range ($1 team, $2 watchlist), by the bucket they were
 * posted in, and the authors with most engagement. The buckets are summed from the counters by
 * hour, or by day and hour (`series`, range.ts `counterUnit`; migrations 031b, 047) when the zone
 * allows, else from the posts themselves; the authors from the monthly counters (`monthly`, any
 * zone: their ends are instants), else from the links'
 * own copy of the author (migration 031c). Only the winners' names are read from `posts`, and the
 * posts of the range with a count the network never gave (`u`, from the index of migration 038):
 * engagement adds only the counts known (an unknown one is stored as 0), and `unknown_counts` says
 * how many posts it lacks some of. No row when the watchlist is not the team's.
 */
const sql = (series: 'rows' | CounterUnit, monthly: boolean) => `
WITH w AS (SELECT id FROM watchlists WHERE id = $2 AND team_id = $1),
p AS (
  SELECT wp.post_id, wp.posted_at, wp.engagement, wp.trending FROM watchlist_posts wp
   WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}),
b AS (${
  series !== 'rows'
    ? `
  SELECT k.start, sum(c.posts) AS posts, sum_bigint(c.engagement) AS engagement, sum(c.trending) AS trending
    FROM ${bucketCounters(R, series, {
      hours: 'watchlist_post_hours',
      days: 'watchlist_post_days',
      key: (t) => `${t}.watchlist_id = (SELECT id FROM w)`,
      cols: (t) => `${t}.posts, ${t}.engagement, ${t}.trending`,
    })}
   GROUP BY 1`
    : `
  SELECT ${R.bucketOf('posted_at')} AS start, count(*) AS posts, sum(engagement) AS engagement,
         count(*) FILTER (WHERE trending) AS trending
    FROM p GROUP BY 1`
}),
${monthly ? authorsFromMonths : authorsFromLinks},
u AS (
  SELECT ${R.bucketOf('wp.posted_at')} AS start, count(*) AS unknown_counts
    FROM posts po JOIN watchlist_posts wp ON wp.post_id = po.id AND wp.watchlist_id = (SELECT id FROM w)
   WHERE po.team_id = $1 AND NOT (po.likes_known AND po.comments_known AND po.shares_known)
     AND po.posted_at >= ${R.lo} AND po.posted_at < ${R.hi}
     AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}
   GROUP BY 1),
n AS (
  SELECT a.*, (SELECT po.author_name FROM watchlist_posts wp JOIN posts po ON po.id = wp.post_id AND po.team_id = $1
                WHERE wp.watchlist_id = (SELECT id FROM w) AND wp.author_url = a.author_url
                  AND wp.posted_at >= ${R.lo} AND wp.posted_at < ${R.hi}
                ORDER BY wp.posted_at DESC LIMIT 1) AS author_name
    FROM a)
SELECT
  (SELECT json_agg(json_build_object('start', to_char(s.start, 'YYYY-MM-DD'), 'posts', coalesce(b.posts, 0),
     'engagement', coalesce(b.engagement, 0), 'trending', coalesce(b.trending, 0),
     'unknown_counts', coalesce(u.unknown_counts, 0)) ORDER BY s.start)
     FROM (${R.series}) s LEFT JOIN b ON b.start = s.start LEFT JOIN u ON u.start = s.start) AS buckets,
  (SELECT coalesce(json_agg(json_build_object('author_name', author_name, 'author_url', author_url,
     'posts', posts, 'engagement', engagement) ORDER BY engagement DESC, author_url), '[]') FROM n) AS top_authors
FROM w`;
const SQL = {
  rows: sql('rows', false),
  months: sql('rows', true),
  hours: sql('hours', true),
  days: sql('days', true),
};

interface Row {
  buckets: {
    start: string;
    posts: number;
    engagement: number;
    trending: number;
    unknown_counts: number;
  }[];
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
    source === 'rows' ? SQL.rows : servedByHours(range) ? SQL[counterUnit(range)] : SQL.months,
    [teamId, watchlistId, range.from, range.to, range.bucket, range.tz],
  );
  if (!row) throw new HttpError(404, WATCHLIST_NOT_FOUND);
  const buckets = row.buckets.map((b) => ({
    start: b.start,
    posts: Number(b.posts),
    engagement: Number(b.engagement),
    trending: Number(b.trending),
    trending_share: rate(Number(b.trending), Number(b.posts)),
    unknown_counts: Number(b.unknown_counts),
  }));
  const sum = (k: 'posts' | 'engagement' | 'trending' | 'unknown_counts') =>
    buckets.reduce((n, b) => n + b[k], 0);
  return {
    watchlist_id: watchlistId,
    ...range,
    buckets,
    totals: {
      posts: sum('posts'),
      engagement: sum('engagement'),
      trending: sum('trending'),
      trending_share: rate(sum('trending'), sum('posts')),
      unknown_counts: sum('unknown_counts'),
      top_authors: row.top_authors.map((a) => ({
        ...a,
        posts: Number(a.posts),
        engagement: Number(a.engagement),
      })),
    },
  };
}
