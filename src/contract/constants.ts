/**
 * Constants of the contract that carry no schema, so that code which must stay free of zod (the
 * content script, scripts/bundle-size.mjs checks it) can import them without pulling in
 * `./zod.js` and its side effect.
 */

/** Spec: "<ns> is a fixed namespace token". On the wire it is `li`. */
export const URN_NS = 'li';
