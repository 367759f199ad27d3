import { z } from './zod.js';
import { strictBody } from './common.js';
import { conversationUrn, fsdProfileUrn } from './network-tasks.js';

/**
 * AI drafts (docs/ai.md): the team's model writes one comment, reply, invitation note or message in
 * a member's name, queued awaiting that member's (or an admin's) approval. Never sent by itself.
 */

const DRAFT_KINDS = ['comment', 'reply', 'invitation_note', 'message'] as const;
export type DraftKind = (typeof DRAFT_KINDS)[number];

/** The longest instructions a call or the team gives the model. */
const MAX_AI_INSTRUCTIONS = 2000;

const instructionsMessage = (name: string) =>
  `Invalid '${name}': must be a string of at most ${MAX_AI_INSTRUCTIONS} characters`;
export const aiInstructions = (name: string) =>
  z
    .string({ error: instructionsMessage(name) })
    .check(z.trim(), z.maxLength(MAX_AI_INSTRUCTIONS, { error: instructionsMessage(name) }));

const memberEmailMessage = "Missing or invalid 'member_email': the member the draft is written for";
const DraftMemberEmail = z.pipe(
  z
    .string({ error: memberEmailMessage })
    .check(z.trim(), z.toLowerCase(), z.maxLength(254, { error: memberEmailMessage })),
  z.email({ error: memberEmailMessage }),
);

const common = {
  member_email: DraftMemberEmail,
  instructions: z.optional(aiInstructions('instructions')),
};
const postId = z.uuid({ error: "Missing or invalid 'post_id': a collected post's id" });

export const DraftBody = z.discriminatedUnion(
  'kind',
  [
    strictBody({
      kind: z.literal('comment'),
      ...common,
      post_id: postId,
    }),
    strictBody({
      kind: z.literal('reply'),
      ...common,
      conversation_urn: conversationUrn('conversation_urn'),
    }),
    strictBody({
      kind: z.literal('invitation_note'),
      ...common,
      profile_urn: fsdProfileUrn('profile_urn'),
    }),
    strictBody({
      kind: z.literal('message'),
      ...common,
      profile_urn: fsdProfileUrn('profile_urn'),
    }),
  ],
  { error: `Missing or invalid 'kind': must be one of ${DRAFT_KINDS.join(', ')}` },
);
export type DraftBody = z.infer<typeof DraftBody>;

/** The MCP tools draft_comment and draft_reply: POST /api-drafts of one kind. */
export const DraftCommentArgs = strictBody({ ...common, post_id: postId });
export const DraftReplyArgs = strictBody({
  ...common,
  conversation_urn: conversationUrn('conversation_urn'),
});

export const DraftResponse = z.object({
  task_id: z.string(),
  kind: z.enum(DRAFT_KINDS),
  member_email: z.string(),
  /** The text the model wrote, cut to the network's length rule: what the approver reads and edits. */
  text: z.string(),
  model: z.string(),
  status: z.literal('awaiting_approval'),
  expires_at: z.string(),
});
export type DraftResponse = z.infer<typeof DraftResponse>;

/** The team's model calls of the UTC day so far, and the tokens they cost (GET /api-team). */
export const AiUsageToday = z.object({
  drafts: z.number().check(z.int()),
  classifications: z.number().check(z.int()),
  prompt_tokens: z.number().check(z.int()),
  completion_tokens: z.number().check(z.int()),
  /** The plan's daily limits. */
  drafts_per_day: z.number().check(z.int()),
  classifications_per_day: z.number().check(z.int()),
});
export type AiUsageToday = z.infer<typeof AiUsageToday>;
