import { sentInvitations } from '../steps/sent-invitations.js';
import type { Operation } from './context.js';

/** fetch-sent-invitations: the member's pending invitations, newest first (steps/sent-invitations.ts). */
export const agentSentInvitationsFetch: Operation<'agent_sent_invitations_fetch'> = async (
  input,
  ctx,
) => {
  const read = await sentInvitations(ctx, input.count);
  return { invitations: read.map(({ withdraw: _, ...invitation }) => invitation) };
};
