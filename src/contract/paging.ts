import { z } from './zod.js';

/**
 * Keyset pages of a list (docs/api.md, "Pages"): `limit` rows at most, and the answer's `next`,
 * passed back as `after`, asks for the rows that follow; `next` is null on the last page. A cursor
 * names the last row shown, so rows added or removed meanwhile never shift a page.
 */

/** `after`: the `next` of the page before. */
export const PageAfter = z.optional(
  z.string().check(z.maxLength(200, { error: "Invalid 'after': not a cursor of this list" })),
);

/** `limit`: from 1 to `max` rows, `fallback` when not given. */
export function pageLimit(fallback: number, max: number) {
  const message = `Invalid 'limit': must be a whole number from 1 to ${max}`;
  return z._default(
    z.coerce
      .number({ error: message })
      .check(
        z.int({ error: message }),
        z.gte(1, { error: message }),
        z.lte(max, { error: message }),
      ),
    fallback,
  );
}

/** The `after` of the next page, or null on the last. */
export const NextCursor = z.nullable(z.string());
