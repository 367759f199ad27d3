import { z } from 'zod';
import { FETCH_FREQUENCIES, strictBody } from './common.js';

/**
 * Keyword, people and company watchlists (service-spec: "Keyword watchlists", "People watchlists",
 * "Company watchlists"). Error messages follow the spec's error table to the letter where it gives
 * one; the others are written in the same style. Cleaning that yields per-entry results (blank or
 * repeated keywords, bad profile identifiers) is done by the service, not here.
 */

// ---------- shared pieces ----------

export const MAX_KEYWORD_LENGTH = 200;
export const MAX_SUBKEYWORDS = 20;
export const MAX_LABELS = 50;
export const MAX_PROMPT_LENGTH = 4000;
export const MAX_NAME_LENGTH = 200;
/** A hard bound on one request's identifiers; the plan's cap is usually far lower. */
export const MAX_IDENTIFIERS_PER_REQUEST = 5000;

const keywordShapeMessage =
  "Invalid 'keywords': each keyword must be a string or an object with a string 'keyword' and optional string arrays 'required_keywords', 'excluded_keywords'";

const SubKeywords = z
  .array(z.string().max(MAX_KEYWORD_LENGTH), { error: keywordShapeMessage })
  .max(MAX_SUBKEYWORDS, { error: `Invalid 'keywords': at most ${MAX_SUBKEYWORDS} required or excluded keywords per keyword` });

/** Spec "Keyword object": a plain string is a primary keyword only. */
export const KeywordObject = z.strictObject(
  {
    keyword: z.string({ error: keywordShapeMessage }),
    required_keywords: SubKeywords.optional(),
    excluded_keywords: SubKeywords.optional(),
  },
  { error: keywordShapeMessage },
);
export const KeywordInput = z.union([z.string(), KeywordObject], { error: keywordShapeMessage }).refine(
  (k) => (typeof k === 'string' ? k : k.keyword).length <= MAX_KEYWORD_LENGTH,
  { error: `Invalid 'keywords': a keyword is at most ${MAX_KEYWORD_LENGTH} characters` },
);
export type KeywordInput = z.infer<typeof KeywordInput>;

const labelMessage = "Invalid 'labels': each label must be an object with a non-empty string 'name' and an optional string 'description'";
export const Label = z.strictObject(
  {
    name: z.string({ error: labelMessage }).trim().min(1, { error: labelMessage }).max(100, { error: "Invalid 'labels': a label name is at most 100 characters" }),
    description: z.string({ error: labelMessage }).trim().max(500, { error: "Invalid 'labels': a label description is at most 500 characters" }).default(''),
  },
  { error: labelMessage },
);
export type Label = z.infer<typeof Label>;
const Labels = z.array(Label, { error: "Invalid 'labels': must be an array of labels" }).max(MAX_LABELS, {
  error: `Invalid 'labels': at most ${MAX_LABELS} labels`,
});

const FetchFrequency = (message: string) =>
  z.custom<(typeof FETCH_FREQUENCIES)[number]>((v) => (FETCH_FREQUENCIES as readonly unknown[]).includes(v), { error: message });

const OptionalName = z
  .string({ error: "Invalid 'name': must be a string" })
  .trim()
  .max(MAX_NAME_LENGTH, { error: `Invalid 'name': at most ${MAX_NAME_LENGTH} characters` })
  .optional();
const Description = z
  .string({ error: "Invalid 'description': must be a string" })
  .trim()
  .max(2000, { error: "Invalid 'description': at most 2000 characters" })
  .optional();

// ---------- keyword watchlists: create ----------

const missingKeywords = 'Missing required parameter: keywords';

/** Direct mode. */
export const CreateKeywordWatchlistDirectBody = strictBody({
  keywords: z
    .array(KeywordInput, { error: (iss) => (iss.input === undefined || iss.input === null ? missingKeywords : "Invalid 'keywords': must be an array of strings or keyword objects") })
    .min(1, { error: missingKeywords })
    .max(1000, { error: "Invalid 'keywords': at most 1000 keywords" }),
  name: OptionalName,
  description: Description,
  labels: Labels.optional(),
  fetchFreqInHours: FetchFrequency('Invalid fetchFreqInHours value').default(12),
});
export type CreateKeywordWatchlistDirectBody = z.infer<typeof CreateKeywordWatchlistDirectBody>;

const promptMessage = "Missing or invalid 'prompt'";
const Prompt = z
  .string({ error: promptMessage })
  .trim()
  .min(1, { error: promptMessage })
  .max(MAX_PROMPT_LENGTH, { error: `Invalid 'prompt': at most ${MAX_PROMPT_LENGTH} characters` });

/** Prompt mode: keywords and labels are generated in the background. */
export const CreateKeywordWatchlistPromptBody = strictBody({
  prompt: Prompt,
  name: OptionalName,
  description: Description,
  fetchFreqInHours: FetchFrequency('Invalid fetchFreqInHours value').default(12),
});
export type CreateKeywordWatchlistPromptBody = z.infer<typeof CreateKeywordWatchlistPromptBody>;

/** Documentation of both shapes; the route picks one by the presence of `prompt`. */
export const CreateKeywordWatchlistBody = z.union([CreateKeywordWatchlistDirectBody, CreateKeywordWatchlistPromptBody]);

export const KeywordResult = z.object({
  success: z.boolean(),
  keyword: z.string(),
  keyword_id: z.string().optional(),
  error: z.string().optional(),
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
export type CreateKeywordWatchlistDirectResponse = z.infer<typeof CreateKeywordWatchlistDirectResponse>;

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
export type CreateKeywordWatchlistPromptResponse = z.infer<typeof CreateKeywordWatchlistPromptResponse>;

// ---------- keyword watchlists: read ----------

/** `?id=` names one watchlist; other query parameters are ignored. */
export const WatchlistQuery = z.object({ id: z.string().optional() });

export const KeywordView = z.object({
  id: z.string(),
  keyword: z.string(),
  required_keywords: z.array(z.string()),
  excluded_keywords: z.array(z.string()),
});
export type KeywordView = z.infer<typeof KeywordView>;

export const KeywordWatchlistView = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.literal('keyword'),
  description: z.string().nullable(),
  keywords: z.array(KeywordView),
  labels: z.array(Label),
  fetchFreqInHours: z.number(),
  disable: z.boolean(),
  slack_webhook_url: z.string().nullable(),
  /** Prompt mode: the prompt and the state of the background generation (null in direct mode). */
  prompt: z.string().nullable(),
  prompt_status: z.enum(['pending', 'ready', 'failed']).nullable(),
  prompt_error: z.string().nullable(),
  posts_count: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KeywordWatchlistView = z.infer<typeof KeywordWatchlistView>;

export const KeywordWatchlistList = z.object({ watchlists: z.array(KeywordWatchlistView), count: z.number() });

// ---------- keyword watchlists: update ----------

const missingId = 'Missing required parameter: id';
const keywordsRequired = 'keywords array is required and must not be empty';
const freqUpdateMessage = 'Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)';

export const UPDATABLE_FIELDS = ['name', 'fetchFreqInHours', 'keywords', 'labels', 'disable', 'slack_webhook_url'] as const;

const WatchlistId = z.string({ error: missingId }).trim().min(1, { error: missingId });

/** Patch mode: only the fields sent are changed. */
export const UpdateKeywordWatchlistPatchBody = strictBody({
  id: WatchlistId,
  name: z
    .string({ error: 'Name cannot be empty' })
    .trim()
    .min(1, { error: 'Name cannot be empty' })
    .max(MAX_NAME_LENGTH, { error: `Invalid 'name': at most ${MAX_NAME_LENGTH} characters` })
    .optional(),
  fetchFreqInHours: FetchFrequency(freqUpdateMessage).optional(),
  keywords: z
    .array(KeywordInput, { error: keywordsRequired })
    .min(1, { error: keywordsRequired })
    .max(1000, { error: "Invalid 'keywords': at most 1000 keywords" })
    .optional(),
  labels: Labels.optional(),
  disable: z.boolean({ error: 'disable must be a boolean value' }).optional(),
  slack_webhook_url: z
    .string({ error: "Invalid 'slack_webhook_url': must be an http(s) URL or null" })
    .trim()
    .max(2000, { error: "Invalid 'slack_webhook_url': at most 2000 characters" })
    .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { error: "Invalid 'slack_webhook_url': must be an http(s) URL or null" })
    .nullable()
    .optional(),
});
export type UpdateKeywordWatchlistPatchBody = z.infer<typeof UpdateKeywordWatchlistPatchBody>;

/** Prompt mode: keywords and labels are wiped and regenerated in the background. */
export const UpdateKeywordWatchlistPromptBody = strictBody({ id: WatchlistId, prompt: Prompt });
export type UpdateKeywordWatchlistPromptBody = z.infer<typeof UpdateKeywordWatchlistPromptBody>;

export const UpdateKeywordWatchlistBody = z.union([UpdateKeywordWatchlistPatchBody, UpdateKeywordWatchlistPromptBody]);

/** Spec rule 5: each part is present only when the matching field was sent. */
export const UpdateKeywordWatchlistResponse = z.object({
  success: z.boolean(),
  id: z.string(),
  message: z.string(),
  name: z.string().optional(),
  fetchFreqInHours: z.number().optional(),
  disable: z.boolean().optional(),
  slack_webhook_url: z.string().nullable().optional(),
  keywords: z.array(z.string()).optional(),
  results: z.array(KeywordResult).optional(),
  labels: z.array(Label).optional(),
  prompt: z.string().optional(),
});
export type UpdateKeywordWatchlistResponse = z.infer<typeof UpdateKeywordWatchlistResponse>;

// ---------- people and company watchlists ----------

const listIdMessage = "Invalid 'list_id': must be a string";

export const CreatePeopleWatchlistBody = strictBody({
  // Checked and normalised by the service, which names every bad entry in one answer.
  profiles: z
    .array(z.unknown(), { error: "Missing or invalid 'profiles' (must be a non-empty array)" })
    .max(MAX_IDENTIFIERS_PER_REQUEST, { error: `Invalid 'profiles': at most ${MAX_IDENTIFIERS_PER_REQUEST} per request` })
    .optional(),
  name: OptionalName,
  description: Description,
  list_id: z.string({ error: listIdMessage }).trim().min(1, { error: listIdMessage }).optional(),
});
export type CreatePeopleWatchlistBody = z.infer<typeof CreatePeopleWatchlistBody>;

export const CreateCompanyWatchlistBody = strictBody({
  companies: z
    .array(z.unknown(), { error: "Missing or invalid 'companies' (must be a non-empty array)" })
    .max(MAX_IDENTIFIERS_PER_REQUEST, { error: `Invalid 'companies': at most ${MAX_IDENTIFIERS_PER_REQUEST} per request` })
    .optional(),
  name: OptionalName,
  description: Description,
  list_id: z.string({ error: listIdMessage }).trim().min(1, { error: listIdMessage }).optional(),
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

export const WatchlistSummary = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  type: z.enum(['keyword', 'people', 'company']),
  createdAt: z.string(),
});
export const WatchlistSummaryList = z.object({ watchlists: z.array(WatchlistSummary), count: z.number() });

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
  description: z.string().nullable(),
  fetchFreqInHours: z.number(),
  disable: z.boolean(),
  lists: z.array(ListView),
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
