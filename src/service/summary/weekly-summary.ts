import type { Database } from '../db/database.js';
import { PostsQuery } from '../../contract/posts.js';
import {
  SUMMARY_TOP_POSTS,
  type SequenceWeek,
  type WatchlistWeek,
  type WeeklySummary,
} from '../../contract/weekly-summary.js';
import { listPosts } from '../collection/list-posts.js';
import { watchlistStats } from '../stats/watchlist-stats.js';
import { sequenceStats } from '../stats/sequence-stats.js';
import { rate } from '../stats/range.js';

/** The zone of a summary's week: teams keep no time zone of their own. */
const SUMMARY_TZ = 'UTC';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last whole week before `now`: Monday..Sunday (UTC dates), and the Monday before it. */
export function lastWholeWeek(now: Date): { from: string; to: string; previous: string } {
  const today = Date.parse(`${day(now.getTime())}T00:00:00Z`);
  const thisMonday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY_MS;
  return {
    from: day(thisMonday - 7 * DAY_MS),
    to: day(thisMonday - DAY_MS),
    previous: day(thisMonday - 14 * DAY_MS),
  };
}

type TopPost = WatchlistWeek['top_posts'][number];

/**
 * The posts with each count the network never gave as null: the listing shows such a count as its
 * stored 0 (with `counts_known` false), which the summary must not pass on as zero.
 */
async function withUnknownCounts(
  db: Database,
  teamId: string,
  posts: TopPost[],
): Promise<TopPost[]> {
  if (posts.length === 0) return posts;
  const rows = await db.query<{
    id: string;
    likes_known: boolean;
    comments_known: boolean;
    shares_known: boolean;
  }>(
    'SELECT id, likes_known, comments_known, shares_known FROM posts WHERE team_id = $1 AND id = ANY($2::uuid[])',
    [teamId, posts.map((p) => p.id)],
  );
  const known = new Map(rows.map((r) => [r.id, r]));
  return posts.map((p) => {
    const k = known.get(p.id);
    return {
      ...p,
      likes_count: k?.likes_known === false ? null : p.likes_count,
      comments_count: k?.comments_known === false ? null : p.comments_count,
      shares_count: k?.shares_known === false ? null : p.shares_count,
    };
  });
}

/**
 * What a team's summary of one week says, from the stats aggregates (stats/) and the posts
 * listing (collection/list-posts.ts): each watchlist's posts and engagement this week and the week
 * before with its top posts, and each sequence's funnel in the week.
 */
export async function buildWeeklySummary(
  db: Database,
  team: { id: string; name: string },
  week: { from: string; to: string; previous: string },
): Promise<WeeklySummary> {
  const watchlists = await db.query<{ id: string; name: string; type: string }>(
    'SELECT id, name, type FROM watchlists WHERE team_id = $1 ORDER BY created_at, id',
    [team.id],
  );
  const sequences = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM sequences WHERE team_id = $1 ORDER BY created_at, id',
    [team.id],
  );
  const twoWeeks = { from: week.previous, to: week.to, bucket: 'week' as const, tz: SUMMARY_TZ };
  const oneWeek = { from: week.from, to: week.to, bucket: 'week' as const, tz: SUMMARY_TZ };

  const watchlistWeeks: WatchlistWeek[] = [];
  for (const w of watchlists) {
    const stats = await watchlistStats(db, team.id, w.id, twoWeeks);
    const before = stats.buckets.find((b) => b.start === week.previous);
    const now = stats.buckets.find((b) => b.start === week.from);
    const posts = now?.posts ?? 0;
    const previous = before?.posts ?? 0;
    const top = await listPosts(
      db,
      team.id,
      PostsQuery.parse({
        watchlist_id: w.id,
        start_date: week.from,
        end_date: week.to,
        sort_by: 'engagement',
        range_from: '0',
        range_to: String(SUMMARY_TOP_POSTS - 1),
      }),
    );
    watchlistWeeks.push({
      id: w.id,
      name: w.name,
      type: w.type,
      posts,
      previous_posts: previous,
      posts_change: posts - previous,
      posts_change_rate: rate(posts - previous, previous),
      engagement: now?.engagement ?? 0,
      previous_engagement: before?.engagement ?? 0,
      unknown_counts: now?.unknown_counts ?? 0,
      previous_unknown_counts: before?.unknown_counts ?? 0,
      top_posts: await withUnknownCounts(
        db,
        team.id,
        top.data.map((p) => ({
          id: p.id,
          content: p.content,
          author_name: p.author_name,
          author_url: p.author_url,
          linkedin_post_url: p.linkedin_post_url,
          posted_at: p.posted_at,
          likes_count: p.likes_count,
          comments_count: p.comments_count,
          shares_count: p.shares_count,
        })),
      ),
    });
  }

  const sequenceWeeks: SequenceWeek[] = [];
  for (const s of sequences) {
    const { totals } = await sequenceStats(db, team.id, s.id, oneWeek);
    const { senders: _senders, ...funnel } = totals;
    sequenceWeeks.push({ id: s.id, name: s.name, ...funnel });
  }

  return {
    team,
    week: { from: week.from, to: week.to, tz: SUMMARY_TZ },
    watchlists: watchlistWeeks,
    sequences: sequenceWeeks,
  };
}
