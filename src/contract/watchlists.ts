import { z } from './zod.js';
import { FETCH_FREQUENCIES, strictBody } from './common.js';
import { aiInstructions } from './drafts.js';

/**
 * Keyword, people and company watchlists (service-spec: "Keyword watchlists", "People watchlists",
 * "Company watchlists"). Error messages follow the spec's error table to the letter where it gives
 * one; the others are written in the same style. Cleaning that yields per-entry results (blank or
 * repeated keywords, bad profile identifiers) is done by the service, not here.
 */

// ---------- shared pieces ----------

const MAX_KEYWORD_LENGTH = 200;
const MAX_SUBKEYWORDS = 20;
const MAX_LABELS = 50;
const MAX_PROMPT_LENGTH = 4000;
const MAX_NAME_LENGTH = 200;
/** A hard bound on one request's identifiers; the plan's cap is usually far lower. */
const MAX_IDENTIFIERS_PER_REQUEST = 5000;

const keywordShapeMessage =
  "Invalid 'keywords': each keyword must be a string or an object with a string 'keyword' and optional string arrays 'required_keywords', 'excluded_keywords'";

const SubKeywords = z
  .array(z.string().check(z.maxLength(MAX_KEYWORD_LENGTH)), { error: keywordShapeMessage })
  .check(
    z.maxLength(MAX_SUBKEYWORDS, {
      error: `Invalid 'keywords': at most ${MAX_SUBKEYWORDS} required or excluded keywords per keyword`,
    }),
  );

/** Spec "Keyword object": a plain string is a primary keyword only. */
const KeywordObject = z.strictObject(
  {
    keyword: z.string({ error: keywordShapeMessage }),
    required_keywords: z.optional(SubKeywords),
    excluded_keywords: z.optional(SubKeywords),
  },
  { error: keywordShapeMessage },
);
export const KeywordInput = z
  .union([z.string(), KeywordObject], { error: keywordShapeMessage })
  .check(
    z.refine((k) => (typeof k === 'string' ? k : k.keyword).length <= MAX_KEYWORD_LENGTH, {
      error: `Invalid 'keywords': a keyword is at most ${MAX_KEYWORD_LENGTH} characters`,
    }),
  );
export type KeywordInput = z.infer<typeof KeywordInput>;

const labelMessage =
  "Invalid 'labels': each label must be an object with a non-empty string 'name' and an optional string 'description'";
export const Label = z.strictObject(
  {
    name: z
      .string({ error: labelMessage })
      .check(
        z.trim(),
        z.minLength(1, { error: labelMessage }),
        z.maxLength(100, { error: "Invalid 'labels': a label name is at most 100 characters" }),
      ),
    description: z._default(
      z.string({ error: labelMessage }).check(
        z.trim(),
        z.maxLength(500, {
          error: "Invalid 'labels': a label description is at most 500 characters",
        }),
      ),
      '',
    ),
  },
  { error: labelMessage },
);
export type Label = z.infer<typeof Label>;
const Labels = z
  .array(Label, { error: "Invalid 'labels': must be an array of labels" })
  .check(z.maxLength(MAX_LABELS, { error: `Invalid 'labels': at most ${MAX_LABELS} labels` }));

const FetchFrequency = (message: string) =>
  z.custom<(typeof FETCH_FREQUENCIES)[number]>(
    (v) => (FETCH_FREQUENCIES as readonly unknown[]).includes(v),
    { error: message },
  );

const OptionalName = z.optional(
  z.string({ error: "Invalid 'name': must be a string" }).check(
    z.trim(),
    z.maxLength(MAX_NAME_LENGTH, {
      error: `Invalid 'name': at most ${MAX_NAME_LENGTH} characters`,
    }),
  ),
);
const Description = z.optional(
  z
    .string({ error: "Invalid 'description': must be a string" })
    .check(
      z.trim(),
      z.maxLength(2000, { error: "Invalid 'description': at most 2000 characters" }),
    ),
);

// ---------- keyword watchlists: create ----------

const missingKeywords = 'Missing required parameter: keywords';

/** Direct mode. */
export const CreateKeywordWatchlistDirectBody = strictBody({
  keywords: z
    .array(KeywordInput, {
      error: (iss) =>
        iss.input === undefined || iss.input === null
          ? missingKeywords
          : "Invalid 'keywords': must be an array of strings or keyword objects",
    })
    .check(
      z.minLength(1, { error: missingKeywords }),
      z.maxLength(1000, { error: "Invalid 'keywords': at most 1000 keywords" }),
    ),
  name: OptionalName,
  description: Description,
  labels: z.optional(Labels),
  fetchFreqInHours: z._default(FetchFrequency('Invalid fetchFreqInHours value'), 12),
});
export type CreateKeywordWatchlistDirectBody = z.infer<typeof CreateKeywordWatchlistDirectBody>;

const promptMessage = "Missing or invalid 'prompt'";
const Prompt = z.string({ error: promptMessage }).check(
  z.trim(),
  z.minLength(1, { error: promptMessage }),
  z.maxLength(MAX_PROMPT_LENGTH, {
    error: `Invalid 'prompt': at most ${MAX_PROMPT_LENGTH} characters`,
  }),
);

/** Prompt mode: keywords and labels are generated in the background. */
export const CreateKeywordWatchlistPromptBody = strictBody({
  prompt: Prompt,
  name: OptionalName,
  description: Description,
  fetchFreqInHours: z._default(FetchFrequency('Invalid fetchFreqInHours value'), 12),
});
export type CreateKeywordWatchlistPromptBody = z.infer<typeof CreateKeywordWatchlistPromptBody>;

const has = (body: Record<string, unknown>, field: string) => Object.hasOwn(body, field);

/** Either shape, documented as one; `createKeywordWatchlistMode` says which one a body is read as. */
export const CreateKeywordWatchlistBody = z.union([
  CreateKeywordWatchlistDirectBody,
  CreateKeywordWatchlistPromptBody,
]);

/** The mode is read from the presence of `prompt`: its schema, or why the body is refused. */
export function createKeywordWatchlistMode(raw: Record<string, unknown>): z.core.$ZodType | string {
  if (has(raw, 'keywords') && has(raw, 'prompt'))
    return "Send either 'keywords' (direct mode) or 'prompt' (prompt mode), not both";
  return has(raw, 'prompt') ? CreateKeywordWatchlistPromptBody : CreateKeywordWatchlistDirectBody;
}
export type CreateKeywordWatchlistBody = z.infer<typeof CreateKeywordWatchlistBody>;

export const KeywordResult = z.object({
  success: z.boolean(),
  keyword: z.string(),
  keyword_id: z.optional(z.string()),
  error: z.optional(z.string()),
});
export type KeywordResult = z.infer<typeof KeywordResult>;

export const CreateKeywordWatchlistDirectResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('keyword'),
  keywords: z.array(z.string()),
  fetchFreqInHours: z.number(),
  labels: z.array(Label),
  created: z.boolean(),
  results: z.array(KeywordResult),
});
export type CreateKeywordWatchlistDirectResponse = z.infer<
  typeof CreateKeywordWatchlistDirectResponse
>;

export const CreateKeywordWatchlistPromptResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('keyword'),
  fetchFreqInHours: z.number(),
  prompt: z.string(),
  created: z.boolean(),
  message: z.string(),
});
export type CreateKeywordWatchlistPromptResponse = z.infer<
  typeof CreateKeywordWatchlistPromptResponse
>;

// ---------- collection, as every watchlist view shows it ----------

/** Cycles a watchlist view lists, newest first. */
export const RECENT_CYCLES = 5;

/**
 * One collection cycle: the tasks one planning of the watchlist queued together (scheduler tick, a
 * new people watchlist), and what they brought.
 */
export const CollectionCycle = z.object({
  started_at: z.string(),
  /** When its last task ended; null while one is still queued or running. */
  finished_at: z.nullable(z.string()),
  /** `running` while a task is open; `failed` when every task failed; else `done`. */
  state: z.enum(['running', 'done', 'failed']),
  tasks: z.number().check(z.int()),
  failed_tasks: z.number().check(z.int()),
  /** Posts the watchlist had not collected before. */
  new_posts: z.number().check(z.int()),
});
export type CollectionCycle = z.infer<typeof CollectionCycle>;

/** Fields every watchlist view adds to the spec's: when it was and will be collected, and how that went. */
const CollectionFields = {
  /** When its last cycle was planned; null before the first one. */
  last_collection_at: z.nullable(z.string()),
  /**
   * When one of its collection tasks last completed, what "last collected" means to a person;
   * null while nothing was collected (a planned cycle waits for a member's extension to run it).
   */
  last_collected_at: z.nullable(z.string()),
  /**
   * A member's extension was seen within 48 hours (docs/agent-protocol.md, "Liveness"). Without
   * one, cycles are planned but nothing runs them.
   */
  extension_active: z.boolean(),
  /**
   * When the next cycle is due; a time already past means it is due and is planned at the
   * scheduler's next tick (a keyword watchlist: once it has keywords). Null while paused (`disable`).
   */
  next_collection_at: z.nullable(z.string()),
  recent_cycles: z.array(CollectionCycle),
};

// ---------- keyword watchlists: read ----------

/** `?id=` names one watchlist; other query parameters are ignored. */
export const WatchlistQuery = z.object({
  id: z.optional(
    z.string().check(z.maxLength(200, { error: "Invalid 'id': must be 200 characters or fewer" })),
  ),
});

export const KeywordView = z.object({
  id: z.string(),
  keyword: z.string(),
  required_keywords: z.array(z.string()),
  excluded_keywords: z.array(z.string()),
});
export type KeywordView = z.infer<typeof KeywordView>;

const draftEmailMessage =
  "Invalid 'draft_comments.member_email': the member the comments are drafted for";
const scoreMessage = "Invalid 'draft_comments.min_trending_score': must be a number from 0 to 1000";
const perDayMessage = "Invalid 'draft_comments.max_per_day': must be a whole number from 1 to 50";

/**
 * Comment drafts on the watchlist's new posts (docs/ai.md, "Drafting where the work is"): after a
 * collection files posts, the team's model drafts a comment as `member_email` on those with at
 * least `min_trending_score`, at most `max_per_day` a UTC day, each awaiting approval.
 */
export const DraftComments = z.strictObject(
  {
    member_email: z.pipe(
      z
        .string({ error: draftEmailMessage })
        .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: draftEmailMessage })),
      z.email({ error: draftEmailMessage }),
    ),
    instructions: z.optional(aiInstructions('draft_comments.instructions')),
    min_trending_score: z._default(
      z
        .number({ error: scoreMessage })
        .check(z.gte(0, { error: scoreMessage }), z.lte(1000, { error: scoreMessage })),
      0,
    ),
    max_per_day: z._default(
      z
        .number({ error: perDayMessage })
        .check(
          z.int({ error: perDayMessage }),
          z.gte(1, { error: perDayMessage }),
          z.lte(50, { error: perDayMessage }),
        ),
      5,
    ),
  },
  {
    error:
      "Invalid 'draft_comments': {member_email, instructions?, min_trending_score?, max_per_day?} or null",
  },
);
export type DraftComments = z.infer<typeof DraftComments>;

export const KeywordWatchlistView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('keyword'),
  description: z.nullable(z.string()),
  keywords: z.array(KeywordView),
  labels: z.array(Label),
  fetchFreqInHours: z.number(),
  disable: z.boolean(),
  slack_webhook_url: z.nullable(z.string()),
  /** Comment drafts on new posts (docs/ai.md); null: off. */
  draft_comments: z.nullable(DraftComments),
  /** Prompt mode: the prompt and the state of the background generation (null in direct mode). */
  prompt: z.nullable(z.string()),
  prompt_status: z.nullable(z.enum(['pending', 'ready', 'failed'])),
  prompt_error: z.nullable(z.string()),
  posts_count: z.number(),
  ...CollectionFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KeywordWatchlistView = z.infer<typeof KeywordWatchlistView>;

export const KeywordWatchlistList = z.object({
  watchlists: z.array(KeywordWatchlistView),
  count: z.number(),
});

// ---------- keyword watchlists: update ----------

const missingId = 'Missing required parameter: id';
const keywordsRequired = 'keywords array is required and must not be empty';
const freqUpdateMessage =
  'Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)';

const UPDATABLE_FIELDS = [
  'name',
  'fetchFreqInHours',
  'keywords',
  'labels',
  'disable',
  'slack_webhook_url',
  'draft_comments',
] as const;

const WatchlistId = z
  .string({ error: missingId })
  .check(
    z.trim(),
    z.minLength(1, { error: missingId }),
    z.maxLength(200, { error: "Invalid 'id': must be 200 characters or fewer" }),
  );

/** Patch mode: only the fields sent are changed. */
export const UpdateKeywordWatchlistPatchBody = strictBody({
  id: WatchlistId,
  name: z.optional(
    z.string({ error: 'Name cannot be empty' }).check(
      z.trim(),
      z.minLength(1, { error: 'Name cannot be empty' }),
      z.maxLength(MAX_NAME_LENGTH, {
        error: `Invalid 'name': at most ${MAX_NAME_LENGTH} characters`,
      }),
    ),
  ),
  fetchFreqInHours: z.optional(FetchFrequency(freqUpdateMessage)),
  keywords: z.optional(
    z
      .array(KeywordInput, { error: keywordsRequired })
      .check(
        z.minLength(1, { error: keywordsRequired }),
        z.maxLength(1000, { error: "Invalid 'keywords': at most 1000 keywords" }),
      ),
  ),
  labels: z.optional(Labels),
  disable: z.optional(z.boolean({ error: 'disable must be a boolean value' })),
  slack_webhook_url: z.optional(
    z.nullable(
      z.string({ error: "Invalid 'slack_webhook_url': must be an http(s) URL or null" }).check(
        z.trim(),
        z.maxLength(2000, { error: "Invalid 'slack_webhook_url': at most 2000 characters" }),
        z.refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), {
          error: "Invalid 'slack_webhook_url': must be an http(s) URL or null",
        }),
      ),
    ),
  ),
  /** Comment drafts on new posts; null turns them off. */
  draft_comments: z.optional(z.nullable(DraftComments)),
});
export type UpdateKeywordWatchlistPatchBody = z.infer<typeof UpdateKeywordWatchlistPatchBody>;

/** Prompt mode: keywords and labels are wiped and regenerated in the background. */
export const UpdateKeywordWatchlistPromptBody = strictBody({ id: WatchlistId, prompt: Prompt });
export type UpdateKeywordWatchlistPromptBody = z.infer<typeof UpdateKeywordWatchlistPromptBody>;

/** Either mode, documented as one; `updateKeywordWatchlistMode` says which one a body is read as. */
export const UpdateKeywordWatchlistBody = z.union([
  UpdateKeywordWatchlistPatchBody,
  UpdateKeywordWatchlistPromptBody,
]);

/** The mode is read from the presence of `prompt`, after the spec's checks in its order: id, then fields. */
export function updateKeywordWatchlistMode(raw: Record<string, unknown>): z.core.$ZodType | string {
  if (
    raw.id === undefined ||
    raw.id === null ||
    (typeof raw.id === 'string' && raw.id.trim() === '')
  )
    return missingId;
  const patchFields = UPDATABLE_FIELDS.filter((f) => has(raw, f));
  if (has(raw, 'prompt')) {
    if (patchFields.length === 0) return UpdateKeywordWatchlistPromptBody;
    return `Send either 'prompt' (prompt mode) or fields to change, not both (got ${patchFields.map((f) => `'${f}'`).join(', ')})`;
  }
  return patchFields.length === 0
    ? 'No valid update fields provided'
    : UpdateKeywordWatchlistPatchBody;
}
export type UpdateKeywordWatchlistBody = z.infer<typeof UpdateKeywordWatchlistBody>;

/** Spec rule 5: each part is present only when the matching field was sent (every kind's update answers so). */
const UpdatedWatchlist = z.object({
  success: z.boolean(),
  id: z.string(),
  message: z.string(),
  name: z.optional(z.string()),
  fetchFreqInHours: z.optional(z.number()),
  disable: z.optional(z.boolean()),
});

export const UpdateKeywordWatchlistResponse = z.extend(UpdatedWatchlist, {
  slack_webhook_url: z.optional(z.nullable(z.string())),
  draft_comments: z.optional(z.nullable(DraftComments)),
  keywords: z.optional(z.array(z.string())),
  results: z.optional(z.array(KeywordResult)),
  labels: z.optional(z.array(Label)),
  prompt: z.optional(z.string()),
});
export type UpdateKeywordWatchlistResponse = z.infer<typeof UpdateKeywordWatchlistResponse>;

// ---------- people and company watchlists ----------

const listIdMessage = "Invalid 'list_id': must be a string";
const ListId = z.optional(
  z
    .string({ error: listIdMessage })
    .check(
      z.trim(),
      z.minLength(1, { error: listIdMessage }),
      z.maxLength(200, { error: listIdMessage }),
    ),
);

/**
 * The people or companies a watchlist follows, named by `noun` (its field): checked and normalised
 * by the service, which names every bad entry in one answer.
 */
const watchedIdentifiers = (noun: 'profiles' | 'companies') =>
  z.optional(
    z
      .array(z.unknown(), { error: `Missing or invalid '${noun}' (must be a non-empty array)` })
      .check(
        z.maxLength(MAX_IDENTIFIERS_PER_REQUEST, {
          error: `Invalid '${noun}': at most ${MAX_IDENTIFIERS_PER_REQUEST} per request`,
        }),
      ),
  );

export const CreatePeopleWatchlistBody = strictBody({
  profiles: watchedIdentifiers('profiles'),
  name: OptionalName,
  description: Description,
  list_id: ListId,
});
export type CreatePeopleWatchlistBody = z.infer<typeof CreatePeopleWatchlistBody>;

export const CreateCompanyWatchlistBody = strictBody({
  companies: watchedIdentifiers('companies'),
  name: OptionalName,
  description: Description,
  list_id: ListId,
});
export type CreateCompanyWatchlistBody = z.infer<typeof CreateCompanyWatchlistBody>;

export const CreatePeopleWatchlistResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('people'),
  profiles_count: z.number(),
  list_id: z.string(),
  created: z.boolean(),
});
export const CreateCompanyWatchlistResponse = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('company'),
  companies_count: z.number(),
  list_id: z.string(),
  created: z.boolean(),
});

/**
 * A people or company watchlist in the list form (GET without `id`): the spec's
 * `{id, name, slug, type, createdAt}`, plus what the dashboard shows of each without asking for it
 * one by one (frequency, paused, counts, collection).
 */
const SummaryCommon = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  createdAt: z.string(),
  fetchFreqInHours: z.number(),
  disable: z.boolean(),
  posts_count: z.number(),
  ...CollectionFields,
};
export const PeopleWatchlistSummary = z.object({
  ...SummaryCommon,
  type: z.literal('people'),
  profiles_count: z.number(),
});
export const CompanyWatchlistSummary = z.object({
  ...SummaryCommon,
  type: z.literal('company'),
  companies_count: z.number(),
});
export type PeopleWatchlistSummary = z.infer<typeof PeopleWatchlistSummary>;
export type CompanyWatchlistSummary = z.infer<typeof CompanyWatchlistSummary>;
export const PeopleWatchlistList = z.object({
  watchlists: z.array(PeopleWatchlistSummary),
  count: z.number(),
});
export const CompanyWatchlistList = z.object({
  watchlists: z.array(CompanyWatchlistSummary),
  count: z.number(),
});

export const ListView = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['people', 'company']),
  members_count: z.number(),
  createdAt: z.string(),
});

const ListWatchlistCommon = {
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.nullable(z.string()),
  fetchFreqInHours: z.number(),
  disable: z.boolean(),
  lists: z.array(ListView),
  posts_count: z.number(),
  ...CollectionFields,
  createdAt: z.string(),
};
export const PeopleWatchlistView = z.object({
  ...ListWatchlistCommon,
  type: z.literal('people'),
  profiles_count: z.number(),
  /** Normalised identifiers: profile id (`ACoAA…`), member id, or public profile slug. */
  profiles: z.array(z.string()),
});
export const CompanyWatchlistView = z.object({
  ...ListWatchlistCommon,
  type: z.literal('company'),
  companies_count: z.number(),
  /** Company slugs. */
  companies: z.array(z.string()),
});

// ---------- people and company watchlists: update ----------

const LIST_UPDATABLE_FIELDS = ['name', 'fetchFreqInHours', 'disable'] as const;

/** Patch a people or company watchlist: name, frequency, pause (`disable: true`) and resume. */
export const UpdateListWatchlistBody = strictBody({
  id: WatchlistId,
  name: UpdateKeywordWatchlistPatchBody.shape.name,
  fetchFreqInHours: UpdateKeywordWatchlistPatchBody.shape.fetchFreqInHours,
  disable: UpdateKeywordWatchlistPatchBody.shape.disable,
});
export type UpdateListWatchlistBody = z.infer<typeof UpdateListWatchlistBody>;

/** The keyword update's checks in its order: id, then at least one field to change. */
export function updateListWatchlistMode(raw: Record<string, unknown>): z.core.$ZodType | string {
  if (
    raw.id === undefined ||
    raw.id === null ||
    (typeof raw.id === 'string' && raw.id.trim() === '')
  )
    return missingId;
  return LIST_UPDATABLE_FIELDS.some((f) => has(raw, f))
    ? UpdateListWatchlistBody
    : 'No valid update fields provided';
}

/** As the keyword update answers: each part present only when its field was sent. */
export const UpdateListWatchlistResponse = UpdatedWatchlist;
export type UpdateListWatchlistResponse = z.infer<typeof UpdateListWatchlistResponse>;

// ---------- every type: delete ----------

/** `DELETE /api-…-watchlist?id=`: the watchlist to delete. */
export const DeleteWatchlistQuery = z.object({ id: WatchlistId });

export const DeleteWatchlistResponse = z.object({
  success: z.literal(true),
  id: z.string(),
  message: z.string(),
});
export type DeleteWatchlistResponse = z.infer<typeof DeleteWatchlistResponse>;
