import type { CsvColumn } from '../csv/write-csv.js';
import { CsvHeaderError, readCsv } from '../csv/read-csv.js';
import type { ListEntry, NewEntry } from './list-store.js';

/**
 * The list as a CSV: what an import reads back. `source_added_by` and `source_added_at` are what
 * the file an entry was imported from said; an import reads them from `added_by` and `added_at`.
 */
export const LIST_CSV_COLUMNS: CsvColumn<ListEntry>[] = [
  { header: 'kind', value: (e) => e.kind },
  { header: 'value', value: (e) => e.value },
  { header: 'reason', value: (e) => e.reason },
  { header: 'added_by', value: (e) => e.added_by },
  { header: 'added_at', value: (e) => e.added_at },
  { header: 'source_added_by', value: (e) => e.source_added_by },
  { header: 'source_added_at', value: (e) => e.source_added_at },
];

/** The longest adder a file may name: an e-mail address is at most 254 characters. */
const MAX_SOURCE_ADDED_BY = 320;

const COMPANY_RE = /\/(?:company|school|showcase)\/|^urn:[a-z]+:(?:fsd_)?company:/i;

function kindOf(value: string, kind: string | undefined): NewEntry['kind'] | string {
  const k = kind?.trim().toLowerCase();
  if (k === 'person' || k === 'company') return k;
  if (k) return `kind must be person or company, not "${kind}"`;
  return COMPANY_RE.test(value) ? 'company' : 'person';
}

/**
 * The entries of a CSV import, as they are read: a `value` column (with `kind`, person or
 * company; without it a company page URL or URN is a company and anything else a person), or
 * `profile` and `company` columns; a `reason` column, else `defaultReason`. `added_by` and
 * `added_at` columns (an export's) are what the file says of who added each and when: kept as the
 * source's word (`sourceAddedBy`, `sourceAddedAt`), as the importer is who added them now. Rows
 * that cannot be read go to `errors` by line, one each.
 */
export async function* entriesFromCsv(
  source: ReadableStream<Uint8Array> | string,
  defaultReason: string | null,
  errors: { line: number; reason: string }[],
): AsyncGenerator<NewEntry> {
  let shape: 'value' | 'columns' | undefined;
  for await (const row of readCsv(source)) {
    if ('reason' in row) {
      errors.push(row);
      continue;
    }
    const f = lowerKeys(row.fields);
    if (!shape) {
      if ('value' in f) shape = 'value';
      else if ('profile' in f || 'company' in f) shape = 'columns';
      else throw new CsvHeaderError('CSV header needs a "value" column, or "profile" or "company"');
    }
    const reason = f.reason?.trim() || defaultReason;
    const source = {
      sourceAddedBy: f.added_by?.trim() || null,
      sourceAddedAt: instantOf(f.added_at),
    };
    if ((source.sourceAddedBy?.length ?? 0) > MAX_SOURCE_ADDED_BY) {
      errors.push({
        line: row.line,
        reason: `added_by longer than ${MAX_SOURCE_ADDED_BY} characters`,
      });
      continue;
    }
    if (shape === 'value') {
      const value = f.value?.trim() ?? '';
      if (!value) {
        errors.push({ line: row.line, reason: 'empty value' });
        continue;
      }
      const kind = kindOf(value, f.kind);
      if (kind !== 'person' && kind !== 'company') {
        errors.push({ line: row.line, reason: kind });
        continue;
      }
      yield { kind, value, reason, line: row.line, ...source };
      continue;
    }
    const profile = f.profile?.trim();
    const company = f.company?.trim();
    if (!profile && !company) errors.push({ line: row.line, reason: 'no profile or company' });
    if (profile) yield { kind: 'person', value: profile, reason, line: row.line, ...source };
    if (company) yield { kind: 'company', value: company, reason, line: row.line, ...source };
  }
}

/** A date a file gives, as an ISO instant; null when it is none (or outside years 0001–9999). */
function instantOf(text: string | undefined): string | null {
  const t = Date.parse(text?.trim() ?? '');
  if (Number.isNaN(t)) return null;
  const iso = new Date(t).toISOString();
  return /^\d{4}-/.test(iso) && !iso.startsWith('0000') ? iso : null;
}

function lowerKeys(fields: Record<string, string>): Record<string, string | undefined> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(fields)) out[k.toLowerCase()] = v;
  return out;
}
