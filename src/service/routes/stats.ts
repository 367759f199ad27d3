import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { validate } from '../http/route-input.js';
import { describe } from '../http/describe.js';
import {
  MemberStats,
  MemberStatsQuery,
  SequenceStats,
  StatsQuery,
  StatsSequenceParam,
  StatsWatchlistParam,
  STATS_DEFAULT_DAYS,
  STATS_MAX_DAYS,
  WatchlistStats,
} from '../../contract/stats.js';
import { resolveRange } from '../stats/range.js';
import { watchlistStats, TOP_AUTHORS } from '../stats/watchlist-stats.js';
import { sequenceStats } from '../stats/sequence-stats.js';
import { memberStats } from '../stats/member-stats.js';

const RANGE_NOTE =
  '`from` and `to` (YYYY-MM-DD, inclusive, whole days in `tz`; default the last ' +
  `${STATS_DEFAULT_DAYS} days up to today, at most ${STATS_MAX_DAYS} days); \`bucket\`: \`day\` (default) or ` +
  '`week` (weeks start on Monday, so the first may begin before `from`; only days in the range count); ' +
  '`tz`: an IANA time zone (default `UTC`). Every bucket of the range is listed, empty ones with zeros.';
const UNAUTHORIZED = { 401: '`Missing API Key` or `Invalid API Key`' };
const RANGE_EXAMPLE = { from: '2026-01-01', to: '2026-01-31', bucket: 'day', tz: 'Europe/Paris' };
const ID = { id: '3f0c8a9e-5b1d-4c2e-9a7f-1e2d3c4b5a69' };

/** Aggregates for the dashboard's charts and the weekly summary (docs/api.md, "Stats"). */
export const statsRoutes = new Hono<AppEnv>()
  .get(
    '/api-stats/watchlists/:id',
    describe({
      summary: 'A watchlist’s posts, engagement and trending share over time, and its top authors',
      description:
        `Posts by the day or week they were posted. ${RANGE_NOTE} Engagement is likes + 2*comments + 3*shares. ` +
        `\`trending_share\` is trending / posts (null without posts). \`top_authors\`: the ${TOP_AUTHORS} authors ` +
        'with most engagement in the range.',
      tag: 'Stats',
      security: 'apiKey',
      responses: { 200: { description: 'The buckets and the totals', schema: WatchlistStats } },
      errors: {
        400: "A bad parameter, named (`Invalid 'tz': …`)",
        ...UNAUTHORIZED,
        404: '`Watchlist not found or access denied`',
      },
    }),
    requireApiKey(),
    validate('param', StatsWatchlistParam, { example: ID }),
    validate('query', StatsQuery, { example: RANGE_EXAMPLE }),
    async (c) =>
      c.json(
        await watchlistStats(
          c.var.ctx.db,
          c.var.team.id,
          c.req.valid('param').id,
          resolveRange(c.req.valid('query')),
        ),
      ),
  )
  .get(
    '/api-stats/sequences/:id',
    describe({
      summary: 'A sequence’s funnel over time, per sender, with its rates',
      description:
        `Each person’s steps counted in the day or week they happened: enrolled, invited, accepted, messaged, replied. ${RANGE_NOTE} ` +
        '`acceptance_rate` is accepted / invited and `reply_rate` replied / messaged, of the same bucket (null when nothing to divide by).',
      tag: 'Stats',
      security: 'apiKey',
      responses: { 200: { description: 'The buckets and the totals', schema: SequenceStats } },
      errors: {
        400: 'A bad parameter, named, or `Invalid sequence id`',
        ...UNAUTHORIZED,
        404: '`Sequence not found`',
      },
    }),
    requireApiKey(),
    validate('param', StatsSequenceParam, { example: ID }),
    validate('query', StatsQuery, { example: RANGE_EXAMPLE }),
    async (c) =>
      c.json(
        await sequenceStats(
          c.var.ctx.db,
          c.var.team.id,
          c.req.valid('param').id,
          resolveRange(c.req.valid('query')),
        ),
      ),
  )
  .get(
    '/api-stats/members',
    describe({
      summary: 'A member’s actions per kind and invitations over time, and the use of each budget',
      description:
        `The actions (tasks run for the team) per kind, by the day or week they ended. ${RANGE_NOTE} ` +
        '`budgets`: per task type, the limits in force and the account’s uses in the rolling day, 7 and 30 days ' +
        '(a running task counts, as for the budgets), and when the oldest use of the day and the week leaves its window. ' +
        '`invitations` (each bucket, and the range in `totals`): `sent` in it through the service for this team, ' +
        '`accepted`: how many of those have been accepted since, `acceptance_rate` accepted / sent (null when none ' +
        'were sent; the health factor’s definition), and `pending`: invitations of any age still waiting at its end ' +
        '(the range’s end when that comes first).',
      tag: 'Stats',
      security: 'apiKey',
      responses: { 200: { description: 'The buckets and the totals', schema: MemberStats } },
      errors: {
        400: "A bad parameter, named (`Missing or invalid 'email'`)",
        ...UNAUTHORIZED,
        404: '`No member with that e-mail in the team`',
      },
    }),
    requireApiKey(),
    validate('query', MemberStatsQuery, {
      example: { email: 'ada@example.com', ...RANGE_EXAMPLE },
    }),
    async (c) => {
      const q = c.req.valid('query');
      return c.json(await memberStats(c.var.ctx.db, c.var.team.id, q.email, resolveRange(q)));
    },
  );
