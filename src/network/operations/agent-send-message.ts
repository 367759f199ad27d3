import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import { relationshipOf } from '../steps/relationship.js';
import type { Operation } from './context.js';

/**
 * send-message: one message from the signed-in member's mailbox (read once per session) to a
 * first-degree connection, or a reply into an existing conversation (`conversation_urn`). Before a
 * new message the relationship is read: a non-connection answers a bare 422, and a clear
 * not_first_degree beats a guess. When the network no longer tells the relationship, the message is
 * sent and the network's own refusal decides. A reply needs no such read: the thread exists.
 */
export const agentSendMessage: Operation<'agent_send_message'> = async (input, ctx) => {
  const me = await ctx.self();
  if (input.profile_urn) {
    const relationship = await relationshipOf(
      ctx,
      input.profile_urn.replace(/^urn:li:fsd_profile:/, ''),
    );
    if (relationship?.degree && relationship.degree !== 'first') {
      throw new NetworkError(
        'not_first_degree',
        `${input.profile_urn} is not a first-degree connection (${relationship.degree})`,
      );
    }
  }
  const vars = {
    text: input.message_text,
    recipient_urn: input.profile_urn,
    conversation_urn: input.conversation_urn,
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
