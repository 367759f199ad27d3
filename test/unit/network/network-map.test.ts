import { describe, expect, it } from 'vitest';
import {
  FIELD_GROUPS,
  NETWORK_CALLS,
  NETWORK_MAP_FORMAT,
  NetworkMap,
} from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { chooseNetworkMap } from '../../../src/agent/network-map-choice.js';

/** A service map: the built-in one with a newer version and one call changed. */
const serviceMap = (
  version: number,
  searchQueryId = 'voyagerSearchDashClusters.0123456789abcdef0123456789abcdef',
) => {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version = version;
  const graphql = map.calls.people_search.find((a) => a.id === 'graphql-search-clusters')!;
  graphql.query = graphql.query!.map(([k, v]) => (k === 'queryId' ? [k, searchQueryId] : [k, v]));
  return map;
};

describe('the built-in map', () => {
  it('passes its own contract, has every call and field group, and every alternative id is unique per call', () => {
    expect(NetworkMap.safeParse(BUILT_IN_NETWORK_MAP).success).toBe(true);
    expect(Object.keys(BUILT_IN_NETWORK_MAP.calls).sort()).toEqual([...NETWORK_CALLS].sort());
    expect(Object.keys(BUILT_IN_NETWORK_MAP.fields).sort()).toEqual([...FIELD_GROUPS].sort());
    for (const call of NETWORK_CALLS) {
      const ids = BUILT_IN_NETWORK_MAP.calls[call].map((a) => a.id);
      expect(new Set(ids).size, call).toBe(ids.length);
    }
  });

  it('follows the newest evidence first and keeps the older form as the fallback', () => {
    const ids = (call: (typeof NETWORK_CALLS)[number]) =>
      BUILT_IN_NETWORK_MAP.calls[call].map((a) => a.id);
    expect(ids('profile_relationship')).toEqual([
      'top-card-supplementary',
      'top-card-core',
      'networkinfo',
    ]);
    expect(ids('company_posts')).toEqual(['organization-updates-v2', 'feed-updates-company-feed']);
    expect(ids('people_search')[0]).toBe('rest-search-clusters');
    expect(ids('message')).toEqual([
      'create-message-top-level-recipients',
      'create-message-nested-recipients',
      'reply-in-conversation',
      'reply-in-conversation-top-level',
    ]);
    // The messaging hashes public clients used, then the one the messaging page names.
    expect(ids('inbox')).toEqual([
      'conversations-by-category',
      'conversations-by-sync-token',
      'conversations-learned',
    ]);
    expect(BUILT_IN_NETWORK_MAP.calls.inbox.map((a) => a.learn ?? null)).toEqual([
      null,
      null,
      '/messaging/ messengerConversations',
    ]);
    expect(ids('thread').at(-1)).toBe('messages-learned');
  });

  it('never names the page of a like or a comment in a query parameter', () => {
    for (const call of ['like', 'like_as_page', 'comment'] as const) {
      for (const alt of BUILT_IN_NETWORK_MAP.calls[call]) {
        expect(JSON.stringify(alt.query ?? []), `${call} ${alt.id}`).not.toMatch(/actor/i);
      }
    }
    expect(JSON.stringify(BUILT_IN_NETWORK_MAP.calls.like_as_page[0]!.body)).toContain(
      '"actorUrn":"{actor_urn}"',
    );
  });
});

describe('chooseNetworkMap', () => {
  it('keeps the current map when the service hands none out', () => {
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, undefined)).toEqual({
      ok: true,
      map: BUILT_IN_NETWORK_MAP,
      replaced: false,
    });
  });

  it('takes a valid service map with a higher version', () => {
    const offered = serviceMap(BUILT_IN_NETWORK_MAP.version + 1);
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, offered)).toEqual({
      ok: true,
      map: offered,
      replaced: true,
    });
  });

  it('ignores a service map that is not newer', () => {
    const current = serviceMap(5);
    expect(chooseNetworkMap(current, serviceMap(5, 'voyagerSearchDashClusters.ffff'))).toEqual({
      ok: true,
      map: current,
      replaced: false,
    });
    expect(chooseNetworkMap(current, serviceMap(4))).toMatchObject({
      replaced: false,
      map: current,
    });
  });

  it('refuses a map of another format, a malformed one, or one that could inject into a URL; says why and keeps the current one', () => {
    const oldFormat = { version: 99, entries: { me: { path: 'me' } } };
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, oldFormat)).toMatchObject({
      ok: false,
      map: BUILT_IN_NETWORK_MAP,
      error: `Refused network map: format undefined is not ${NETWORK_MAP_FORMAT}`,
    });
    const missingCall = serviceMap(9) as any;
    delete missingCall.calls.message;
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, missingCall)).toMatchObject({
      ok: false,
      error: expect.stringContaining('calls.message'),
    });
    const injected = serviceMap(9) as any;
    injected.calls.me[0].path = 'me?x=(evil)';
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, injected)).toMatchObject({
      ok: false,
      error: expect.stringContaining('calls.me.0.path'),
    });
    const badPath = serviceMap(9) as any;
    badPath.fields.post.urn = ['updateMetadata..urn'];
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, badPath)).toMatchObject({
      ok: false,
      error: expect.stringContaining('fields.post.urn.0'),
    });
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, { format: 2, version: 'two' })).toMatchObject({
      ok: false,
      map: BUILT_IN_NETWORK_MAP,
    });
  });
});
