import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { relationshipOf } from '../steps/relationship.js';
import type { Operation } from './context.js';

/**
 * send-message: one message from the signed-in member's mailbox (read once per session) to a
 * first-degree connection. The relationship is read first: a non-connection answers a bare 422, and
 * a clear not_first_degree beats a guess. When the network no longer tells the relationship, the
 * message is sent and the network's own refusal decides.
 */
export const agentSendMessage: Operation<'agent_send_message'> = async (input, ctx) => {
  // A reply in a thread (conversation_urn) is issue 21's network side, not performed yet.
  if (!input.profile_urn) throw new NetworkError('network_changed', 'Replies in a conversation are not supported yet');
  const me = await ctx.self();
  const profileId = input.profile_urn.replace(/^urn:li:fsd_profile:/, '');
  const relationship = await relationshipOf(ctx, profileId);
  if (relationship?.degree && relationship.degree !== 'first') {
    throw new NetworkError('not_first_degree', `${input.profile_urn} is not a first-degree connection (${relationship.degree})`);
  }
  const vars = {
    text: input.message_text,
    recipient_urn: input.profile_urn,
    mailbox_urn: me.profileUrn,
    origin_token: crypto.randomUUID(),
    tracking_id: trackingId(),
  };
  return callNetwork(ctx, 'message', vars, (answer) => {
    const sent = answer.fields.one(answer.root) ?? answer.root;
    const delivered = answer.fields.num(sent, 'written', 'delivered_at');
    return {
      sent: true as const,
      conversation_urn: answer.fields.str(sent, 'written', 'conversation_urn'),
      delivered_at: delivered === null ? null : new Date(delivered).toISOString(),
    };
  });
};

/** The web app sends 16 random bytes as a latin-1 string. */
function trackingId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return String.fromCharCode(...bytes);
}
