import { z } from './zod.js';
import { strictBody } from './common.js';
import { conversationUrn, fsdProfileUrn, MemberEmailField } from './network-tasks.js';

/**
 * Request bodies of the relationship operations (docs/relationships.md): a member's inbox and sent invitations.
 * Each runs in the browser of `member_email` (default: the team's oldest admin); the route takes
 * `member_email` off, the rest is the normalised task input.
 */

const count = (max: number, fallback: number) =>
  z._default(
    z
      .number({ error: `Invalid 'count': must be a number from 1 to ${max}` })
      .check(
        z.int({ error: `Invalid 'count': must be a number from 1 to ${max}` }),
        z.gte(1, { error: `Invalid 'count': must be a number from 1 to ${max}` }),
        z.lte(max, { error: `Invalid 'count': must be a number from 1 to ${max}` }),
      ),
    fallback,
  );

export const FetchConversationsBody = strictBody({
  member_email: MemberEmailField,
  unread_only: z._default(
    z.boolean({ error: "Invalid 'unread_only': must be true or false" }),
    false,
  ),
  count: count(100, 20),
});

export const FetchConversationMessagesBody = strictBody({
  member_email: MemberEmailField,
  conversation_urn: conversationUrn('conversation_urn'),
  count: count(100, 20),
});

export const MarkConversationReadBody = strictBody({
  member_email: MemberEmailField,
  conversation_urn: conversationUrn('conversation_urn'),
});

export const FetchSentInvitationsBody = strictBody({
  member_email: MemberEmailField,
  count: count(500, 100),
});

export const WithdrawConnectionRequestBody = strictBody({
  member_email: MemberEmailField,
  profile_urn: fsdProfileUrn('profile_urn'),
});
