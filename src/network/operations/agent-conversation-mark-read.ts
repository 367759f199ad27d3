import { callNetwork } from '../call.js';
import { NetworkError } from '../errors.js';
import type { Operation } from './context.js';

/**
 * mark-conversation-read: one batch patch of the conversation. The batch answers 200 even for a
 * conversation it could not change, naming it in a per-entity `errors` map: that is a failure.
 */
export const agentConversationMarkRead: Operation<'agent_conversation_mark_read'> = async (
  input,
  ctx,
) => {
  await callNetwork(ctx, 'mark_read', { conversation_urn: input.conversation_urn }, (answer) => {
    // Entries are objects keyed by URN; anything else beside them (a tracking key) is no refusal.
    const refused = Object.values(answer.root.at('data', 'errors').value ?? {}).find(
      (e) => e && typeof e === 'object',
    );
    const status = refused?.status;
    if (refused)
      throw new NetworkError(
        status === 404 ? 'not_found' : 'network_changed',
        `mark_read refused ${input.conversation_urn} (${status})`,
        { status },
      );
  });
  return { marked_read: true as const };
};
