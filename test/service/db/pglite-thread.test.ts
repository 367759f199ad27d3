import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../../src/service/db/database.js';
import { openDatabase } from '../../../src/service/db/open-database.js';
import { isDatabaseUnavailable } from '../../../src/service/db/unavailable.js';

// Either database: it tests the embedded database itself.

// PGlite on its own thread (db/pglite-database.ts): what crosses the thread must behave as PGlite
// in process did. Always the embedded database, whatever DATABASE_URL says.

let db: Database;
beforeAll(async () => {
  db = await openDatabase({ url: 'memory://' });
  await db.query(
    'CREATE TABLE notes (id int PRIMARY KEY, body text, at timestamptz, raw bytea, doc jsonb)',
  );
});
afterAll(() => db.close());

test('values cross the thread with their types', async () => {
  const at = new Date('2026-11-23T10:00:00.000Z');
  await db.query('INSERT INTO notes VALUES ($1, $2, $3, $4, $5)', [
    1,
    'héllo 👋',
    at,
    Buffer.from([1, 2, 255]),
    JSON.stringify({ a: [1, null] }),
  ]);
  const [row] = await db.query<{
    id: number;
    body: string;
    at: Date;
    raw: Uint8Array;
    doc: unknown;
  }>('SELECT * FROM notes WHERE id = 1');
  expect(row).toEqual({
    id: 1,
    body: 'héllo 👋',
    at,
    raw: new Uint8Array([1, 2, 255]),
    doc: { a: [1, null] },
  });
  expect(row!.at).toBeInstanceOf(Date);
});

test("errors keep PostgreSQL's message and fields", async () => {
  const err = await db.query('INSERT INTO notes (id) VALUES (1)').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(Error);
  expect(err).toMatchObject({
    code: '23505',
    constraint: 'notes_pkey',
    message: expect.stringMatching(/duplicate key value/),
  });
  // The connection is still good after it.
  expect(await db.query<{ n: number }>('SELECT 1 AS n')).toEqual([{ n: 1 }]);
});

test('a statement made during a transaction waits for it, and is not undone by its rollback', async () => {
  let outsideDone = false;
  let outside: Promise<unknown> = Promise.resolve();
  const failed = db
    .transaction(async (tx) => {
      await tx.query("INSERT INTO notes (id, body) VALUES (10, 'inside')");
      outside = db
        .query("INSERT INTO notes (id, body) VALUES (11, 'outside')")
        .then(() => (outsideDone = true));
      await new Promise((r) => setTimeout(r, 50));
      // Still waiting: it would otherwise have run inside this transaction.
      expect(outsideDone).toBe(false);
      throw new Error('roll back');
    })
    .catch((e: Error) => e.message);
  expect(await failed).toBe('roll back');
  await outside;
  expect(await db.query('SELECT id, body FROM notes WHERE id IN (10, 11) ORDER BY id')).toEqual([
    { id: 11, body: 'outside' },
  ]);
});

test('a transaction commits, and runs a whole script', async () => {
  const n = await db.transaction(async (tx) => {
    await tx.exec(
      "INSERT INTO notes (id, body) VALUES (20, 'a'); INSERT INTO notes (id, body) VALUES (21, 'b');",
    );
    return (
      await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id >= 20')
    )[0]!.n;
  });
  expect(n).toBe(2);
  expect(
    (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes WHERE id >= 20'))[0]!.n,
  ).toBe(2);
});

test('a read-only snapshot refuses to write, and changes nothing', async () => {
  const err = await db
    .transaction((tx) => tx.query("INSERT INTO notes (id, body) VALUES (30, 'no')"), {
      readOnlySnapshot: true,
    })
    .catch((e: unknown) => e);
  expect(err).toMatchObject({ code: '25006' }); // read_only_sql_transaction
  expect(await db.query('SELECT id FROM notes WHERE id = 30')).toEqual([]);
});

test('notifications reach listeners on the service thread, until they stop listening', async () => {
  const heard: string[] = [];
  const unlisten = await db.listen('notes_changed', (p) => heard.push(p));
  await db.query("SELECT pg_notify('notes_changed', 'first')");
  await expect.poll(() => heard).toEqual(['first']);
  await unlisten();
  await db.query("SELECT pg_notify('notes_changed', 'second')");
  await db.query('SELECT 1');
  expect(heard).toEqual(['first']);
});

test('once closed, a call fails and says so', async () => {
  const other = await openDatabase({ url: 'memory://' });
  await other.close();
  const err = await other.query('SELECT 1').catch((e: Error) => e);
  expect((err as Error).message).toBe('The embedded database is closed');
  // Told as the database being away (503), not as a bug of the service (500).
  expect(isDatabaseUnavailable(err)).toBe(true);
});

// Last in this file: the compile flags it sets are process-wide, and later PGlite threads of this
// process would compile lazily too.
test("compiled lazily (the service's choice, main.ts), the database answers the same", async () => {
  const lazy = await openDatabase({ url: 'memory://', lazyCompile: true });
  try {
    await lazy.query('CREATE TABLE notes (id int PRIMARY KEY, body text)');
    await lazy.query('INSERT INTO notes VALUES ($1, $2), ($3, $4)', [1, 'a', 2, 'b']);
    expect(
      await lazy.query('SELECT body, count(*) OVER () AS n FROM notes ORDER BY id DESC'),
    ).toEqual([
      { body: 'b', n: 2 },
      { body: 'a', n: 2 },
    ]);
  } finally {
    await lazy.close();
  }
});
