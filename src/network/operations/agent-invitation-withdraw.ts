import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { sentInvitations } from '../steps/sent-invitations.js';
import type { Operation } from './context.js';

/** How far down the sent list a withdrawal looks for the person (the newest first). */
const SEARCH_DEPTH = 500;

/**
 * withdraw-connection-request: the person's pending invitation is found in the sent list (its number
 * and shared secret are what a withdrawal names), then withdrawn. No pending invitation to them
 * (accepted, expired or withdrawn already) fails with invitation_not_found, without a write.
 */
export const agentInvitationWithdraw: Operation<'agent_invitation_withdraw'> = async (
  input,
  ctx,
) => {
  const isTarget = (i: { profile_urn: string }) => i.profile_urn === input.profile_urn;
  const invitation = (await sentInvitations(ctx, SEARCH_DEPTH, (read) => read.some(isTarget))).find(
    isTarget,
  );
  if (!invitation)
    throw new NetworkError(
      'invitation_not_found',
      `No pending invitation to ${input.profile_urn}`,
      { retryable: false },
    );
  const vars = {
    ...invitation.withdraw,
    invitation_id: invitation.invitation_urn.split(':').pop()!,
    invitation_urn: invitation.invitation_urn,
    profile_urn: input.profile_urn,
  };
  await callNetwork(ctx, 'withdrawal', vars, (answer) => {
    // A server-driven answer says a refusal in a component (a toast), still with a 200.
    if (answer.stream?.components(answer.alt.read?.names?.refused ?? []).length)
      throw new NetworkError(
        'invitation_not_found',
        `The network did not withdraw the invitation to ${input.profile_urn}`,
        { retryable: false },
      );
  });
  return { withdrawn: true as const };
};
