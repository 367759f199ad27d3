import { browser } from 'wxt/browser';
import type { NetworkMap } from '../contract/network-map.js';

/**
 * The network map the extension ships with. Its source is the typed literal in
 * src/network/map/built-in.ts; the build writes it as JSON beside the worker (wxt.config.ts,
 * scripts/bundle-size.mjs says why), and the worker reads it the first time it needs a map: a
 * task, a session check, a heartbeat. Once per worker life.
 */
const BUILT_IN_MAP_PATH = '/network-map.json';

let loading: Promise<NetworkMap> | null = null;

export function builtInNetworkMap(): Promise<NetworkMap> {
  loading ??= (async () => {
    const res = await fetch(browser.runtime.getURL(BUILT_IN_MAP_PATH as '/'));
    if (!res.ok) throw new Error(`The extension's built-in network map is missing (${res.status})`);
    return (await res.json()) as NetworkMap;
  })().catch((err: unknown) => {
    loading = null;
    throw err;
  });
  return loading;
}
