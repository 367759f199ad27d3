import { HttpError } from './http-error.js';

/**
 * Where a keyset page starts: after the row with this time and id. The time travels as whole
 * microseconds since 1970, so a cursor is exact and a forged one is either digits the database
 * takes or a 400, never a time it cannot read.
 */
export interface RowCursor {
  micros: string;
  id: string;
}

/** A row of a paged list: its id and its ordering time (`cursorMicros` of its column). */
interface PagedRow {
  id: string;
  cursor_micros: string;
}

/** SQL: a `timestamptz` column as the whole microseconds a cursor carries. */
export const cursorMicros = (column: string) =>
  `(extract(epoch FROM ${column}) * 1000000)::bigint::text AS cursor_micros`;

/** SQL: a cursor's microseconds (a text parameter) as the `timestamptz` it was read from. */
export const cursorTime = (param: string) =>
  `(timestamptz 'epoch' + ${param}::bigint * interval '1 microsecond')`;

const NOT_A_CURSOR = "Invalid 'after': not a cursor of this list";

/** The opaque `next` naming a row: the client passes it back unread as `after`. */
function cursorOf(row: PagedRow): string {
  return Buffer.from(`${row.cursor_micros}|${row.id}`).toString('base64url');
}

/** `after` as the query gave it: undefined for the first page; 400 for anything not a cursor. */
export function readCursor(after: string | undefined): RowCursor | undefined {
  if (!after) return undefined;
  const match =
    /^(\d{1,16})\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(
      Buffer.from(after, 'base64url').toString(),
    );
  if (!match) throw new HttpError(400, NOT_A_CURSOR);
  return { micros: match[1]!, id: match[2]! };
}

/**
 * A page from the `limit + 1` rows read: the first `limit`, and the cursor of the last of them
 * when a row follows (so a last page that is exactly full says so without another read).
 */
export function pageOf<T extends PagedRow>(
  rows: T[],
  limit: number,
): { rows: T[]; next: string | null } {
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1];
  return { rows: shown, next: rows.length > limit && last ? cursorOf(last) : null };
}
