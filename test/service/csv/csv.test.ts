// Either database: pure functions of the service, no database at all.
import { describe, expect, it } from 'vitest';
import { keysetBatches } from '../../../src/service/csv/keyset-batches.js';
import { type CsvEntry, CsvHeaderError, readCsv } from '../../../src/service/csv/read-csv.js';
import { type CsvColumn, csvStream } from '../../../src/service/csv/write-csv.js';

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const bytes = await new Response(stream).arrayBuffer();
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

async function all(source: Parameters<typeof readCsv>[0], required?: string[]) {
  const out: CsvEntry[] = [];
  for await (const e of readCsv(source, { required })) out.push(e);
  return out;
}

/** The document's UTF-8 bytes, one chunk per byte. */
function byteStream(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (const b of bytes) c.enqueue(new Uint8Array([b]));
      c.close();
    },
  });
}

async function* from<T>(rows: T[]): AsyncGenerator<T> {
  for (const r of rows) yield r;
}

type Person = { name: string; note: string | null; n: number; at: Date; ok: boolean };
const columns: CsvColumn<Person>[] = [
  { header: 'name', value: (p) => p.name },
  { header: 'note', value: (p) => p.note },
  { header: 'n', value: (p) => p.n },
  { header: 'at', value: (p) => p.at },
  { header: 'ok', value: (p) => p.ok },
];

describe('CSV writing', () => {
  it('writes RFC 4180: header, CRLF, quotes doubled, UTF-8 with a byte-order mark', async () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const body = await text(
      csvStream(
        columns,
        from<Person>([
          { name: 'Müller, "Jo"', note: 'two\nlines', n: -3, at, ok: true },
          { name: '李小龙', note: null, n: 0, at, ok: false },
        ]),
      ),
    );
    expect(body).toBe(
      '\uFEFFname,note,n,at,ok\r\n' +
        `"Müller, ""Jo""","two\nlines",-3,2026-01-02T03:04:05.000Z,true\r\n` +
        '李小龙,,0,2026-01-02T03:04:05.000Z,false\r\n',
    );
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const at = new Date(0);
    const names = ['=HYPERLINK("x")', '+1+1', '-2+3', '@SUM(A1)', 'plain'];
    const body = await text(
      csvStream(columns, from(names.map((name) => ({ name, note: null, n: 1, at, ok: true })))),
    );
    const firsts = body
      .split('\r\n')
      .slice(1, -1)
      .map((l) => l.slice(0, l.indexOf(',,1,')));
    expect(firsts).toEqual([`"'=HYPERLINK(""x"")"`, "'+1+1", "'-2+3", "'@SUM(A1)", 'plain']);
  });

  it('writes nothing but the header for no rows, and stops the rows when the reader leaves', async () => {
    expect(await text(csvStream(columns, from([])))).toBe('\uFEFFname,note,n,at,ok\r\n');
    let produced = 0;
    let finished = false;
    async function* endless(): AsyncGenerator<Person> {
      try {
        for (;;) {
          produced++;
          yield { name: 'x'.repeat(100), note: null, n: produced, at: new Date(0), ok: true };
        }
      } finally {
        finished = true;
      }
    }
    const reader = csvStream(columns, endless()).getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    await reader.cancel();
    await new Promise((r) => setTimeout(r, 50));
    expect(finished).toBe(true);
    expect(produced).toBeLessThan(10_000);
  });
});

describe('CSV reading', () => {
  it('reads rows by header name, numbered by the line they start on', async () => {
    const rows = await all(
      '\uFEFFprofile, reason\r\nalice,"a, b"\r\n\r\nbob,"two\r\nlines"\r\ncarol,"say ""hi"""\r\n',
      ['Profile'],
    );
    expect(rows).toEqual([
      { line: 2, fields: { profile: 'alice', reason: 'a, b' } },
      { line: 4, fields: { profile: 'bob', reason: 'two\r\nlines' } },
      { line: 6, fields: { profile: 'carol', reason: 'say "hi"' } },
    ]);
  });

  it('reports bad rows by line and keeps reading the good ones', async () => {
    const rows = await all('profile,reason\na,1\nb\nc,x"y\nd,4\ne,5,extra\nf,6\n');
    expect(rows.filter((r) => 'fields' in r).map((r) => r.line)).toEqual([2, 5, 7]);
    const bad = rows.filter((r) => 'reason' in r) as { line: number; reason: string }[];
    expect(bad.map((r) => r.line)).toEqual([3, 4, 6]);
    expect(bad[0]?.reason).toMatch(/1 fields where the header has 2/);
    expect(bad[1]?.reason).toMatch(/quote/);
  });

  it('reports an unclosed quote once, at its line, and reads the rows after it', async () => {
    const doc = 'profile,reason\r\na,1\r\n"b,never closed\r\nc,3\r\nd,4\r\n"e,5';
    const rows = await all(doc);
    // The same when the bytes come one at a time (a CRLF split between two of them).
    expect(await all(byteStream(doc))).toEqual(rows);
    expect(rows).toEqual([
      { line: 2, fields: { profile: 'a', reason: '1' } },
      { line: 3, reason: 'a quoted field is not closed' },
      { line: 4, fields: { profile: 'c', reason: '3' } },
      { line: 5, fields: { profile: 'd', reason: '4' } },
      { line: 6, reason: 'a quoted field is not closed' },
    ]);
  });

  it('reports a stray quote once, at the line its record starts, and reads the next line', async () => {
    const doc = 'profile,reason\nd,"x"y\ne,"two\nlines"z\nf,6\n';
    const rows = await all(doc);
    expect(await all(byteStream(doc))).toEqual(rows);
    const stray = 'a quote inside a field that is not quoted, or text after a closing quote';
    expect(rows).toEqual([
      { line: 2, reason: stray },
      // A quote closed on a later line with text after it: taken as never closed, and the
      // record's second line is read again on its own.
      { line: 3, reason: 'a quoted field is not closed' },
      { line: 4, reason: stray },
      { line: 5, fields: { profile: 'f', reason: '6' } },
    ]);
  });

  it('reports a record over the size limit once and goes on after it', async () => {
    const long = 'x'.repeat(100);
    const out: CsvEntry[] = [];
    for await (const e of readCsv(`name,note\na,"${long}\n${long}"\nb,2\n`, { maxRecordSize: 150 }))
      out.push(e);
    expect(out).toEqual([
      { line: 2, reason: 'the record is too long' },
      { line: 4, fields: { name: 'b', note: '2' } },
    ]);
  });

  it('reads a stream of bytes split anywhere, multi-byte characters included', async () => {
    expect(await all(byteStream('name\nКиїв\n東京\n'))).toEqual([
      { line: 2, fields: { name: 'Київ' } },
      { line: 3, fields: { name: '東京' } },
    ]);
  });

  it('refuses a document without the columns it needs, or without a header', async () => {
    await expect(all('name,reason\nx,y\n', ['profile'])).rejects.toThrow(CsvHeaderError);
    await expect(all('name,reason\nx,y\n', ['profile'])).rejects.toThrow(/"profile"/);
    await expect(all('')).rejects.toThrow(/no header/);
  });

  it('round-trips what it writes', async () => {
    const at = new Date('2026-05-06T07:08:09.000Z');
    const people: Person[] = [
      { name: 'Ng, "Ann"\nJr', note: 'محمد', n: 1, at, ok: true },
      { name: 'Ελένη', note: ' spaced ', n: 2, at, ok: false },
    ];
    const rows = await all(csvStream(columns, from(people)));
    expect(rows).toEqual(
      people.map((p, i) => ({
        line: i === 0 ? 2 : 4,
        fields: {
          name: p.name,
          note: p.note,
          n: String(p.n),
          at: at.toISOString(),
          ok: String(p.ok),
        },
      })),
    );
  });
});

describe('keysetBatches', () => {
  it('reads every row a batch at a time after the last key', async () => {
    const data = Array.from({ length: 25 }, (_, i) => i);
    const calls: (number | undefined)[] = [];
    const out: number[] = [];
    for await (const n of keysetBatches(
      async (after: number | undefined, limit) => {
        calls.push(after);
        return data.filter((d) => after === undefined || d > after).slice(0, limit);
      },
      (n) => n,
      10,
    ))
      out.push(n);
    expect(out).toEqual(data);
    expect(calls).toEqual([undefined, 9, 19]);
  });
});
