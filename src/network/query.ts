/**
 * Query strings the way the network's Rest.li server reads them. Tuples such as `List(a,b)` and
 * `(key:value)` must arrive unencoded, while the values inside them are encoded, including the
 * characters Rest.li reserves (`( ) , : '`), which encodeURIComponent leaves alone in part
 * (docs/network-facts.md, "Session and headers"). So query strings are built by hand here, never
 * with URLSearchParams (which would encode the tuple syntax too).
 */

export type RestliValue = string | number | boolean | readonly RestliValue[] | { readonly [key: string]: RestliValue };

/** A query value written in Rest.li syntax (tuples stay unencoded). */
export class Restli {
  constructor(readonly value: RestliValue) {}
}

export type QueryValue = string | number | boolean | Restli | undefined;
export type Query = Readonly<Record<string, QueryValue>> | ReadonlyArray<readonly [string, QueryValue]>;

/** encodeURIComponent plus the reserved characters it leaves alone. */
export function encodeRestliString(s: string): string {
  return encodeURIComponent(s).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function restli(value: RestliValue): string {
  if (typeof value === 'string') return encodeRestliString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `List(${value.map(restli).join(',')})`;
  const entries = Object.entries(value as Record<string, RestliValue>);
  return `(${entries.map(([k, v]) => `${encodeRestliString(k)}:${restli(v)}`).join(',')})`;
}

/** `a=1&variables=(start:0,query:(keywords:ada%20lovelace))`; undefined values are left out. */
export function buildQuery(query: Query | undefined): string {
  if (!query) return '';
  const pairs = Array.isArray(query) ? (query as ReadonlyArray<readonly [string, QueryValue]>) : Object.entries(query);
  return pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v instanceof Restli ? restli(v.value) : encodeURIComponent(String(v))}`)
    .join('&');
}
