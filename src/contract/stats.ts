import { z } from './zod.js';
import { Email } from './members.js';
import { TaskType } from './task-types.js';

/**
 * Aggregates for charts (`GET /api-stats/…`): figures per day or week over a range of calendar
 * days in a time zone. A week starts on Monday, so its first bucket may begin before `from`; only
 * what happened from `from` to `to` (whole days in `tz`) is counted.
 */
const STATS_BUCKETS = ['day', 'week'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];

/** The longest range asked at once: two years of days. */
export const STATS_MAX_DAYS = 731;
/** Without `from`, the range is this many days up to `to` (or today). */
export const STATS_DEFAULT_DAYS = 30;

const dayMessage = (name: string) => `Invalid '${name}': must be a date YYYY-MM-DD`;
const isoDay = (name: string) =>
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: dayMessage(name) }),
      z.refine(
        (v) =>
          v >= '1970-01-01' &&
          v <= '9999-12-31' &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        { error: dayMessage(name) },
      ),
    ),
  );

const TZ_MESSAGE = "Invalid 'tz': must be an IANA time zone such as Europe/Paris";
/** A zone name both the browser's and the database's tz data know by its name (no offsets). */
function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(value) || value.length > 64)
    return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const rangeShape = {
  from: isoDay('from'),
  to: isoDay('to'),
  bucket: z._default(
    z.enum(STATS_BUCKETS, { error: "Invalid 'bucket': must be 'day' or 'week'" }),
    'day',
  ),
  tz: z._default(z.string().check(z.refine(isTimeZone, { error: TZ_MESSAGE })), 'UTC'),
};

const unknownField = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `Unknown parameter${(issue.keys?.length ?? 0) > 1 ? 's' : ''}: ${(issue.keys ?? []).map((k) => `'${k}'`).join(', ')}`
    : undefined;

type Range = { from?: string; to?: string };
const rangeOrder = z.refine<Range>((q) => !q.from || !q.to || q.from <= q.to, {
  error: "Invalid 'to': must not be before 'from'",
  path: ['to'],
});
const rangeLength = z.refine<Range>(
  (q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS,
  { error: `Invalid 'from': the range may span at most ${STATS_MAX_DAYS} days`, path: ['from'] },
);

export const StatsQuery = z
  .strictObject(rangeShape, { error: unknownField })
  .check(rangeOrder, rangeLength);
export type StatsQuery = z.output<typeof StatsQuery>;

export const MemberStatsQuery = z
  .strictObject({ email: Email, ...rangeShape }, { error: unknownField })
  .check(rangeOrder, rangeLength);
export type MemberStatsQuery = z.output<typeof MemberStatsQuery>;

/** What every answer says of its range, with the defaults filled in. */
const RangeEcho = {
  from: z.string(),
  to: z.string(),
  bucket: z.enum(STATS_BUCKETS),
  tz: z.string(),
};

/** A share or a rate, 0 to 1; null when there was nothing to divide by. */
const Rate = z.nullable(z.number());

const WatchlistFigures = z.object({
  posts: z.number(),
  /** likes + 2·comments + 3·shares of the posts, each count added only where the network gave it. */
  engagement: z.number(),
  trending: z.number(),
  trending_share: Rate,
  /** Of `posts`, how many lack a count the network never gave: `engagement` leaves it out, not 0. */
  unknown_counts: z.number(),
});
const TopAuthor = z.object({
  author_name: z.string(),
  author_url: z.string(),
  posts: z.number(),
  engagement: z.number(),
});
export const WatchlistStats = z.object({
  watchlist_id: z.string(),
  ...RangeEcho,
  buckets: z.array(z.extend(WatchlistFigures, { start: z.string() })),
  totals: z.extend(WatchlistFigures, { top_authors: z.array(TopAuthor) }),
});
export type WatchlistStats = z.infer<typeof WatchlistStats>;

export const FunnelFigures = z.object({
  enrolled: z.number(),
  invited: z.number(),
  accepted: z.number(),
  messaged: z.number(),
  replied: z.number(),
  /** accepted / invited */
  acceptance_rate: Rate,
  /** replied / messaged */
  reply_rate: Rate,
});
export type FunnelFigures = z.infer<typeof FunnelFigures>;
export const SenderFunnel = z.extend(FunnelFigures, {
  user_id: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type SenderFunnel = z.infer<typeof SenderFunnel>;
export const SequenceStats = z.object({
  sequence_id: z.string(),
  ...RangeEcho,
  buckets: z.array(z.extend(FunnelFigures, { start: z.string(), senders: z.array(SenderFunnel) })),
  totals: z.extend(FunnelFigures, { senders: z.array(SenderFunnel) }),
});
export type SequenceStats = z.infer<typeof SequenceStats>;

/** Actions of each kind (task type) that ran; kinds with none are left out. */
const Actions = z.record(z.string(), z.number());
export const BudgetUse = z.object({
  task_type: TaskType,
  per_day: z.nullable(z.number()),
  per_week: z.nullable(z.number()),
  used_last_day: z.number(),
  used_last_7_days: z.number(),
  used_last_30_days: z.number(),
  /** When the oldest use in the rolling day leaves it (a slot comes back); null: no use in it. */
  day_frees_at: z.nullable(z.string()),
  /** The same for the rolling week. */
  week_frees_at: z.nullable(z.string()),
});
export type BudgetUse = z.infer<typeof BudgetUse>;
const Count = z.number().check(z.int());
/**
 * A member's invitations over a bucket or the range: `sent` in it, `accepted`: how many of those
 * have been accepted (whenever), `acceptance_rate` accepted / sent (null when none were sent; the
 * health factor's definition), and `pending`: how many of any age still waited at its end.
 */
const InvitationFigures = z.object({
  sent: Count,
  accepted: Count,
  acceptance_rate: Rate,
  pending: Count,
});
export const MemberStats = z.object({
  email: z.string(),
  ...RangeEcho,
  buckets: z.array(
    z.object({
      start: z.string(),
      total: z.number(),
      actions: Actions,
      invitations: InvitationFigures,
    }),
  ),
  totals: z.object({
    total: z.number(),
    actions: Actions,
    budgets: z.array(BudgetUse),
    invitations: InvitationFigures,
  }),
});
export type MemberStats = z.infer<typeof MemberStats>;

export const StatsWatchlistParam = z.object({ id: z.uuid({ error: 'Invalid watchlist id' }) });
export const StatsSequenceParam = z.object({ id: z.uuid({ error: 'Invalid sequence id' }) });
