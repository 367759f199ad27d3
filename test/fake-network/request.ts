/** One API call as the routes read it, once the session, the mode and the drift have let it through. */
export interface Call {
  method: string;
  /** The path after `/voyager/api/`, as the current drift maps it back to today's form. */
  route: string;
  rawQuery: string;
  q: URLQuery;
  body: string;
  /** The client asked for `application/vnd.linkedin.normalized+json+2.1`. */
  normalisedAccept: boolean;
  /** `changed_shapes` mode: answers lose one required field each. */
  changed: boolean;
}

export function parseCookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

export interface URLQuery {
  /** The decoded value (`+` read as a space). */
  get(key: string): string | undefined;
  /** The value as sent, still percent-encoded (Rest.li tuples are read from this). */
  raw(key: string): string | undefined;
}

export function parseQuery(rawQuery: string): URLQuery {
  const pairs = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => {
      const eq = p.indexOf('=');
      return eq < 0 ? [p, ''] : [p.slice(0, eq), p.slice(eq + 1)];
    }) as [string, string][];
  return {
    get: (key) => {
      const v = pairs.find(([k]) => decodeURIComponent(k) === key)?.[1];
      return v === undefined ? undefined : decodeURIComponent(v.replace(/\+/g, ' '));
    },
    raw: (key) => pairs.find(([k]) => decodeURIComponent(k) === key)?.[1],
  };
}
