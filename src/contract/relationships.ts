import { z } from './zod.js';
import { FormatParam } from './outreach.js';
import { ConversationMessage, ConversationParticipant } from './task-outputs.js';
import { Classification, ClassificationFields, ReplyLabelName } from './reply-labels.js';

/**
 * Relationship tracking (docs/relationships.md): the invitations sent through the service
 * with their state, and each member's inbox, as `GET /api-invitations`, `GET /api-inbox` and
 * `GET /api-inbox/{conversation_urn}` show them: paged, newest first.
 */

const INVITATION_STATES = ['pending', 'accepted', 'withdrawn', 'expired'] as const;
export const InvitationState = z.enum(INVITATION_STATES);
export type InvitationState = z.infer<typeof InvitationState>;

const queryNumber = (name: string, min: number, max: number) => {
  const message = `Invalid '${name}': must be a whole number from ${min} to ${max}`;
  return z.pipe(
    z.string().check(z.regex(/^\d{1,6}$/, { error: message })),
    z.pipe(
      z.transform(Number),
      z.number().check(z.gte(min, { error: message }), z.lte(max, { error: message })),
    ),
  );
};

const memberEmailMessage = "Invalid 'member_email': must be an e-mail address";
const queryOptions = {
  error: (issue: z.core.$ZodRawIssue) =>
    issue.code === 'unrecognized_keys'
      ? `Unknown query parameter: ${issue.keys.map((k) => `'${k}'`).join(', ')}`
      : undefined,
};
const Paging = {
  member_email: z.optional(
    z.pipe(
      z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: memberEmailMessage })),
      z.email({ error: memberEmailMessage }),
    ),
  ),
  page: z._default(queryNumber('page', 1, 10_000), 1),
  limit: z._default(queryNumber('limit', 1, 100), 20),
};

export const InvitationsQuery = z.strictObject(
  {
    status: z.optional(
      z.enum(INVITATION_STATES, {
        error: `Invalid 'status': must be one of ${INVITATION_STATES.join(', ')}`,
      }),
    ),
    ...Paging,
    format: FormatParam,
  },
  queryOptions,
);
export type InvitationsQuery = z.infer<typeof InvitationsQuery>;

export const InboxQuery = z.strictObject(
  {
    unread: z.optional(
      z.pipe(
        z.enum(['true', 'false'], { error: "Invalid 'unread': must be true or false" }),
        z.transform((v: 'true' | 'false') => v === 'true'),
      ),
    ),
    /** Conversations whose newest message from the other person was sorted with this label. */
    classification: z.optional(ReplyLabelName),
    ...Paging,
  },
  queryOptions,
);
export type InboxQuery = z.infer<typeof InboxQuery>;

export const MessagesQuery = z.strictObject(
  { page: Paging.page, limit: Paging.limit },
  queryOptions,
);

/** The member of the team a relationship belongs to. */
export const MemberRef = z.object({ email: z.string(), name: z.nullable(z.string()) });
export type MemberRef = z.infer<typeof MemberRef>;

/** The other person. */
const PersonRef = z.object({
  profile_urn: z.string(),
  name: z.nullable(z.string()),
  profile_url: z.nullable(z.string()),
});

export const InvitationView = z.object({
  id: z.string(),
  member: MemberRef,
  profile: PersonRef,
  invitation_urn: z.nullable(z.string()),
  note: z.nullable(z.string()),
  state: InvitationState,
  sent_at: z.string(),
  /** When the state last changed (accepted: when the connection was made, as the network says). */
  state_changed_at: z.string(),
  /** Whole days since it was sent. */
  age_days: z.number().check(z.int()),
  sequence_enrollment_id: z.nullable(z.string()),
});
export type InvitationView = z.infer<typeof InvitationView>;

/** A page of a list: the items, how many there are in all, and the page asked for. */
const Paged = {
  count: z.number().check(z.int()),
  page: z.number().check(z.int()),
  limit: z.number().check(z.int()),
};

export const SentInvitationsResponse = z.object({ data: z.array(InvitationView), ...Paged });
export type SentInvitationsResponse = z.infer<typeof SentInvitationsResponse>;

export const ConversationView = z.object({
  conversation_urn: z.string(),
  member: MemberRef,
  unread: z.boolean(),
  last_activity_at: z.string(),
  participants: z.array(ConversationParticipant),
  last_message: z.nullable(
    z.object({
      text: z.string(),
      sender_urn: z.string(),
      from_me: z.boolean(),
      delivered_at: z.string(),
    }),
  ),
  /** The last message is the other person's: an answer waits. */
  awaiting_reply: z.boolean(),
  /** The label of the newest message from the other person (docs/ai.md, "Replies sorted"). */
  ...ClassificationFields,
});
export type ConversationView = z.infer<typeof ConversationView>;

export const InboxResponse = z.object({ data: z.array(ConversationView), ...Paged });
export type InboxResponse = z.infer<typeof InboxResponse>;

/** A message of a thread, with its label when it is the other person's. */
export const InboxMessageView = z.extend(ConversationMessage, ClassificationFields);
export type InboxMessageView = z.infer<typeof InboxMessageView>;

export const ConversationResponse = z.object({
  conversation: ConversationView,
  messages: z.array(InboxMessageView),
  ...Paged,
});
export type ConversationResponse = z.infer<typeof ConversationResponse>;

/** `connection.accepted` webhook data. */
export const ConnectionAcceptedEvent = z.object({
  member: MemberRef,
  profile: PersonRef,
  invitation: z.object({
    id: z.string(),
    invitation_urn: z.nullable(z.string()),
    sent_at: z.string(),
  }),
  accepted_at: z.string(),
});
export type ConnectionAcceptedEvent = z.infer<typeof ConnectionAcceptedEvent>;

/** `message.received` webhook data; `sequence_enrollment` when the sender is enrolled in a sequence of the team. */
export const MessageReceivedEvent = z.object({
  member: MemberRef,
  conversation_urn: z.string(),
  message: ConversationMessage,
  sequence_enrollment: z.optional(
    z.object({ id: z.string(), sequence_id: z.string(), state: z.string() }),
  ),
});
export type MessageReceivedEvent = z.infer<typeof MessageReceivedEvent>;

/** `reply.classified` webhook data: a message from another person, sorted by the team's model. */
export const ReplyClassifiedEvent = z.object({
  member: MemberRef,
  conversation_urn: z.string(),
  message: ConversationMessage,
  classification: Classification,
  /** The sender's sequence enrollment, in the state the label left it (the sequence's on_reply). */
  sequence_enrollment: z.optional(
    z.object({ id: z.string(), sequence_id: z.string(), state: z.string() }),
  ),
});
export type ReplyClassifiedEvent = z.infer<typeof ReplyClassifiedEvent>;
