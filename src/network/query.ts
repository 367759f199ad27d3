/**
 * Rest.li values in query strings, the way the network's server reads them. Tuples such as
 * `List(a,b)` and `(key:value)` must arrive unencoded, while the values inside them are encoded,
 * including the characters Rest.li reserves (`( ) , : '`), which encodeURIComponent leaves alone in
 * part (docs/network-internal-api.md, "Session and headers"). So query strings are built by hand
 * (map/template.ts), never with URLSearchParams, which would encode the tuple syntax too.
 */

export type RestliValue =
  | string
  | number
  | boolean
  | readonly RestliValue[]
  | { readonly [key: string]: RestliValue };

/** encodeURIComponent plus the reserved characters it leaves alone. */
export function encodeRestliString(s: string): string {
  return encodeURIComponent(s).replace(
    /[()'!*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

export function restli(value: RestliValue): string {
  if (typeof value === 'string') return encodeRestliString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `List(${value.map(restli).join(',')})`;
  const entries = Object.entries(value as Record<string, RestliValue>);
  return `(${entries.map(([k, v]) => `${encodeRestliString(k)}:${restli(v)}`).join(',')})`;
}
