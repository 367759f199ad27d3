import { HttpError } from '../http/http-error.js';

/**
 * PostgreSQL text and jsonb cannot hold U+0000, so a NUL anywhere in a stored string would fail at
 * INSERT time as a 500. It is never meaningful in a name, keyword, prompt or identifier: refuse it
 * up front, naming the field.
 */
export function rejectNul(value: unknown, path = 'body'): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) throw new HttpError(400, `Invalid '${path}': must not contain NUL characters`);
  } else if (Array.isArray(value)) {
    for (const v of value) rejectNul(v, path);
  } else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.includes('\u0000')) throw new HttpError(400, `Invalid '${path}': must not contain NUL characters`);
      rejectNul(v, path === 'body' ? k : path);
    }
  }
}
