import { z } from './zod.js';
import { FormatParam } from './outreach.js';
import { requiredString, strictBody } from './common.js';

/**
 * Collected posts (`GET /api-posts`) and engagement on them (`POST /api-like`, `POST /api-comment`).
 * The spec leaves the seniority values open; this is our fixed, documented set. A post's author is
 * put in the first level whose words appear in their headline (see service/collection/seniority.ts).
 */
export const SENIORITY_LEVELS = [
  'owner',
  'cxo',
  'vp',
  'director',
  'manager',
  'senior',
  'entry',
  'intern',
  'unknown',
] as const;
export const SeniorityLevel = z.enum(SENIORITY_LEVELS);
export type SeniorityLevel = z.infer<typeof SeniorityLevel>;

const POST_SORTS = ['recent', 'popular_first', 'engagement'] as const;

/** Spec: default page size 20. A range may ask for at most this many posts at once. */
export const POSTS_PAGE_SIZE = 20;
export const POSTS_MAX_RANGE = 100;
/** Deep pages are OFFSET scans; past this a client should narrow by date instead. */
const POSTS_MAX_OFFSET = 100_000;

const wholeNumber = (name: string, min: number, max: number) => {
  const message = `Invalid '${name}': must be a whole number from ${min} to ${max}`;
  return z.optional(
    z.pipe(
      z.pipe(z.string().check(z.regex(/^\d{1,9}$/, { error: message })), z.transform(Number)),
      z.number().check(z.int(), z.gte(min, { error: message }), z.lte(max, { error: message })),
    ),
  );
};

/** A calendar day, 0001-01-01 to 9999-12-31 (there is no year 0000: the database refuses it). */
const isoDay = (name: string) =>
  z.optional(
    z.string().check(
      z.regex(/^\d{4}-\d{2}-\d{2}$/, { error: `Invalid '${name}': must be a date YYYY-MM-DD` }),
      z.refine(
        (v) =>
          v >= '0001-01-01' &&
          !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
          new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        {
          error: `Invalid '${name}': must be a date YYYY-MM-DD`,
        },
      ),
    ),
  );

const seniorityMessage = `Invalid 'seniority_level': allowed values are ${SENIORITY_LEVELS.join(', ')}`;

export const PostsQuery = z
  .strictObject(
    {
      watchlist_id: z.optional(
        z
          .string()
          .check(
            z.trim(),
            z.minLength(1, { error: "Invalid 'watchlist_id': must not be empty" }),
            z.maxLength(200, { error: "Invalid 'watchlist_id': must be 200 characters or fewer" }),
          ),
      ),
      page: wholeNumber('page', 1, POSTS_MAX_OFFSET / POSTS_PAGE_SIZE),
      range_from: wholeNumber('range_from', 0, POSTS_MAX_OFFSET),
      range_to: wholeNumber('range_to', 0, POSTS_MAX_OFFSET + POSTS_MAX_RANGE),
      start_date: isoDay('start_date'),
      end_date: isoDay('end_date'),
      seniority_level: z.optional(
        z.pipe(
          z.pipe(
            z.string().check(z.maxLength(500, { error: seniorityMessage })),
            z.transform((v: string) =>
              v
                .split(',')
                .map((s) => s.trim().toLowerCase())
                .filter(Boolean),
            ),
          ),
          z
            .array(z.enum(SENIORITY_LEVELS, { error: seniorityMessage }))
            .check(z.minLength(1, { error: seniorityMessage })),
        ),
      ),
      sort_by: z.optional(
        z.enum(POST_SORTS, {
          error: `Invalid 'sort_by': allowed values are ${POST_SORTS.join(', ')}`,
        }),
      ),
      trending: z.optional(
        z.pipe(
          z.enum(['true', 'false'], { error: "Invalid 'trending': must be true or false" }),
          z.transform((v: 'true' | 'false') => v === 'true'),
        ),
      ),
      format: FormatParam,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `Unknown query parameter: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
          : undefined,
    },
  )
  .check(
    z.superRefine((q, ctx) => {
      const hasRange = q.range_from !== undefined || q.range_to !== undefined;
      if (hasRange && q.page !== undefined) {
        ctx.addIssue({
          code: 'custom',
          message: "Use either 'page' or 'range_from'/'range_to', not both",
        });
      }
      if (q.range_from !== undefined && q.range_to !== undefined) {
        if (q.range_to < q.range_from)
          ctx.addIssue({
            code: 'custom',
            message: "Invalid range: 'range_to' must not be less than 'range_from'",
          });
        else if (q.range_to - q.range_from + 1 > POSTS_MAX_RANGE) {
          ctx.addIssue({
            code: 'custom',
            message: `Invalid range: at most ${POSTS_MAX_RANGE} posts per request`,
          });
        }
      }
      if (q.start_date && q.end_date && q.start_date > q.end_date) {
        ctx.addIssue({
          code: 'custom',
          message: "Invalid dates: 'start_date' must not be after 'end_date'",
        });
      }
    }),
  );
export type PostsQuery = z.infer<typeof PostsQuery>;

/**
 * A post as `/api-posts` returns it: the spec's fields, plus seniority_level, trending_score and
 * counts_known.
 */
export const CollectedPost = z.object({
  id: z.string(),
  content: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  linkedin_post_url: z.string(),
  posted_at: z.string(),
  likes_count: z.number().check(z.int()),
  comments_count: z.number().check(z.int()),
  liked: z.boolean(),
  commented: z.boolean(),
  shares_count: z.number().check(z.int()),
  seniority_level: SeniorityLevel,
  /** Engagement per hour against the watchlist's norm; trending when >= 2 (see collection/trending.ts). */
  trending_score: z.number(),
  /**
   * Whether the network gave all three counts at some read. false: at least one was never given,
   * and shows 0 (unknown, not zero); such a post is not scored as trending.
   */
  counts_known: z.boolean(),
});
export type CollectedPost = z.infer<typeof CollectedPost>;

export const PostsResponse = z.object({
  data: z.array(CollectedPost),
  count: z.number().check(z.int()),
});
export type PostsResponse = z.infer<typeof PostsResponse>;

const ActorType = z._default(
  z.enum(['user', 'company'], { error: "Invalid 'actor_type': must be 'user' or 'company'" }),
  'user',
);
const companyTitleMessage =
  "Missing or invalid 'company_title' (required when actor_type is 'company')";

/** actor_type company acts as a company page, named by company_title: then it is required. */
function withActor<
  T extends z.ZodMiniType<{ actor_type: 'user' | 'company'; company_title?: string }>,
>(schema: T) {
  return schema.check(
    z.superRefine((b: { actor_type: 'user' | 'company'; company_title?: string }, ctx) => {
      if (b.actor_type === 'company' && !b.company_title)
        ctx.addIssue({ code: 'custom', message: companyTitleMessage });
    }),
  );
}

const engagementFields = {
  post_id: requiredString('post_id').check(
    z.maxLength(200, { error: "Missing or invalid 'post_id'" }),
  ),
  user_email: z.pipe(
    requiredString('user_email').check(
      z.maxLength(254, { error: "Missing or invalid 'user_email'" }),
    ),
    z.transform((v: string) => v.toLowerCase()),
  ),
  actor_type: ActorType,
  company_title: z.optional(
    z
      .string({ error: companyTitleMessage })
      .check(
        z.trim(),
        z.minLength(1, { error: companyTitleMessage }),
        z.maxLength(200, { error: "Invalid 'company_title': must be 200 characters or fewer" }),
      ),
  ),
};

export const LikeBody = withActor(strictBody(engagementFields));
export type LikeBody = z.infer<typeof LikeBody>;

export const CommentBody = withActor(
  strictBody({
    ...engagementFields,
    // Spec, Limits: the network truncates at about 1,250 characters; the service adds no limit.
    comment_text: requiredString('comment_text'),
  }),
);
export type CommentBody = z.infer<typeof CommentBody>;

/** Spec: `/api-like` answers `{success, message, task_id}`; `/api-comment` answers the same shape. */
export const EngagementResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  task_id: z.string(),
});
export type EngagementResponse = z.infer<typeof EngagementResponse>;
