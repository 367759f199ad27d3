import type { NetworkMap } from '../../contract/network-map.js';
import { NetworkError } from '../errors.js';
import { entryOf } from '../network-map.js';
import { normalized, type JsonNode } from '../normalized.js';
import type { NetworkFetch } from '../session.js';

/**
 * `GET identity/dash/profiles?q=memberIdentity&memberIdentity=<id>&decorationId=…FullProfileWithEntities`
 * (network-facts, "Profile"). memberIdentity takes a public identifier or a profile id.
 * Answers the Profile entity, with its collections still to be resolved by the caller.
 */
export async function fetchFullProfile(map: NetworkMap, fetch: NetworkFetch, memberIdentity: string, signal: AbortSignal): Promise<JsonNode> {
  const entry = entryOf(map, 'profile');
  const { json } = await fetch(entry, {
    query: { q: 'memberIdentity', memberIdentity, decorationId: entry.decoration_id },
    signal,
  });
  const elements = normalized(json, 'profile').required('data', 'elements').requiredItems();
  if (elements.length === 0) throw new NetworkError('not_found', `No profile ${memberIdentity}`);
  const profile = elements[0]!;
  if (!profile.present || typeof profile.value !== 'object') {
    throw new NetworkError('network_changed', `The network's profile answer has no entity for ${profile.path}`);
  }
  return profile;
}

/** `identity/profiles/<id>/networkinfo`: followers, connections and distance. */
export async function fetchNetworkInfo(map: NetworkMap, fetch: NetworkFetch, identity: string, signal: AbortSignal): Promise<JsonNode> {
  const { json } = await fetch(entryOf(map, 'profile_network_info'), {
    pathSuffix: `/${encodeURIComponent(identity)}/networkinfo`,
    signal,
  });
  return normalized(json, 'profile_network_info').required('data');
}

const DEGREES = {
  DISTANCE_1: 'first',
  DISTANCE_2: 'second',
  DISTANCE_3: 'third',
  OUT_OF_NETWORK: 'out_of_network',
  SELF: 'self',
} as const;
export type Degree = (typeof DEGREES)[keyof typeof DEGREES];

export function degreeOf(distance: string | null): Degree | null {
  return distance && distance in DEGREES ? DEGREES[distance as keyof typeof DEGREES] : null;
}
