import type { ConnectionsOutput } from '../../contract/task-outputs.js';
import { entryOf } from '../network-map.js';
import { NetworkError } from '../errors.js';
import { JsonNode, normalized } from '../normalized.js';
import { vectorImageUrl } from '../parse/images.js';
import type { Operation } from './context.js';

/**
 * fetch-connections: the signed-in member's own connections, most recent first.
 * `data.*elements` are Connection entities; each names its profile in `connectedMember` and, with
 * the ConnectionListWithProfile decoration, points to it through `*connectedMemberResolutionResult`.
 */
export const agentConnectionsFetch: Operation<'agent_connections_fetch'> = async (input, ctx) => {
  const entry = entryOf(ctx.map, 'connections');
  const { json } = await ctx.fetch(entry, {
    query: [
      ['decorationId', entry.decoration_id],
      ['q', 'search'],
      ['sortType', 'RECENTLY_ADDED'],
      ['start', input.start],
      ['count', input.count],
    ],
    signal: ctx.signal,
  });
  const data = normalized(json, 'connections').required('data');
  const connections = data
    .required('elements')
    .requiredItems()
    .map((c) => connectionOf(c));
  const output: ConnectionsOutput = {
    connections,
    start: input.start,
    count: connections.length,
    total: data.num('paging', 'total'),
  };
  return output;
};

function connectionOf(connection: JsonNode): ConnectionsOutput['connections'][number] {
  let profile = connection.at('connectedMemberResolutionResult');
  if (!profile.present) {
    const urn = connection.requiredStr('connectedMember');
    profile = new JsonNode(connection.doc.resolve(urn), `included<${urn}>`, connection.doc);
    if (!profile.present) throw new NetworkError('network_changed', `The network's connections answer has no profile ${urn} for ${connection.path}`);
  }
  const slug = profile.str('publicIdentifier');
  const createdAt = connection.num('createdAt');
  return {
    profile_urn: profile.requiredStr('entityUrn'),
    public_identifier: slug,
    full_name: `${profile.requiredStr('firstName')} ${profile.str('lastName') ?? ''}`.trim(),
    headline: profile.str('headline'),
    profile_url: slug ? `https://www.linkedin.com/in/${slug}/` : null,
    image_url: vectorImageUrl(profile.at('profilePicture', 'displayImageReference', 'vectorImage')),
    connected_at: createdAt === null ? null : new Date(createdAt).toISOString(),
  };
}
