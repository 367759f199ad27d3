import { callNetwork } from '../call.js';
import { collectPages } from '../paging.js';
import { listItems } from '../read/answer.js';
import { readConversation } from '../read/conversation.js';
import type { Operation } from './context.js';

/**
 * fetch-conversations: the member's primary inbox, newest activity first, in the network's pages of
 * at most 20 (a larger count answers an empty set). The next page is asked by the answer's
 * `nextCursor`, or, where none comes, by `lastUpdatedBefore` the oldest activity read (as the
 * token `@<epoch ms>`). `unread_only` keeps the unread ones among the newest 100.
 */
export const agentConversationsFetch: Operation<'agent_conversations_fetch'> = async (
  input,
  ctx,
) => {
  const me = await ctx.self();
  const { items } = await collectPages({
    want: input.unread_only ? 100 : input.count,
    fetchPage: ({ count, token }) =>
      callNetwork(
        ctx,
        'inbox',
        {
          mailbox_urn: me.profileUrn,
          count,
          cursor: token?.[0] === '@' ? null : token,
          before: token?.[0] === '@' ? token.slice(1) : null,
        },
        (answer) => {
          const { items: read, size } = listItems('inbox', answer, (n) =>
            readConversation(n, answer.fields, me.profileUrn),
          );
          const oldest = Math.min(...read.map((c) => Date.parse(c.last_activity_at)));
          return {
            items: read,
            size,
            total: null,
            token: answer.fields.token(answer.root) ?? `@${oldest}`,
            by: 'token' as const,
          };
        },
      ),
    key: (c) => c.conversation_urn,
    pause: ctx.pause,
    enough: (read) => read.filter((c) => !input.unread_only || c.unread).length >= input.count,
  });
  return {
    conversations: items.filter((c) => !input.unread_only || c.unread).slice(0, input.count),
  };
};
