import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { currentNetworkMap, offerNetworkMap, storedMapItem } from '../../../src/agent/network-map-store.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/network-map.js';

beforeEach(() => fakeBrowser.reset());

const newer = (version: number, searchQueryId = 'voyagerSearchDashClusters.newhash') => ({
  ...BUILT_IN_NETWORK_MAP,
  version,
  entries: { ...BUILT_IN_NETWORK_MAP.entries, search: { path: 'graphql', query_id: searchQueryId } },
});

describe('network map from the heartbeat answer', () => {
  it('the built-in map is in force until the service offers a newer one', async () => {
    expect(await currentNetworkMap()).toEqual(BUILT_IN_NETWORK_MAP);
  });

  it('a well-formed map with a higher version replaces it and is kept across worker restarts', async () => {
    const offered = newer(BUILT_IN_NETWORK_MAP.version + 1);
    expect(await offerNetworkMap(offered)).toEqual({ replaced: true, error: null, version: offered.version });
    expect((await currentNetworkMap()).entries.search.query_id).toBe('voyagerSearchDashClusters.newhash');
    expect(await storedMapItem.getValue()).toEqual(offered);
  });

  it('an equal or older version changes nothing', async () => {
    await offerNetworkMap(newer(BUILT_IN_NETWORK_MAP.version + 2, 'voyagerSearchDashClusters.v3'));
    expect(await offerNetworkMap(newer(BUILT_IN_NETWORK_MAP.version + 1, 'voyagerSearchDashClusters.v2'))).toMatchObject({ replaced: false, error: null });
    expect((await currentNetworkMap()).entries.search.query_id).toBe('voyagerSearchDashClusters.v3');
  });

  it('a malformed map is refused with the reason and the map in force stays', async () => {
    const bad = newer(BUILT_IN_NETWORK_MAP.version + 5, 'javascript:alert(1)');
    const taken = await offerNetworkMap(bad);
    expect(taken.replaced).toBe(false);
    expect(taken.error).toMatch(/Refused network map: entries\.search\.query_id/);
    expect(await currentNetworkMap()).toEqual(BUILT_IN_NETWORK_MAP);
  });

  it('an extension update whose built-in map is newer than the stored one wins again', async () => {
    await storedMapItem.setValue({ ...newer(1), version: BUILT_IN_NETWORK_MAP.version - 1 < 1 ? 1 : BUILT_IN_NETWORK_MAP.version - 1 });
    expect(await currentNetworkMap()).toEqual(BUILT_IN_NETWORK_MAP);
  });
});
