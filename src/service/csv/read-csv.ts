import { pipeline, Readable } from 'node:stream';
import { type CsvError, parse } from 'csv-parse';

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

function nodeStream(source: CsvSource): Readable {
  if (typeof source === 'string') return Readable.from([source]);
  if (source instanceof ReadableStream) {
    return Readable.fromWeb(source as import('node:stream/web').ReadableStream<Uint8Array>);
  }
  return Readable.from(source);
}

function reasonOf(err: CsvError): string {
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'a quoted field is not closed';
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'INVALID_OPENING_QUOTE':
      return 'a quote inside a field that is not quoted, or text after a closing quote';
    case 'CSV_MAX_RECORD_SIZE':
      return 'the record is too long';
    default:
      return err.message;
  }
}

/**
 * The rows of a CSV document (RFC 4180; comma-separated, `"` quoting, CRLF or LF, a UTF-8
 * byte-order mark allowed) as they are parsed: the first record is the header, every later one a
 * row keyed by the trimmed header names, numbered by the line it starts on. A row the parser cannot
 * read, or with a different number of fields than the header, comes as a reason for its line and
 * the rows after it are still read. Empty lines are skipped. A cell an export neutralised as a
 * formula (`'=…`) is read without its leading `'`.
 */
export async function* readCsv(
  source: CsvSource,
  options: ReadCsvOptions = {},
): AsyncGenerator<CsvEntry> {
  const skipped: { line: number; reason: string }[] = [];
  let lastLine = 0;
  // The parser counts a CRLF inside a quoted field as two lines; this many so far are taken off.
  let crlfInFields = 0;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    max_record_size: options.maxRecordSize ?? 65_536,
    info: true,
    on_skip: (err) => {
      if (err) {
        const line = typeof err.lines === 'number' ? err.lines - crlfInFields : lastLine + 1;
        skipped.push({ line, reason: reasonOf(err) });
        lastLine = line;
      }
      return undefined;
    },
  });
  const input = nodeStream(source);
  let failure: Error | undefined;
  pipeline(input, parser, (err) => {
    if (err) failure = err;
  });
  let header: string[] | undefined;
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number; raw?: string };
    }>) {
      const breaks = lineBreaks(record);
      crlfInFields += breaks.crlf;
      const endLine = info.lines - crlfInFields;
      const line = endLine - breaks.all;
      // Rows the parser skipped are reported in line order among the rows it read.
      while (skipped.length && (skipped[0]?.line ?? 0) < line) yield skipped.shift() as CsvEntry;
      if (!header) {
        header = record.map((h) => h.trim());
        lastLine = endLine;
        const have = new Set(header.map((h) => h.toLowerCase()));
        const missing = (options.required ?? []).filter((r) => !have.has(r.toLowerCase()));
        if (missing.length) {
          throw new CsvHeaderError(
            `CSV header has no ${missing.map((m) => `"${m}"`).join(', ')} column`,
          );
        }
        continue;
      }
      lastLine = endLine;
      if (record.length !== header.length) {
        yield {
          line,
          reason: `${record.length} fields where the header has ${header.length}`,
        };
        continue;
      }
      const fields: Record<string, string> = {};
      header.forEach((h, i) => {
        fields[h] = unneutralised(record[i] ?? '');
      });
      yield { line, fields };
    }
    while (skipped.length) yield skipped.shift() as CsvEntry;
    if (failure) throw failure;
    if (!header) throw new CsvHeaderError('CSV has no header row');
  } finally {
    input.destroy();
    parser.destroy();
  }
}

/**
 * A cell as written before an export neutralised it (write-csv.ts): the `'` put before a leading
 * `=`, `+`, `-`, `@`, tab or carriage return is taken off, so a round trip keeps the value.
 */
function unneutralised(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

/** The line breaks inside a record's fields: all of them, and how many are CRLF. */
function lineBreaks(record: string[]): { all: number; crlf: number } {
  let all = 0;
  let crlf = 0;
  for (const field of record) {
    for (const m of field.matchAll(/\r\n|\n|\r/g)) {
      all++;
      if (m[0].length === 2) crlf++;
    }
  }
  return { all, crlf };
}
