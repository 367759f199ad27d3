import type { Queryable } from '../db/database.js';
import type { SequenceStep } from '../../contract/sequences.js';
import { CsvHeaderError, readCsv } from '../csv/read-csv.js';
import type { CsvColumn } from '../csv/write-csv.js';
import { keysetBatches } from '../csv/keyset-batches.js';
import { HttpError } from '../http/http-error.js';

/** The most rows one CSV import enrolls; the lines after are reported. */
const MAX_IMPORT_ROWS = 5000;

interface ImportedPeople {
  people: { profile: string; custom: Record<string, string> }[];
  errors: { line: number; reason: string }[];
}

/**
 * The people of an enrollment CSV (docs/sequences.md "CSV"): a `profile` column (a URL, slug or
 * URN) and any other columns, which become the person's `{custom.<column>}` template fields. A line
 * that cannot be read, or has no profile, is reported by its number; the others go in. A document
 * without a header row or a `profile` column is a 400.
 */
export async function readEnrollmentCsv(
  body: ReadableStream<Uint8Array> | string,
): Promise<ImportedPeople> {
  const out: ImportedPeople = { people: [], errors: [] };
  try {
    for await (const entry of readCsv(body, { required: ['profile'] })) {
      if ('reason' in entry) {
        out.errors.push(entry);
        continue;
      }
      const custom: Record<string, string> = {};
      let profile = '';
      for (const [column, value] of Object.entries(entry.fields)) {
        if (column.toLowerCase() === 'profile') profile = value.trim();
        else if (column) custom[column] = value;
      }
      if (!profile) out.errors.push({ line: entry.line, reason: 'the profile column is empty' });
      else if (out.people.length >= MAX_IMPORT_ROWS)
        out.errors.push({
          line: entry.line,
          reason: `over the ${MAX_IMPORT_ROWS} people one import enrolls: import the rest in another file`,
        });
      else out.people.push({ profile, custom });
    }
  } catch (err) {
    if (err instanceof CsvHeaderError) throw new HttpError(400, err.message);
    throw err;
  }
  return out;
}

interface ExportRow {
  id: string;
  profile_input: string;
  profile_urn: string | null;
  name: string | null;
  state: string;
  step_index: number;
  steps: SequenceStep[];
  sender_email: string | null;
  sender_reason: string | null;
  custom: Record<string, string>;
  created_at: Date;
  invited_at: Date | null;
  accepted_at: Date | null;
  messaged_at: Date | null;
  replied_at: Date | null;
  next_run_at: Date;
  waiting_reason: string | null;
  error: string | null;
  /** created_at as the database writes it (microseconds, which a Date would lose): the page key. */
  at_key: string;
}

const open = (r: ExportRow) => r.state === 'active' || r.state === 'waiting_acceptance';

const FIXED: CsvColumn<ExportRow>[] = [
  { header: 'profile', value: (r) => r.profile_input },
  { header: 'profile_urn', value: (r) => r.profile_urn },
  { header: 'name', value: (r) => r.name },
  { header: 'state', value: (r) => r.state },
  { header: 'sender_email', value: (r) => r.sender_email },
  { header: 'sender_reason', value: (r) => r.sender_reason },
  { header: 'step', value: (r) => (open(r) && r.steps[r.step_index] ? r.step_index + 1 : null) },
  { header: 'step_type', value: (r) => (open(r) ? (r.steps[r.step_index]?.type ?? null) : null) },
  { header: 'enrolled_at', value: (r) => r.created_at },
  { header: 'invited_at', value: (r) => r.invited_at },
  { header: 'accepted_at', value: (r) => r.accepted_at },
  { header: 'messaged_at', value: (r) => r.messaged_at },
  { header: 'replied_at', value: (r) => r.replied_at },
  { header: 'next_run_at', value: (r) => (open(r) ? r.next_run_at : null) },
  { header: 'waiting_reason', value: (r) => (open(r) ? r.waiting_reason : null) },
  { header: 'error', value: (r) => r.error },
];

/**
 * The columns of a sequence's people as CSV: the fixed ones, then each column a CSV import brought
 * (under its own name, so the file imports again into another sequence with its fields).
 */
export async function enrollmentColumns(
  db: Queryable,
  sequenceId: string,
): Promise<CsvColumn<ExportRow>[]> {
  const keys = await db.query<{ key: string }>(
    `SELECT DISTINCT k AS key FROM sequence_enrollments, jsonb_object_keys(custom) AS k
      WHERE sequence_id = $1 ORDER BY 1`,
    [sequenceId],
  );
  const fixed = new Set(FIXED.map((c) => c.header));
  return [
    ...FIXED,
    ...keys
      .filter((k) => !fixed.has(k.key))
      .map((k) => ({ header: k.key, value: (r: ExportRow) => r.custom?.[k.key] ?? '' })),
  ];
}

/** Every person of a sequence (of one state), oldest first, read a batch at a time. */
export function enrollmentRows(
  db: Queryable,
  teamId: string,
  sequenceId: string,
  state: string | undefined,
): AsyncGenerator<ExportRow> {
  return keysetBatches<ExportRow, { at: string; id: string }>(
    (after, limit) =>
      db.query<ExportRow>(
        `SELECT e.id, e.profile_input, e.profile_urn, e.name, e.state, e.step_index, s.steps, m.email AS sender_email,
                e.sender_reason, e.custom, e.created_at, e.invited_at, e.accepted_at, e.messaged_at, e.replied_at,
                e.next_run_at, e.waiting_reason, e.error, e.created_at::text AS at_key
           FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
           LEFT JOIN memberships m ON m.team_id = e.team_id AND m.user_id = e.sender_user_id
          WHERE s.team_id = $1 AND s.id = $2 AND ($3::text IS NULL OR e.state = $3)
            AND ($4::timestamptz IS NULL OR (e.created_at, e.id) > ($4::timestamptz, $5::uuid))
          ORDER BY e.created_at, e.id LIMIT ${limit}`,
        [teamId, sequenceId, state ?? null, after?.at ?? null, after?.id ?? null],
      ),
    (r) => ({ at: r.at_key, id: r.id }),
  );
}
