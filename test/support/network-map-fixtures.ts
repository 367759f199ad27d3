import { NETWORK_MAP_FORMAT } from '../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../src/network/map/built-in.js';

/** The built-in map as a service would publish it: a newer version, the company-posts finder moved. */
export function networkMap(version: number) {
  const map = structuredClone(BUILT_IN_NETWORK_MAP);
  map.version = version;
  map.calls.company_posts[0]!.path = `organization/updatesV${version}`;
  return map;
}

/** A heartbeat as the extension sends it, saying which map version it runs. */
export function heartbeatBody(mapVersion: number) {
  return {
    extension_version: '1.4.0',
    browser: 'Chrome 140',
    network: { signed_in: true },
    paused: false,
    network_map_version: mapVersion,
    network_map_format: NETWORK_MAP_FORMAT,
  };
}
