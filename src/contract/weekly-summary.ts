import { z } from './zod.js';
import { strictBody } from './common.js';
import { Email } from './members.js';
import { FunnelFigures } from './stats.js';

/**
 * The weekly summary (docs/api.md, "Weekly summary"): the `data` of a `summary.weekly` webhook
 * event, and what its mail says. Weeks run Monday 00:00 to Monday 00:00 UTC.
 */

/** How many posts each watchlist's part names. */
export const SUMMARY_TOP_POSTS = 3;

const Count = z.number().check(z.int());
/** A post's count; null when the network never gave it (unknown, not zero). */
const PostCount = z.nullable(Count);

const TopPost = z.object({
  id: z.string(),
  content: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  linkedin_post_url: z.string(),
  posted_at: z.string(),
  likes_count: PostCount,
  comments_count: PostCount,
  shares_count: PostCount,
});

const WatchlistWeek = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  posts: Count,
  previous_posts: Count,
  /** posts - previous_posts */
  posts_change: Count,
  /** (posts - previous_posts) / previous_posts; null when the week before had none. */
  posts_change_rate: z.nullable(z.number()),
  /** As GET /api-stats/watchlists/{id} counts it: only the counts the network gave. */
  engagement: Count,
  previous_engagement: Count,
  /** Posts of the week (and of the week before) lacking a count the network never gave. */
  unknown_counts: Count,
  previous_unknown_counts: Count,
  /** The week's posts with most engagement (likes + 2*comments + 3*shares), most first. */
  top_posts: z.array(TopPost),
});
export type WatchlistWeek = z.infer<typeof WatchlistWeek>;

const SequenceWeek = z.extend(FunnelFigures, { id: z.string(), name: z.string() });
export type SequenceWeek = z.infer<typeof SequenceWeek>;

export const WeeklySummary = z.object({
  team: z.object({ id: z.string(), name: z.string() }),
  /** The week summarized: Monday to Sunday, inclusive, as dates in `tz`. */
  week: z.object({ from: z.string(), to: z.string(), tz: z.string() }),
  watchlists: z.array(WatchlistWeek),
  sequences: z.array(SequenceWeek),
});
export type WeeklySummary = z.infer<typeof WeeklySummary>;

/** PUT /api-team-members/weekly-summary-mail: a member's own choice (or an admin's for anyone). */
export const SetSummaryMailBody = strictBody({
  email: Email,
  weekly_summary_mail: z.boolean({ error: "Invalid 'weekly_summary_mail': must be true or false" }),
});
export type SetSummaryMailBody = z.infer<typeof SetSummaryMailBody>;
