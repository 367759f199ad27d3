import type { ConnectionsOutput } from '../../contract/task-outputs.js';
import { callNetwork } from '../call.js';
import { collectPages } from '../paging.js';
import { startPage } from '../read/answer.js';
import { readConnection } from '../read/connection.js';
import type { Operation } from './context.js';

/**
 * fetch-connections: the signed-in member's own connections, most recent first, up to `count`
 * (at most 1,000, the network's own ceiling for a collection), in the network's pages of 40 with a
 * pause between pages. With `since`, the reading stops at the first connection made at or before it
 * (the list is sorted RECENTLY_ADDED), and only the newer ones are answered: the acceptances since.
 */
export const agentConnectionsFetch: Operation<'agent_connections_fetch'> = async (input, ctx) => {
  const since = input.since ? Date.parse(input.since) : null;
  const isNew = (c: { connected_at: string | null }) =>
    since === null || (c.connected_at !== null && Date.parse(c.connected_at) > since);
  const { items: read, total } = await collectPages({
    want: input.count,
    start: input.start,
    fetchPage: (page) =>
      callNetwork(ctx, 'connections', { start: page.start, count: page.count }, (answer) =>
        startPage('connections', answer, (node) => readConnection(node, answer.fields)),
      ),
    key: (c) => c.profile_urn,
    pause: ctx.pause,
    enough: since === null ? undefined : (items) => !items.every(isNew),
  });
  const items = read.filter(isNew);
  const output: ConnectionsOutput = {
    connections: items,
    start: input.start,
    count: items.length,
    total,
  };
  return output;
};
