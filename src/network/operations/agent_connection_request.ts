import { entryOf } from '../network-map.js';
import { normalized } from '../normalized.js';
import type { Operation } from './context.js';

/**
 * send-connection-request: `POST voyagerRelationshipsDashMemberRelationships?action=verifyQuotaAndCreateV2`.
 * Refusals (already invited, weekly limit, already connected) come back as errors (errors.ts).
 */
export const agentConnectionRequest: Operation<'agent_connection_request'> = async (input, ctx) => {
  const entry = entryOf(ctx.map, 'invitations');
  const note = input.note?.trim();
  const { json } = await ctx.fetch(entry, {
    method: 'POST',
    query: [
      ['action', 'verifyQuotaAndCreateV2'],
      ['decorationId', entry.decoration_id],
    ],
    body: {
      invitee: { inviteeUnion: { memberProfile: input.profile_urn } },
      ...(note ? { customMessage: note } : {}),
    },
    signal: ctx.signal,
  });
  const value = normalized(json, 'invitations').at('data', 'value');
  return { sent: true, invitation_urn: value.str('invitationUrn') ?? value.str('invitation', 'entityUrn') };
};
