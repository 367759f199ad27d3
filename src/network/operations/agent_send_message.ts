import { NetworkError } from '../errors.js';
import { entryOf } from '../network-map.js';
import { normalized } from '../normalized.js';
import { fetchNetworkInfo } from '../parse/profile.js';
import type { Operation } from './context.js';

/**
 * send-message: `POST voyagerMessagingDashMessengerMessages?action=createMessage` from the signed-in
 * member's mailbox. Only first-degree connections can be messaged, so the distance is checked first:
 * the network's own refusal is not documented, and a clear not_first_degree beats a guess.
 */
export const agentSendMessage: Operation<'agent_send_message'> = async (input, ctx) => {
  const me = await ctx.self();
  const profileId = input.profile_urn.replace(/^urn:li:fsd_profile:/, '');
  const info = await fetchNetworkInfo(ctx.map, ctx.fetch, profileId, ctx.signal);
  const distance = info.requiredStr('distance', 'value');
  if (distance !== 'DISTANCE_1') {
    throw new NetworkError('not_first_degree', `${input.profile_urn} is not a first-degree connection (${distance})`);
  }

  const { json } = await ctx.fetch(entryOf(ctx.map, 'messages'), {
    method: 'POST',
    query: { action: 'createMessage' },
    body: {
      message: {
        body: { text: input.message_text, attributes: [] },
        renderContentUnions: [],
        hostRecipientUrns: [input.profile_urn],
        originToken: crypto.randomUUID(),
      },
      mailboxUrn: me.profileUrn,
      trackingId: trackingId(),
      dedupeByClientGeneratedToken: false,
    },
    signal: ctx.signal,
  });
  const value = normalized(json, 'messages').at('data', 'value');
  const delivered = value.num('deliveredAt');
  return {
    sent: true,
    conversation_urn: value.str('conversationUrn'),
    delivered_at: delivered === null ? null : new Date(delivered).toISOString(),
  };
};

/** The web app sends 16 random bytes as a latin-1 string. */
function trackingId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return String.fromCharCode(...bytes);
}
