import { z } from './zod.js';
import { addTransformIssue, requiredString, strictBody, Uuid } from './common.js';
import {
  normalizeCompanySlug,
  normalizeConversationUrn,
  normalizeFsdProfileUrn,
  normalizePostUrn,
  normalizeProfileSlug,
} from './urns.js';
import { TaskError, TaskStatus } from './task-types.js';

/**
 * Request bodies of the ten `/network-agent/` operations. Messages follow the spec's error table to
 * the letter; the five operations whose shapes the spec leaves open use the same style.
 * Each schema's output is the normalised task input (without `task_type`).
 */

/** Caps of identifiers: as sent (a URL) and once normalised (a slug, a URN). */
export const MAX_IDENTIFIER_INPUT = 2000;
export const MAX_IDENTIFIER = 200;
/** Caps of free text other than comments (which the spec leaves to the network) and messages. */
export const MAX_SEARCH_TEXT = 500;
/** Spec, Limits: the network cuts a comment at about 1,250 characters (the service adds no limit to one sent as is). */
export const COMMENT_MAX_CHARS = 1250;
/** Spec: a connection request's note, after trimming. */
export const NOTE_MAX_CHARS = 300;
/** A direct message's text. */
export const MESSAGE_MAX_CHARS = 8000;

const memberEmailMessage =
  "Invalid 'member_email': must be the e-mail address of a member of the team";
/**
 * Whose browser runs a task: that member's e-mail (a member outside the team is a 404). Omitted,
 * the spec's routing: a task on one member's own inbox, invitations or network, a like, a comment
 * or an invitation runs as the team's oldest admin; a read of the network as any member.
 * The route takes it off the body: it is never part of the task input.
 */
export const MemberEmailField = z.optional(
  z.pipe(
    z
      .string({ error: memberEmailMessage })
      .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: memberEmailMessage })),
    z.email({ error: memberEmailMessage }),
  ),
);

/** A required string normalised by `normalize`; a value it cannot read fails with the field's message. */
export const normalized = (name: string, normalize: (v: string) => string | null) =>
  z.pipe(
    requiredString(name).check(
      z.maxLength(MAX_IDENTIFIER_INPUT, {
        error: `Invalid '${name}': must be ${MAX_IDENTIFIER_INPUT} characters or fewer`,
      }),
    ),
    z.transform((v: string, ctx) => {
      const value = normalize(v);
      if (!value || value.length > MAX_IDENTIFIER)
        addTransformIssue(ctx, `Missing or invalid '${name}'`);
      return value ?? v;
    }),
  );

export const FetchProfileBody = strictBody({
  profile_slug: normalized('profile_slug', normalizeProfileSlug),
  member_email: MemberEmailField,
});

const profileUrnsMessage = "Missing or invalid 'profile_urns' (must be a non-empty array)";
export const FetchProfilesPostsBody = strictBody({
  profile_urns: z
    .array(
      z.string({ error: profileUrnsMessage }).check(
        z.trim(),
        z.minLength(1, { error: profileUrnsMessage }),
        z.maxLength(MAX_IDENTIFIER_INPUT, {
          error: `Invalid 'profile_urns': each at most ${MAX_IDENTIFIER_INPUT} characters`,
        }),
      ),
      { error: profileUrnsMessage },
    )
    .check(
      z.minLength(1, { error: profileUrnsMessage }),
      z.maxLength(100, { error: "Invalid 'profile_urns': at most 100 profiles per task" }),
    ),
  count: z.optional(
    z
      .number({ error: "Invalid 'count': must be a number from 1 to 100" })
      .check(z.int(), z.gte(1), z.lte(100)),
  ),
  member_email: MemberEmailField,
});

const postUrn = (name: string) => normalized(name, normalizePostUrn);

export const fsdProfileUrn = (name: string) => normalized(name, normalizeFsdProfileUrn);

export const LikePostBody = strictBody({
  social_urn: postUrn('social_urn'),
  reaction_type: z.optional(
    z.enum(['LIKE', 'PRAISE', 'APPRECIATION', 'EMPATHY', 'INTEREST', 'ENTERTAINMENT'], {
      error:
        "Invalid 'reaction_type': must be one of LIKE, PRAISE, APPRECIATION, EMPATHY, INTEREST, ENTERTAINMENT",
    }),
  ),
  member_email: MemberEmailField,
});

export const CommentPostBody = strictBody({
  social_urn: postUrn('social_urn'),
  // Spec, Limits: the network truncates at about 1,250 characters; the service adds no limit.
  comment_text: requiredString('comment_text'),
  member_email: MemberEmailField,
});

/**
 * `force: true` queues an invitation or a first message to a person another member of the team
 * contacted within the team's contact window (docs/team-pool.md); it never passes the team's
 * do-not-contact list. The route takes it off the body: it is never part of the task input.
 */
export const ForceField = z.optional(
  z.boolean({ error: "Invalid 'force': must be true or false" }),
);

/** Spec: note at most 300 characters after trimming; omitted, empty or blank means no note. */
export const SendConnectionRequestBody = strictBody({
  profile_urn: fsdProfileUrn('profile_urn'),
  force: ForceField,
  note: z.pipe(
    z
      .pipe(
        z.optional(z.string({ error: "Invalid 'note': must be a string" })),
        z.transform((v: string | undefined) => (v === undefined ? undefined : v.trim())),
      )
      .check(
        z.refine((v) => v === undefined || v.length <= NOTE_MAX_CHARS, {
          error: `Invalid 'note': must be ${NOTE_MAX_CHARS} characters or fewer`,
        }),
      ),
    z.transform((v: string | undefined) => (v ? v : undefined)),
  ),
  member_email: MemberEmailField,
});

export const FetchCompanyBody = strictBody({
  company: normalized('company', normalizeCompanySlug),
  member_email: MemberEmailField,
});

export const FetchCompanyPostsBody = strictBody({
  company: FetchCompanyBody.shape.company,
  count: z._default(
    z
      .number({ error: "Invalid 'count': must be a number from 1 to 100" })
      .check(z.int(), z.gte(1), z.lte(100)),
    20,
  ),
  member_email: MemberEmailField,
});

export const NETWORK_DEGREES = ['first', 'second', 'third'] as const;
const searchText = (name: string) =>
  z.optional(
    z.string({ error: `Invalid '${name}': must be a string` }).check(
      z.maxLength(MAX_SEARCH_TEXT, {
        error: `Invalid '${name}': must be ${MAX_SEARCH_TEXT} characters or fewer`,
      }),
    ),
  );
export const SearchProfilesBody = strictBody({
  keywords: searchText('keywords'),
  title: searchText('title'),
  company: searchText('company'),
  location: searchText('location'),
  network_degree: z.optional(
    z
      .array(z.enum(NETWORK_DEGREES), {
        error: "Invalid 'network_degree': must be an array of 'first', 'second', 'third'",
      })
      .check(
        z.maxLength(NETWORK_DEGREES.length, {
          error: "Invalid 'network_degree': each of 'first', 'second', 'third' at most once",
        }),
      ),
  ),
  start: z._default(
    z
      .number({ error: "Invalid 'start': must be a whole number of 0 or more" })
      .check(z.int(), z.gte(0), z.lte(999)),
    0,
  ),
  count: z._default(
    z
      .number({ error: "Invalid 'count': must be a number from 1 to 49" })
      .check(z.int(), z.gte(1), z.lte(49)),
    10,
  ),
  member_email: MemberEmailField,
}).check(
  z.refine((b) => [b.keywords, b.title, b.company, b.location].some((v) => v?.trim()), {
    error:
      "Missing search filters: give at least one of 'keywords', 'title', 'company', 'location'",
  }),
);

/** An ISO 8601 time with its offset (`2026-11-25T09:00:00Z`), as the field's message says. */
export const isoTime = (name: string) =>
  z.iso.datetime({
    offset: true,
    error: `Invalid '${name}': must be an ISO 8601 time such as 2026-11-25T09:00:00Z`,
  });

/**
 * Up to 1,000: the network's own ceiling for a collection; the agent pages through it at its pace.
 * `since`: only the connections made after it (the list is newest first and stops there).
 */
export const FetchConnectionsBody = strictBody({
  member_email: MemberEmailField,
  start: z._default(
    z
      .number({ error: "Invalid 'start': must be a whole number of 0 or more" })
      .check(z.int(), z.gte(0), z.lte(999)),
    0,
  ),
  count: z._default(
    z
      .number({ error: "Invalid 'count': must be a number from 1 to 1000" })
      .check(z.int(), z.gte(1), z.lte(1000)),
    40,
  ),
  since: z.optional(isoTime('since')),
});

export const conversationUrn = (name: string) => normalized(name, normalizeConversationUrn);

export const MessageText = z.pipe(
  requiredString('message_text'),
  z.string().check(
    z.maxLength(MESSAGE_MAX_CHARS, {
      error: `Invalid 'message_text': must be ${MESSAGE_MAX_CHARS} characters or fewer`,
    }),
  ),
);

/** To a first-degree connection (`profile_urn`), or a reply in an existing thread (`conversation_urn`): one of the two. */
export const SendMessageBody = strictBody({
  member_email: MemberEmailField,
  profile_urn: z.optional(fsdProfileUrn('profile_urn')),
  conversation_urn: z.optional(conversationUrn('conversation_urn')),
  message_text: MessageText,
  force: ForceField,
}).check(
  z.refine((b) => (b.profile_urn === undefined) !== (b.conversation_urn === undefined), {
    error:
      "Give exactly one of 'profile_urn' (a new message to a connection) or 'conversation_urn' (a reply in that thread)",
  }),
);

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
    task_output: z.nullable(z.record(z.string(), z.unknown())),
    error: z.optional(z.nullable(TaskError)),
    created_at: z.optional(z.string()),
    updated_at: z.optional(z.string()),
    /**
     * A pending task that cannot run yet (a member's budget is spent, outside working hours, a
     * retry delay): when it may run, and why, in words (docs/budgets.md). Both null otherwise.
     */
    scheduled_for: z.optional(z.nullable(z.string())),
    waiting_reason: z.optional(z.nullable(z.string())),
  }),
});
export type TaskStatusResponse = z.infer<typeof TaskStatusResponse>;
