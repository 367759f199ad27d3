import { BUILT_IN_NETWORK_MAP } from '../../src/network/map/built-in.js';

/**
 * The files the extension's build puts beside the worker, as a unit test's `fetch` of a
 * `chrome-extension://` URL sees them: network-map.json, which wxt.config.ts writes from the typed
 * literal (src/agent/built-in-map.ts reads it). Any other URL goes to the real fetch.
 */
const realFetch = globalThis.fetch;
globalThis.fetch = async (input: string | URL | Request, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith('chrome-extension://') && url.endsWith('/network-map.json')) {
    return new Response(JSON.stringify(BUILT_IN_NETWORK_MAP), {
      headers: { 'content-type': 'application/json' },
    });
  }
  return realFetch(input, init);
};
