import type { MapAlternative, MapTemplate } from '../../contract/network-map.js';
import { encodeRestliString, restli, type RestliValue } from '../query.js';

/**
 * Filling an alternative of the network map with the values of one call (docs/network-map.md,
 * "Templates"). A string that is exactly `{name}` becomes the value itself (a number stays a number,
 * a list a list); `{name}` inside a longer string is replaced by its text. A part whose placeholder
 * has no value is left out: the key of an object, the element of a list, the query parameter. A
 * list placeholder that is an element of a list is spliced into it. A key that is a placeholder is
 * filled too. An object with `"$if": "name"` (or a list of names) is kept only when those values are
 * present.
 */

type CallValue = string | number | boolean | readonly string[] | null | undefined;
export type CallVars = Readonly<Record<string, CallValue>>;

const MISSING = Symbol('missing');
type Filled = unknown | typeof MISSING;

export function hasValue(v: CallValue): boolean {
  return v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
}

const WHOLE = /^\{([a-z][a-z0-9_]*)\}$/;
const PART = /\{([a-z][a-z0-9_]*)\}/g;

function fillValue(t: MapTemplate, vars: CallVars): Filled {
  if (typeof t === 'string') {
    const whole = WHOLE.exec(t);
    if (whole) {
      const v = vars[whole[1]!];
      return hasValue(v) ? v : MISSING;
    }
    let missing = false;
    const text = t.replace(PART, (_, name: string) => {
      const v = vars[name];
      if (!hasValue(v)) missing = true;
      return hasValue(v) ? String(v) : '';
    });
    return missing ? MISSING : text;
  }
  // A list placeholder inside a list is spliced in: `["{date_posted}"]` is `[]` without a value.
  if (Array.isArray(t))
    return t
      .flatMap((x) =>
        typeof x === 'string' && WHOLE.test(x) ? [fillValue(x, vars)].flat() : [fillValue(x, vars)],
      )
      .filter((x) => x !== MISSING);
  if (t !== null && typeof t === 'object') {
    const cond = t.$if;
    if (cond !== undefined) {
      const names = Array.isArray(cond) ? cond : [cond];
      if (!names.every((n) => typeof n === 'string' && hasValue(vars[n]))) return MISSING;
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(t)) {
      if (k === '$if') continue;
      // A key may be a placeholder too: a batch names its entities by their URNs.
      const key = fillValue(k, vars);
      const f = fillValue(v, vars);
      if (f !== MISSING && key !== MISSING) out[String(key)] = f;
    }
    return out;
  }
  return t;
}

/** A filled body template (missing parts left out). */
export function fillTemplate(t: MapTemplate, vars: CallVars): unknown {
  const f = fillValue(t, vars);
  return f === MISSING ? undefined : f;
}

/** An alternative that cannot be made with these values (a path placeholder without a value). */
export class CannotMake extends Error {}

/** `identity/profiles/{identity}/networkinfo` -> `identity/profiles/ada-lovelace/networkinfo`. */
export function fillPath(path: string, vars: CallVars): string {
  return path.replace(PART, (_, name: string) => {
    const v = vars[name];
    if (!hasValue(v) || Array.isArray(v)) throw new CannotMake(`no value for {${name}}`);
    return encodeRestliString(String(v));
  });
}

/**
 * The query string of an alternative. Rest.li values keep their tuple syntax unencoded and their
 * strings encoded (docs/network-internal-api.md, "Session and headers"), which URLSearchParams
 * would break.
 */
export function fillQuery(query: MapAlternative['query'], vars: CallVars): string {
  const pairs: string[] = [];
  for (const [name, template] of query ?? []) {
    const isRestli = typeof template === 'object' && template !== null;
    const filled = fillValue(isRestli ? template.restli : template, vars);
    if (filled === MISSING || filled === undefined || filled === null) continue;
    const value = isRestli ? restli(filled as RestliValue) : encodeURIComponent(String(filled));
    pairs.push(`${encodeURIComponent(name)}=${value}`);
  }
  return pairs.join('&');
}
