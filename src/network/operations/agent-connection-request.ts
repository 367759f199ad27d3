import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { relationshipOf } from '../steps/relationship.js';
import type { Operation } from './context.js';

/**
 * send-connection-request: the relationship first (no public source shows a code for "already
 * connected", and a re-invite can fall into a weeks-long cool-down), then one invitation. Refusals
 * the network answers itself (weekly limit, CANT_RESEND_YET, 406) come back as errors (errors.ts).
 */
export const agentConnectionRequest: Operation<'agent_connection_request'> = async (input, ctx) => {
  const profileId = input.profile_urn.replace(/^urn:li:fsd_profile:/, '');
  const relationship = await relationshipOf(ctx, profileId);
  if (relationship?.degree === 'first')
    throw new NetworkError(
      'already_connected',
      `${input.profile_urn} is already a first-degree connection`,
    );
  if (relationship?.degree === 'self')
    throw new NetworkError('already_connected', `${input.profile_urn} is the signed-in member`);
  if (relationship?.invitationPending)
    throw new NetworkError(
      'invitation_pending',
      `An invitation to ${input.profile_urn} is already pending`,
    );
  const note = input.note?.trim();
  const invitationUrn = await callNetwork(
    ctx,
    'invitation',
    { profile_urn: input.profile_urn, note },
    (answer) => {
      const created = answer.fields.one(answer.root);
      return created ? answer.fields.str(created, 'written', 'invitation_urn') : null;
    },
  );
  return { sent: true, invitation_urn: invitationUrn };
};
