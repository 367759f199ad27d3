import { type CsvRecord, CsvRecords } from './csv-records.js';

/** One data row of an imported CSV, by header name, or why its line was not read. */
export type CsvEntry =
  | { line: number; fields: Record<string, string> }
  | { line: number; reason: string };

/** The document cannot be read at all: no header row, or a column the import needs is missing. */
export class CsvHeaderError extends Error {}

interface ReadCsvOptions {
  /** Header names (compared without case) the document must have. */
  required?: readonly string[];
  /** The longest record taken, in characters; a longer one is reported and skipped. */
  maxRecordSize?: number;
}

type CsvSource = ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> | string;

/** The document as text, a piece at a time, without a leading UTF-8 byte-order mark. */
async function* textOf(source: CsvSource): AsyncGenerator<string> {
  if (typeof source === 'string') {
    yield source.replace(/^\uFEFF/, '');
    return;
  }
  const decoder = new TextDecoder('utf-8');
  let first = true;
  for await (const chunk of source as AsyncIterable<Uint8Array | string>) {
    let text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    if (first && text !== '') {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    yield text;
  }
  yield decoder.decode();
}

/**
 * The rows of a CSV document (RFC 4180; comma-separated, `"` quoting, CRLF or LF, a UTF-8
 * byte-order mark allowed) as they are read: the first record is the header, every later one a
 * row keyed by the trimmed header names, numbered by the line it starts on. A row that cannot be
 * read, or with a different number of fields than the header, comes as one reason for its line,
 * and the lines after it are still read (csv-records.ts: a stray quote costs its own line only).
 * Empty lines are skipped. A cell an export neutralised as a formula (`'=…`) is read without its
 * leading `'`.
 */
export async function* readCsv(
  source: CsvSource,
  options: ReadCsvOptions = {},
): AsyncGenerator<CsvEntry> {
  const records = new CsvRecords(options.maxRecordSize ?? 65_536);
  let header: string[] | undefined;
  const entryOf = (record: CsvRecord): CsvEntry | undefined => {
    if (!header) {
      if ('reason' in record) {
        throw new CsvHeaderError(`CSV header row cannot be read: ${record.reason}`);
      }
      header = record.fields.map((h) => h.trim());
      const have = new Set(header.map((h) => h.toLowerCase()));
      const missing = (options.required ?? []).filter((r) => !have.has(r.toLowerCase()));
      if (missing.length) {
        throw new CsvHeaderError(
          `CSV header has no ${missing.map((m) => `"${m}"`).join(', ')} column`,
        );
      }
      return undefined;
    }
    if ('reason' in record) return record;
    if (record.fields.length !== header.length) {
      return {
        line: record.line,
        reason: `${record.fields.length} fields where the header has ${header.length}`,
      };
    }
    const fields: Record<string, string> = {};
    header.forEach((h, i) => {
      fields[h] = unneutralised(record.fields[i] ?? '');
    });
    return { line: record.line, fields };
  };
  for await (const text of textOf(source)) {
    for (const record of records.push(text)) {
      const entry = entryOf(record);
      if (entry) yield entry;
    }
  }
  for (const record of records.end()) {
    const entry = entryOf(record);
    if (entry) yield entry;
  }
  if (!header) throw new CsvHeaderError('CSV has no header row');
}

/**
 * A cell as written before an export neutralised it (write-csv.ts): the `'` put before a leading
 * `=`, `+`, `-`, `@`, tab or carriage return is taken off, so a round trip keeps the value.
 */
function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}
