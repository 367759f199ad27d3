import { describe, expect, it } from 'vitest';
import { NETWORK_MAP_ENTRIES, NetworkMap } from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP, chooseNetworkMap } from '../../../src/network/network-map.js';

const serviceMap = (version: number, searchQueryId = 'voyagerSearchDashClusters.0123456789abcdef0123456789abcdef') => ({
  version,
  entries: { ...structuredClone(BUILT_IN_NETWORK_MAP.entries), search: { path: 'graphql', query_id: searchQueryId } },
});

describe('the built-in map', () => {
  it('is valid and has every entry', () => {
    expect(NetworkMap.safeParse(BUILT_IN_NETWORK_MAP).success).toBe(true);
    expect(Object.keys(BUILT_IN_NETWORK_MAP.entries).sort()).toEqual([...NETWORK_MAP_ENTRIES].sort());
    expect(BUILT_IN_NETWORK_MAP.entries.search.query_id).toMatch(/^voyagerSearchDashClusters\./);
  });
});

describe('chooseNetworkMap', () => {
  it('keeps the current map when the service hands none out', () => {
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, undefined)).toEqual({ ok: true, map: BUILT_IN_NETWORK_MAP, replaced: false });
  });

  it('takes a valid service map with a higher version', () => {
    const offered = serviceMap(BUILT_IN_NETWORK_MAP.version + 1);
    const choice = chooseNetworkMap(BUILT_IN_NETWORK_MAP, offered);
    expect(choice).toEqual({ ok: true, map: offered, replaced: true });
  });

  it('ignores a service map that is not newer', () => {
    const current = serviceMap(5);
    expect(chooseNetworkMap(current, serviceMap(5, 'voyagerSearchDashClusters.ffff'))).toEqual({ ok: true, map: current, replaced: false });
    expect(chooseNetworkMap(current, serviceMap(4))).toMatchObject({ replaced: false, map: current });
  });

  it('refuses a malformed map, says why, and keeps the current one', () => {
    const missingEntry = serviceMap(9) as any;
    delete missingEntry.entries.messages;
    const choice = chooseNetworkMap(BUILT_IN_NETWORK_MAP, missingEntry);
    expect(choice).toMatchObject({ ok: false, map: BUILT_IN_NETWORK_MAP, error: expect.stringContaining('entries.messages') });
    const injected = serviceMap(9) as any;
    injected.entries.me.path = 'me?x=(evil)';
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, injected)).toMatchObject({ ok: false, map: BUILT_IN_NETWORK_MAP, error: expect.stringContaining('entries.me.path') });
    expect(chooseNetworkMap(BUILT_IN_NETWORK_MAP, { version: 'two' })).toMatchObject({ ok: false, map: BUILT_IN_NETWORK_MAP });
  });
});
