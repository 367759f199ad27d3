import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  currentNetworkMap,
  offerNetworkMap,
  storedMapItem,
} from '../../../src/agent/network-map-store.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';

beforeEach(() => fakeBrowser.reset());

/** The built-in map with a newer version and the company posts call retargeted. */
const newer = (version: number, path = 'organization/updatesV3') => {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version = version;
  map.calls.company_posts[0]!.path = path;
  return map;
};

describe('network map from the heartbeat answer', () => {
  it('the built-in map is in force until the service offers a newer one', async () => {
    expect(await currentNetworkMap()).toEqual(BUILT_IN_NETWORK_MAP);
  });

  it('a well-formed map with a higher version replaces it and is kept across worker restarts', async () => {
    const offered = newer(BUILT_IN_NETWORK_MAP.version + 1);
    expect(await offerNetworkMap(offered)).toEqual({
      replaced: true,
      error: null,
      version: offered.version,
    });
    expect((await currentNetworkMap()).calls.company_posts[0]!.path).toBe('organization/updatesV3');
    expect(await storedMapItem.getValue()).toEqual(offered);
  });

  it('an equal or older version changes nothing', async () => {
    await offerNetworkMap(newer(BUILT_IN_NETWORK_MAP.version + 2, 'organization/v3'));
    expect(
      await offerNetworkMap(newer(BUILT_IN_NETWORK_MAP.version + 1, 'organization/v2')),
    ).toMatchObject({ replaced: false, error: null });
    expect((await currentNetworkMap()).calls.company_posts[0]!.path).toBe('organization/v3');
  });

  it('a malformed map is refused with the reason and the map in force stays', async () => {
    const bad = newer(BUILT_IN_NETWORK_MAP.version + 5, 'javascript:alert(1)');
    const taken = await offerNetworkMap(bad);
    expect(taken.replaced).toBe(false);
    expect(taken.error).toMatch(/Refused network map: calls\.company_posts\.0\.path/);
    expect(await currentNetworkMap()).toEqual(BUILT_IN_NETWORK_MAP);
  });

  it('an extension update whose built-in map is newer than the stored one wins again', async () => {
    await storedMapItem.setValue(newer(1));
    expect(await currentNetworkMap()).toEqual(BUILT_IN_NETWORK_MAP);
  });
});
