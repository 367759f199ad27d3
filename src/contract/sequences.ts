import { z } from './zod.js';
import { strictBody } from './common.js';
import { MemberEmailField } from './network-tasks.js';
import { MemberRef } from './relationships.js';
import { NextCursor, PageAfter, pageLimit } from './paging.js';
import { ENROLLMENTS_PAGE, SEQUENCES_PAGE } from './page-sizes.js';
import { aiInstructions } from './drafts.js';
import { OnReply } from './reply-labels.js';

/** Sequences (docs/sequences.md): steps run for each enrolled person, stopped by a reply. */

const delayMessage = "Invalid 'delay_hours': must be a whole number from 0 to 720";
const delay_hours = z._default(
  z
    .number({ error: delayMessage })
    .check(
      z.int({ error: delayMessage }),
      z.gte(0, { error: delayMessage }),
      z.lte(720, { error: delayMessage }),
    ),
  0,
);
const maxDaysMessage = "Invalid 'max_days': must be a whole number from 1 to 60";

/** A step refuses fields it does not know, naming them (a typo is not silently ignored). */
const step = <T extends z.core.$ZodLooseShape>(type: string, shape: T) =>
  z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''} in a '${type}' step: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
        : undefined,
  });

const VisitStep = step('visit', { type: z.literal('visit') });
const ConnectionRequestStep = step('connection_request', {
  type: z.literal('connection_request'),
  note: z.optional(
    z
      .string({ error: "Invalid 'note': must be a string" })
      .check(z.maxLength(300, { error: "Invalid 'note': must be 300 characters or fewer" })),
  ),
});
const WaitForAcceptanceStep = step('wait_for_acceptance', {
  type: z.literal('wait_for_acceptance'),
  max_days: z._default(
    z
      .number({ error: maxDaysMessage })
      .check(
        z.int({ error: maxDaysMessage }),
        z.gte(1, { error: maxDaysMessage }),
        z.lte(60, { error: maxDaysMessage }),
      ),
    15,
  ),
  withdraw_if_not_accepted: z._default(
    z.boolean({ error: "Invalid 'withdraw_if_not_accepted': must be true or false" }),
    false,
  ),
});
const draftMessage = 'Invalid \'draft\': must be {"instructions": "..."}';
/** A message step sends `text`, or a `draft` the team's model writes per person (docs/ai.md). */
const MessageStep = step('message', {
  type: z.literal('message'),
  text: z.optional(
    z
      .string({ error: "Missing or invalid 'text'" })
      .check(
        z.trim(),
        z.minLength(1, { error: "Missing or invalid 'text'" }),
        z.maxLength(8000, { error: "Invalid 'text': must be 8000 characters or fewer" }),
      ),
  ),
  /** Drafted for each person when their step comes, held for a person's approval before it goes. */
  draft: z.optional(
    z.strictObject({ instructions: aiInstructions('draft.instructions') }, { error: draftMessage }),
  ),
  delay_hours,
}).check(
  z.refine((s) => (s.text === undefined) !== (s.draft === undefined), {
    error: "A 'message' step needs 'text' or 'draft' (one of them)",
  }),
);
const LikeLatestPostStep = step('like_latest_post', {
  type: z.literal('like_latest_post'),
  delay_hours,
});

const STEP_TYPES = [
  'visit',
  'connection_request',
  'wait_for_acceptance',
  'message',
  'like_latest_post',
] as const;
export const SequenceStep = z.discriminatedUnion(
  'type',
  [VisitStep, ConnectionRequestStep, WaitForAcceptanceStep, MessageStep, LikeLatestPostStep],
  {
    error: `Invalid step: 'type' must be one of ${STEP_TYPES.join(', ')}`,
  },
);
export type SequenceStep = z.infer<typeof SequenceStep>;

const stepsMessage = "Missing or invalid 'steps' (a list of 1 to 20 steps)";
const nameMessage = "Missing or invalid 'name' (1 to 200 characters)";
const Name = z
  .string({ error: nameMessage })
  .check(
    z.trim(),
    z.minLength(1, { error: nameMessage }),
    z.maxLength(200, { error: nameMessage }),
  );

const sendersMessage =
  "Invalid 'senders': a list of 1 to 50 members' e-mails, or \"all\" (every member whose extension is active and who agreed to the steps' kinds)";
const SenderEmail = z.pipe(
  z
    .string({ error: sendersMessage })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: sendersMessage })),
  z.email({ error: sendersMessage }),
);
/** A pool of senders: members by e-mail, or every member fit to run the steps. */
const SendersField = z.optional(
  z.union(
    [
      z.literal('all', { error: sendersMessage }),
      z
        .array(SenderEmail, { error: sendersMessage })
        .check(
          z.minLength(1, { error: sendersMessage }),
          z.maxLength(50, { error: sendersMessage }),
        ),
    ],
    { error: sendersMessage },
  ),
);
export type Senders = 'all' | string[];

const replyWindowMessage = "Invalid 'reply_window_days': must be a whole number from 0 to 90";

export const CreateSequenceBody = strictBody({
  name: Name,
  /** Whose account runs every step: a member of the team; default the oldest admin. */
  sender_email: MemberEmailField,
  /** Instead of one sender: each person gets one member of this pool for the whole sequence. */
  senders: SendersField,
  steps: z
    .array(SequenceStep, { error: stepsMessage })
    .check(z.minLength(1, { error: stepsMessage }), z.maxLength(20, { error: stepsMessage })),
  stop_on_reply: z._default(
    z.boolean({ error: "Invalid 'stop_on_reply': must be true or false" }),
    true,
  ),
  /** A reply this many days after the last step still makes the person `replied`. */
  reply_window_days: z._default(
    z
      .number({ error: replyWindowMessage })
      .check(
        z.int({ error: replyWindowMessage }),
        z.gte(0, { error: replyWindowMessage }),
        z.lte(90, { error: replyWindowMessage }),
      ),
    30,
  ),
  /** What a reply sorted with each label does (docs/sequences.md, "Replies sorted"); none: stop_on_reply. */
  on_reply: z.optional(OnReply),
});
export type CreateSequenceBody = z.infer<typeof CreateSequenceBody>;

export const PatchSequenceBody = strictBody({
  name: z.optional(Name),
  /** paused: no step of anyone runs (a task already queued still may); active: resume. */
  status: z.optional(
    z.enum(['active', 'paused'], { error: "Invalid 'status': must be 'active' or 'paused'" }),
  ),
  /** A new pool: people not yet invited whose sender left it move to one in it. */
  senders: SendersField,
  /** New rules per label for replies sorted from now on; null: back to stop_on_reply alone. */
  on_reply: z.optional(z.nullable(OnReply)),
});
export type PatchSequenceBody = z.infer<typeof PatchSequenceBody>;

const profilesMessage =
  "Missing or invalid 'profiles' (a list of 1 to 1000 profile URLs, slugs or URNs)";
export const EnrollBody = strictBody({
  profiles: z
    .array(
      z.string({ error: profilesMessage }).check(z.maxLength(2000, { error: profilesMessage })),
      { error: profilesMessage },
    )
    .check(
      z.minLength(1, { error: profilesMessage }),
      z.maxLength(1000, { error: profilesMessage }),
    ),
});

const ENROLLMENT_STATES = [
  'active',
  'waiting_acceptance',
  'replied',
  'not_accepted',
  'finished',
  'failed',
  'stopped',
] as const;
export const EnrollmentState = z.enum(ENROLLMENT_STATES);
export type EnrollmentState = z.infer<typeof EnrollmentState>;

const queryOptions = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown query parameter: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
      : undefined,
};

export const SequencesQuery = z.strictObject(
  { after: PageAfter, limit: pageLimit(SEQUENCES_PAGE.fallback, SEQUENCES_PAGE.max) },
  queryOptions,
);

export const EnrollmentsQuery = z.strictObject(
  {
    state: z.optional(
      z.enum(ENROLLMENT_STATES, {
        error: `Invalid 'state': must be one of ${ENROLLMENT_STATES.join(', ')}`,
      }),
    ),
    /** csv: every person (of the state) as a streamed CSV download instead of JSON; no pages. */
    format: z.optional(z.enum(['json', 'csv'], { error: "Invalid 'format': must be json or csv" })),
    after: PageAfter,
    limit: pageLimit(ENROLLMENTS_PAGE.fallback, ENROLLMENTS_PAGE.max),
  },
  queryOptions,
);

export const SequenceIdParam = z.object({ id: z.uuid({ error: 'Invalid sequence id' }) });
export const EnrollmentIdParam = z.object({
  id: z.uuid({ error: 'Invalid sequence id' }),
  enrollment_id: z.uuid({ error: 'Invalid enrollment id' }),
});

export const Funnel = z.object({
  enrolled: z.number(),
  invited: z.number(),
  accepted: z.number(),
  messaged: z.number(),
  replied: z.number(),
  /** Shares of people: of those invited, accepted; of those accepted, messaged; of those messaged, replied. Null with nothing to divide. */
  acceptance_rate: z.nullable(z.number()),
  message_rate: z.nullable(z.number()),
  reply_rate: z.nullable(z.number()),
});
export type Funnel = z.infer<typeof Funnel>;

/** One sender's part of a sequence: their people and the funnel of those. */
const SenderFunnel = z.object({
  sender: MemberRef,
  funnel: Funnel,
});

export const SequenceView = z.object({
  id: z.string(),
  name: z.string(),
  /** The default sender (the only one without a pool). */
  sender: MemberRef,
  /** The pool: the members' e-mails, or "all"; one sender: just theirs. */
  senders: z.union([z.literal('all'), z.array(z.string())]),
  reply_window_days: z.number(),
  steps: z.array(SequenceStep),
  stop_on_reply: z.boolean(),
  on_reply: z.nullable(OnReply),
  status: z.enum(['active', 'paused']),
  created_at: z.string(),
  funnel: Funnel,
  /** The funnel of each sender's people, for every member who has any. */
  funnel_by_sender: z.array(SenderFunnel),
  /** People by the label of their latest sorted reply (docs/ai.md, "Replies sorted"). */
  replies_by_label: z.record(z.string(), z.number()),
});
export type SequenceView = z.infer<typeof SequenceView>;

export const SequencesResponse = z.object({
  sequences: z.array(SequenceView),
  /** Pass as `after` for the next page; null on the last. */
  next: NextCursor,
});
export type SequencesResponse = z.infer<typeof SequencesResponse>;

export const EnrollResponse = z.object({
  enrolled: z.number(),
  skipped: z.array(z.object({ profile: z.string(), reason: z.string() })),
  /** A CSV import only: each line that could not be read, by its line number in the file. */
  errors: z.optional(z.array(z.object({ line: z.number(), reason: z.string() }))),
});
export type EnrollResponse = z.infer<typeof EnrollResponse>;

export const EnrollmentView = z.object({
  id: z.string(),
  profile: z.object({
    input: z.string(),
    profile_urn: z.nullable(z.string()),
    name: z.nullable(z.string()),
  }),
  state: EnrollmentState,
  /** The member whose account runs this person's steps, and why that member. */
  sender_email: z.nullable(z.string()),
  sender_reason: z.nullable(z.string()),
  /** The extra columns of a CSV import ({custom.<column>} in templates). */
  custom: z.record(z.string(), z.string()),
  current_step: z.nullable(z.object({ index: z.number(), type: z.enum(STEP_TYPES) })),
  next_run_at: z.nullable(z.string()),
  waiting_reason: z.nullable(z.string()),
  /** failed: why, in words. */
  error: z.nullable(z.string()),
  enrolled_at: z.string(),
  history: z.array(
    z.object({
      task_id: z.string(),
      step: z.number(),
      task_type: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
export type EnrollmentView = z.infer<typeof EnrollmentView>;

export const EnrollmentsResponse = z.object({
  enrollments: z.array(EnrollmentView),
  /** Pass as `after` for the next page; null on the last. */
  next: NextCursor,
});
export type EnrollmentsResponse = z.infer<typeof EnrollmentsResponse>;
