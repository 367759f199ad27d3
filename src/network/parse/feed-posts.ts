import type { NetworkMap } from '../../contract/network-map.js';
import type { NetworkPost } from '../../contract/task-outputs.js';
import { entryOf } from '../network-map.js';
import { normalized } from '../normalized.js';
import type { NetworkFetch } from '../session.js';
import { postFromUpdate } from './update.js';

/**
 * A profile's recent posts: `identity/profileUpdatesV2?q=memberShareFeed&profileUrn=…` (REST,
 * normalised; post URN at `updateMetadata.urn`). One page of up to 100 covers every count we accept.
 */
export async function fetchProfilePosts(
  map: NetworkMap,
  fetch: NetworkFetch,
  profileUrn: string,
  count: number,
  signal: AbortSignal,
): Promise<NetworkPost[]> {
  const { json } = await fetch(entryOf(map, 'profile_updates'), {
    query: [
      ['q', 'memberShareFeed'],
      ['moduleKey', 'member-shares:phone'],
      ['profileUrn', profileUrn],
      ['count', Math.min(count, 100)],
      ['start', 0],
      ['includeLongTermHistory', 'true'],
    ],
    signal,
  });
  const updates = normalized(json, 'profile_updates').required('data', 'elements').requiredItems();
  return updates.slice(0, count).map(postFromUpdate);
}

/** A company's recent posts: `feed/updates?q=companyFeedByUniversalName&companyUniversalName=<slug>`. */
export async function fetchCompanyPosts(
  map: NetworkMap,
  fetch: NetworkFetch,
  slug: string,
  count: number,
  signal: AbortSignal,
): Promise<NetworkPost[]> {
  const { json } = await fetch(entryOf(map, 'company_updates'), {
    query: [
      ['q', 'companyFeedByUniversalName'],
      ['companyUniversalName', slug],
      ['moduleKey', 'member-share'],
      ['count', Math.min(count, 100)],
      ['start', 0],
    ],
    signal,
  });
  const updates = normalized(json, 'company_updates').required('data', 'elements').requiredItems();
  return updates.slice(0, count).map(postFromUpdate);
}
