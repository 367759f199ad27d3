import { z } from 'zod';
import { optionalString, requiredString, strictBody, Uuid } from './common.js';
import { normalizeCompanySlug, normalizeFsdProfileUrn, normalizePostUrn, normalizeProfileSlug } from './urns.js';
import { TaskError, TaskStatus } from './task-types.js';

/**
 * Request bodies of the ten `/network-agent/` operations. Messages follow the spec's error table to
 * the letter; the five operations whose shapes the spec leaves open use the same style.
 * Each schema's output is the normalised task input (without `task_type`).
 */

export const FetchProfileBody = strictBody({
  profile_slug: requiredString('profile_slug').transform((v, ctx) => {
    const slug = normalizeProfileSlug(v);
    if (!slug) ctx.addIssue({ code: 'custom', message: "Missing or invalid 'profile_slug'" });
    return slug ?? v;
  }),
});

const profileUrnsMessage = "Missing or invalid 'profile_urns' (must be a non-empty array)";
export const FetchProfilesPostsBody = strictBody({
  profile_urns: z
    .array(z.string({ error: profileUrnsMessage }).trim().min(1, { error: profileUrnsMessage }), { error: profileUrnsMessage })
    .min(1, { error: profileUrnsMessage })
    .max(100, { error: "Invalid 'profile_urns': at most 100 profiles per task" }),
  count: z.number({ error: "Invalid 'count': must be a number from 1 to 100" }).int().min(1).max(100).optional(),
});

const postUrn = (name: string) =>
  requiredString(name).transform((v, ctx) => {
    const urn = normalizePostUrn(v);
    if (!urn) ctx.addIssue({ code: 'custom', message: `Missing or invalid '${name}'` });
    return urn ?? v;
  });

const fsdProfileUrn = (name: string) =>
  requiredString(name).transform((v, ctx) => {
    const urn = normalizeFsdProfileUrn(v);
    if (!urn) ctx.addIssue({ code: 'custom', message: `Missing or invalid '${name}'` });
    return urn ?? v;
  });

export const LikePostBody = strictBody({
  social_urn: postUrn('social_urn'),
  reaction_type: z
    .enum(['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'], {
      error: "Invalid 'reaction_type': must be one of LIKE, PRAISE, APPRECIATION, EMPATHY, INTEREST, ENTERTAINMENT",
    })
    .optional(),
});

export const CommentPostBody = strictBody({
  social_urn: postUrn('social_urn'),
  // Spec, Limits: the network truncates at about 1,250 characters; the service adds no limit.
  comment_text: requiredString('comment_text'),
});

/** Spec: note at most 300 characters after trimming; omitted, empty or blank means no note. */
export const SendConnectionRequestBody = strictBody({
  profile_urn: fsdProfileUrn('profile_urn'),
  note: z
    .string({ error: "Invalid 'note': must be a string" })
    .optional()
    .transform((v) => (v === undefined ? undefined : v.trim()))
    .refine((v) => v === undefined || v.length <= 300, { error: "Invalid 'note': must be 300 characters or fewer" })
    .transform((v) => (v ? v : undefined)),
});

export const FetchCompanyBody = strictBody({
  company: requiredString('company').transform((v, ctx) => {
    const slug = normalizeCompanySlug(v);
    if (!slug) ctx.addIssue({ code: 'custom', message: "Missing or invalid 'company'" });
    return slug ?? v;
  }),
});

export const FetchCompanyPostsBody = strictBody({
  company: FetchCompanyBody.shape.company,
  count: z.number({ error: "Invalid 'count': must be a number from 1 to 100" }).int().min(1).max(100).default(20),
});

export const NETWORK_DEGREES = ['first', 'second', 'third'] as const;
export const SearchProfilesBody = strictBody({
  keywords: optionalString('keywords'),
  title: optionalString('title'),
  company: optionalString('company'),
  location: optionalString('location'),
  network_degree: z
    .array(z.enum(NETWORK_DEGREES), { error: "Invalid 'network_degree': must be an array of 'first', 'second', 'third'" })
    .optional(),
  start: z.number({ error: "Invalid 'start': must be a whole number of 0 or more" }).int().min(0).max(999).default(0),
  count: z.number({ error: "Invalid 'count': must be a number from 1 to 49" }).int().min(1).max(49).default(10),
}).refine((b) => [b.keywords, b.title, b.company, b.location].some((v) => v && v.trim()), {
  error: "Missing search filters: give at least one of 'keywords', 'title', 'company', 'location'",
});

/** Up to 1,000: the network's own ceiling for a collection; the agent pages through it at its pace. */
export const FetchConnectionsBody = strictBody({
  start: z.number({ error: "Invalid 'start': must be a whole number of 0 or more" }).int().min(0).max(999).default(0),
  count: z.number({ error: "Invalid 'count': must be a number from 1 to 1000" }).int().min(1).max(1000).default(40),
});

export const SendMessageBody = strictBody({
  profile_urn: fsdProfileUrn('profile_urn'),
  message_text: requiredString('message_text').pipe(
    z.string().max(8000, { error: "Invalid 'message_text': must be 8000 characters or fewer" }),
  ),
});

/** Every task-creating POST answers this (spec: Direct network tasks). */
export const TaskCreatedResponse = z.object({
  success: z.boolean(),
  api_agent_task_id: Uuid,
  message: z.string(),
});
export type TaskCreatedResponse = z.infer<typeof TaskCreatedResponse>;

export const GetTaskStatusQuery = z.object({
  api_agent_task_id: z.uuid({ error: "Missing or invalid 'api_agent_task_id'" }),
});

export const TaskStatusResponse = z.object({
  success: z.boolean(),
  data: z.object({
    id: Uuid,
    status: TaskStatus,
    task_input: z.record(z.string(), z.unknown()),
    task_output: z.record(z.string(), z.unknown()).nullable(),
    error: TaskError.nullable().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  }),
});
export type TaskStatusResponse = z.infer<typeof TaskStatusResponse>;
