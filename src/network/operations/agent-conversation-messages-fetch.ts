import { callNetwork } from '../call.js';
import { collectPages } from '../paging.js';
import { listItems } from '../read/answer.js';
import { readMessage } from '../read/conversation.js';
import type { Operation } from './context.js';

/**
 * fetch-conversation-messages: the newest messages of one conversation, newest first. The network
 * answers at most 20 at a time; more are asked for before the oldest one read (where the way that
 * works takes a time; another answers the same newest ones again, and the reading stops there).
 */
export const agentConversationMessagesFetch: Operation<
  'agent_conversation_messages_fetch'
> = async (input, ctx) => {
  const me = await ctx.self();
  const { items } = await collectPages({
    want: input.count,
    fetchPage: ({ count, token }) =>
      callNetwork(
        ctx,
        'thread',
        {
          conversation_urn: input.conversation_urn,
          count: Math.min(20, count),
          before: token ?? Date.now(),
        },
        (answer) => {
          const { items: read, size } = listItems('thread', answer, (n) =>
            readMessage(n, answer.fields, me.profileUrn),
          );
          const token =
            size < Math.min(20, count)
              ? null
              : String(Math.min(...read.map((m) => Date.parse(m.delivered_at))) - 1);
          return { items: read, size, total: null, token, by: 'token' as const };
        },
      ),
    key: (m) => `${m.delivered_at} ${m.sender_urn} ${m.text}`,
    pause: ctx.pause,
  });
  return {
    messages: items.sort((a, b) => Date.parse(b.delivered_at) - Date.parse(a.delivered_at)),
  };
};
