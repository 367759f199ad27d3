import { pipeline, Readable, Transform } from 'node:stream';

/** One column of an export: its header and how a row gives its cell. */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => unknown;
}

/** What a CSV answer carries besides its body. */
const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** A cell as text: dates in ISO 8601, booleans as words, nothing as an empty cell. */
function cell(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.join(' ');
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

async function* cells<T>(
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T>,
): AsyncGenerator<unknown[]> {
  for await (const row of rows) yield columns.map((c) => cell(c.value(row)));
}

/**
 * Rows as an RFC 4180 document (header row, CRLF between records, UTF-8 with a byte-order mark so
 * spreadsheets read non-Latin scripts), written as the rows arrive: the library's stream pulls the
 * next row only when the reader has taken the previous ones, so an export of any size holds a few
 * rows at a time. A cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`,
 * `@`, a tab or a carriage return) is written with a leading `'`; a negative number stays a number.
 * A reader that goes away stops the rows' iterator (its `finally` runs).
 */
export function csvStream<T>(
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T>,
  onError?: (err: Error) => void,
): ReadableStream<Uint8Array> {
  const out = coalesced();
  // The writer is loaded by the first export: a service that never exports never holds it.
  import('csv-stringify').then(
    ({ stringify }) => {
      const stringifier = stringify({
        header: true,
        columns: columns.map((c) => c.header),
        bom: true,
        record_delimiter: 'windows',
        escape_formulas: true,
        // The library quotes only the record delimiter itself; a lone LF or CR breaks a line too.
        quoted_match: /[\r\n]/,
      });
      pipeline(Readable.from(cells(columns, rows)), stringifier, out, (err) => {
        if (
          err &&
          onError &&
          (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE'
        ) {
          onError(err);
        }
      });
    },
    (err: Error) => {
      onError?.(err);
      out.destroy(err);
    },
  );
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}

/** How much of the document one chunk holds at most. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The writer's records (one small chunk each) gathered into chunks of up to CHUNK_BYTES: what was
 * written in one turn of the event loop (a batch of rows read together) goes out as one chunk at
 * the end of that turn, so the first rows leave as soon as they are read, and a long export is a
 * few hundred writes to the socket rather than one per row.
 */
function coalesced(): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  let scheduled = false;
  const flush = (stream: Transform) => {
    scheduled = false;
    if (size === 0) return;
    stream.push(parts.length === 1 ? parts[0] : Buffer.concat(parts, size));
    parts = [];
    size = 0;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= CHUNK_BYTES) flush(this);
      else if (!scheduled) {
        scheduled = true;
        setImmediate(() => flush(this));
      }
      done();
    },
    flush(done) {
      flush(this);
      done();
    },
  });
}

/** A streamed CSV answer, offered for download as `filename`. */
export function csvResponse<T>(
  filename: string,
  columns: readonly CsvColumn<T>[],
  rows: AsyncIterable<T>,
  onError?: (err: Error) => void,
): Response {
  return new Response(csvStream(columns, rows, onError), {
    headers: {
      'content-type': CSV_CONTENT_TYPE,
      'content-disposition': `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`,
      'cache-control': 'no-store',
    },
  });
}
