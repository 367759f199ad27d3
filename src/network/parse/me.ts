import { entryOf } from '../network-map.js';
import { normalized } from '../normalized.js';
import type { NetworkMap } from '../../contract/network-map.js';
import type { NetworkFetch } from '../session.js';
import type { Me } from '../operations/context.js';

/** `GET me` -> miniProfile (network-facts, "Me"). */
export async function fetchMe(map: NetworkMap, fetch: NetworkFetch, signal?: AbortSignal): Promise<Me> {
  const { json } = await fetch(entryOf(map, 'me'), { signal });
  const mini = normalized(json, 'me').required('data', 'miniProfile');
  const first = mini.str('firstName') ?? '';
  const last = mini.str('lastName') ?? '';
  return {
    profileUrn: mini.requiredStr('dashEntityUrn'),
    publicIdentifier: mini.requiredStr('publicIdentifier'),
    fullName: `${first} ${last}`.trim(),
  };
}
