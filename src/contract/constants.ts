/**
 * Constants of the contract that carry no schema, so that code which must stay free of zod (the
 * content script, scripts/bundle-size.mjs checks it) can import them without pulling in
 * `./zod.js` and its side effect.
 */

/** Spec: "<ns> is a fixed namespace token". On the wire it is `li`. */
export const URN_NS = 'li';

/** The pace the extension keeps when the service says none (budgets.ts, `Pacing`). */
export const DEFAULT_PACING = { write_min_s: 30, write_max_s: 90, read_min_s: 2, read_max_s: 6 };

/**
 * The network map format this build reads (network-map.ts). 3: alternatives may be server-driven
 * calls (`kind: 'sdui'`, `read.names`); a format-2 extension reads its maps with a strict schema and
 * could not take one, so the service hands each extension only maps of its own format
 * (src/service/tasks/agent-heartbeat.ts).
 */
export const NETWORK_MAP_FORMAT = 3;
