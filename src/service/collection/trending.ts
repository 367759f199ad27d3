/**
 * Trending score of a post inside one watchlist.
 *
 *   engagement = likes + 2 * comments + 3 * shares                       (posts.engagement, 006_collection.sql)
 *   rate       = engagement / max(hours since posted, 1)                 (engagement per hour)
 *   norm       = max(median rate of the watchlist's last 200 posts, 0.1)  (by posted_at, this post included)
 *   score      = rate / norm                                              trending when score >= 2
 *
 * The median (not the mean) keeps one viral post from raising the bar for the rest; the floor of
 * 0.1 engagement per hour keeps a quiet watchlist (median 0) from calling every like "trending".
 * The score is computed when the post is filed or seen again, so it reflects that moment.
 */
export const TRENDING_THRESHOLD = 2;
export const TRENDING_WINDOW_POSTS = 200;
const TRENDING_NORM_FLOOR = 0.1;

export function engagementRate(engagement: number, postedAt: Date, now: Date): number {
  const hours = (now.getTime() - postedAt.getTime()) / 3_600_000;
  return engagement / Math.max(hours, 1);
}

export function trendingScore(rate: number, norm: number): number {
  return Math.round((rate / Math.max(norm, TRENDING_NORM_FLOOR)) * 1000) / 1000;
}
