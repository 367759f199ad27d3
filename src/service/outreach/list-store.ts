import type { Queryable } from '../db/database.js';
import { companyKeyFrom, personKey, personRefFrom } from './person-keys.js';

/** One value to list, as given: a person (profile URL, slug or URN) or a company. */
export interface NewEntry {
  kind: 'person' | 'company';
  value: string;
  reason?: string | null;
  /** The CSV line it came from: a value that cannot be listed is then reported by line. */
  line?: number;
  /**
   * What an imported file says of who added it and when: kept as the file's word beside the
   * importer and the import time, never in their place.
   */
  sourceAddedBy?: string | null;
  sourceAddedAt?: string | null;
}

/** What adding answers: how many went in, and each value that did not with why. */
interface AddResult {
  added: number;
  skipped: { value: string; reason: string }[];
  /** Values from a CSV that cannot be listed, by line. */
  errors: { line: number; reason: string }[];
}

/** An entry as listed and exported. */
export interface ListEntry {
  id: string;
  kind: 'person' | 'company';
  value: string;
  reason: string | null;
  added_by: string | null;
  added_at: Date;
  /** Who added it and when, as the file it was imported from said; null when not imported. */
  source_added_by: string | null;
  source_added_at: Date | null;
  /** `added_at` to the microsecond, as a page's cursor needs it. */
  cursor_at: string;
}

const MAX_VALUE = 2000;
const MAX_REASON = 500;
const BATCH = 500;

/** The key a value is listed under, or why it cannot be. */
function keyOf(entry: NewEntry): { key: string } | { error: string } {
  const value = entry.value.trim();
  if (!value) return { error: 'empty value' };
  if (value.length > MAX_VALUE) return { error: `longer than ${MAX_VALUE} characters` };
  if (entry.kind === 'person') {
    const ref = personRefFrom(value);
    return ref ? { key: personKey(ref) } : { error: 'not a profile URL, slug or URN' };
  }
  const key = companyKeyFrom(value);
  return key ? { key } : { error: 'not a company URL, slug, URN or name' };
}

/**
 * Lists people and companies for the team, `addedBy` (a member's e-mail, or null for the API key)
 * as who added them, now. Thousands at a time: one insert per batch of 500. A value that is no
 * identifier, or that is on the list already (in any of its forms' keys), is skipped with why; a
 * CSV line whose values cannot be listed is one error, however many values it gave.
 */
export async function addToList(
  db: Queryable,
  teamId: string,
  entries: Iterable<NewEntry> | AsyncIterable<NewEntry>,
  addedBy: string | null,
): Promise<AddResult> {
  const result: AddResult = { added: 0, skipped: [], errors: [] };
  const refuse = (entry: NewEntry, reason: string) => {
    if (entry.line === undefined) {
      result.skipped.push({ value: entry.value, reason });
      return;
    }
    // A line's values come one after the other: a second refused value joins its line's error.
    const last = result.errors[result.errors.length - 1];
    const said = `${reason}: ${entry.value}`;
    if (last?.line === entry.line) last.reason = `${last.reason}; ${said}`;
    else result.errors.push({ line: entry.line, reason: said });
  };
  let batch: (NewEntry & { key: string })[] = [];
  const seen = new Set<string>();
  const flush = async () => {
    if (!batch.length) return;
    const rows = await db.query<{ kind: string; key: string }>(
      // Entries added together keep their order: a microsecond apart.
      `INSERT INTO do_not_contact (id, team_id, kind, key, value, reason, added_by_email, created_at,
                                   source_added_by, source_added_at)
       SELECT gen_random_uuid(), $1, e.kind, e.key, e.value, e.reason, $2,
              now() + e.n * interval '1 microsecond', e.source_added_by, e.source_added_at
         FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
              WITH ORDINALITY AS e(kind, key, value, reason, source_added_by, source_added_at, n)
       ON CONFLICT (team_id, kind, key) DO NOTHING
       RETURNING kind, key`,
      [
        teamId,
        addedBy,
        batch.map((e) => e.kind),
        batch.map((e) => e.key),
        batch.map((e) => e.value.trim()),
        batch.map((e) => e.reason?.trim() || null),
        batch.map((e) => e.sourceAddedBy?.trim() || null),
        batch.map((e) => e.sourceAddedAt ?? null),
      ],
    );
    const inserted = new Set(rows.map((r) => `${r.kind} ${r.key}`));
    for (const e of batch) {
      if (inserted.has(`${e.kind} ${e.key}`)) result.added++;
      else result.skipped.push({ value: e.value, reason: 'already on the list' });
    }
    batch = [];
  };
  for await (const entry of entries) {
    const key = keyOf(entry);
    if ('error' in key) {
      refuse(entry, key.error);
      continue;
    }
    if (entry.reason && entry.reason.length > MAX_REASON) {
      refuse(entry, `reason longer than ${MAX_REASON} characters`);
      continue;
    }
    const id = `${entry.kind} ${key.key}`;
    if (seen.has(id)) {
      result.skipped.push({ value: entry.value, reason: 'given twice' });
      continue;
    }
    seen.add(id);
    batch.push({ ...entry, key: key.key });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return result;
}

/**
 * Takes a value off the list: the entry given as this value, or under the key it stands for (a
 * profile's URL removes the entry added by its slug). The number of entries removed.
 */
export async function removeFromList(
  db: Queryable,
  teamId: string,
  value: string,
): Promise<number> {
  const v = value.trim();
  const person = keyOf({ kind: 'person', value: v });
  const company = keyOf({ kind: 'company', value: v });
  const rows = await db.query<{ id: string }>(
    `DELETE FROM do_not_contact
      WHERE team_id = $1
        AND (value = $2 OR (kind = 'person' AND key = $3) OR (kind = 'company' AND key = $4))
      RETURNING id`,
    [teamId, v, 'key' in person ? person.key : null, 'key' in company ? company.key : null],
  );
  return rows.length;
}

/** Where a page of the list starts: after this entry (the list is oldest first). */
export interface ListCursor {
  at: string;
  id: string;
}

/**
 * A page of the list, oldest first, after `cursor`; `q` keeps the entries whose value, reason or
 * adder contains it (without case).
 */
export async function listPage(
  db: Queryable,
  teamId: string,
  opts: { q?: string; after?: ListCursor; limit: number },
): Promise<ListEntry[]> {
  const q = opts.q?.trim() ? `%${opts.q.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
  return db.query<ListEntry>(
    `SELECT id, kind, value, reason, added_by_email AS added_by, created_at AS added_at,
            source_added_by, source_added_at, created_at::text AS cursor_at
       FROM do_not_contact
      WHERE team_id = $1
        AND ($2::text IS NULL OR value ILIKE $2 OR reason ILIKE $2 OR added_by_email ILIKE $2)
        AND ($3::timestamptz IS NULL OR (created_at, id) > ($3::timestamptz, $4::uuid))
      ORDER BY created_at, id
      LIMIT $5`,
    [teamId, q, opts.after?.at ?? null, opts.after?.id ?? null, opts.limit],
  );
}
