import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { planDueWatchlists, schedulerTick } from '../../../src/service/scheduler/tick.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres.js';
import { startTestService, type TestService } from '../../support/test-service.js';

// An instance killed (kill -9) in the middle of a scheduler tick, among 10,000 due keyword
// watchlists of 20 teams, while another instance ticks beside it: the dead instance's tick leaves
// nothing behind (its one transaction is never committed), the other plans every watchlist exactly
// once, those the dead tick held included once it is gone, and nothing is left due. On a
// PostgreSQL server of the test's own (several instances share one only on PostgreSQL).

const WATCHLISTS = 10_000;
const TEAMS = 20;
let server: PrivatePostgres;
let svc: TestService;
let other: pg.Client;

beforeAll(async () => {
  server = await startPrivatePostgres();
  svc = await startTestService({}, { databaseUrl: server.url });
  other = new pg.Client({ connectionString: server.url, options: `-c search_path=${svc.schema}` });
  other.on('error', () => {});
  await other.connect();
}, 120_000);
afterAll(async () => {
  await other?.end().catch(() => {});
  await svc?.close();
  await server?.close();
});

async function seed() {
  await other.query(
    `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted)
     SELECT gen_random_uuid(), 'team ' || g, decode(md5(g::text), 'hex'), 'x' FROM generate_series(1, ${TEAMS}) g`,
  );
  await other.query(
    `WITH t AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM teams)
     INSERT INTO watchlists (id, team_id, type, name, slug)
     SELECT gen_random_uuid(), t.id, 'keyword', 'w' || g, 'w' || g FROM generate_series(1, ${WATCHLISTS}) g JOIN t ON t.n = g % ${TEAMS}`,
  );
  await other.query(
    `INSERT INTO watchlist_keywords (id, watchlist_id, keyword) SELECT gen_random_uuid(), id, 'topic ' || slug FROM watchlists`,
  );
}

const count = async (sql: string) => Number((await other.query<{ n: string }>(sql)).rows[0]!.n);

/** Sessions of a tick waiting on a lock, seen from a fresh connection (pg_stat_activity is one snapshot per transaction). */
async function ticksWaiting(): Promise<number> {
  const look = new pg.Client({ connectionString: server.url });
  await look.connect();
  try {
    const { rows } = await look.query(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH due AS%'`,
    );
    return Number(rows[0].n);
  } finally {
    await look.end();
  }
}

test('an instance killed mid-tick plans nothing; the instance beside it plans each of 10,000 due watchlists exactly once', async () => {
  await seed();
  // Held by this test: each tick's one statement will wait at its insert, so one is killed mid-tick.
  await other.query('BEGIN');
  await other.query('LOCK TABLE tasks IN SHARE MODE');
  // node itself (tsx as its loader), so the kill reaches the very process that holds the connection.
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'test/support/scheduler-tick-process.ts'],
    {
      env: { ...process.env, DATABASE_URL: server.url, DATABASE_SCHEMA: svc.schema! },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  let beside: Promise<{ planned: number; queued: number }> | undefined;
  try {
    await expect.poll(ticksWaiting, { timeout: 30_000, interval: 20 }).toBe(1);
    // The instance beside it ticks too: it takes the watchlists the other's tick does not hold.
    beside = planDueWatchlists(svc.ctx);
    await expect.poll(ticksWaiting, { timeout: 30_000, interval: 20 }).toBe(2);
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
  } finally {
    await other.query('ROLLBACK');
  }
  expect(out).not.toMatch(/"planned"/);
  // Its first tick planned what the dead tick did not hold (both waited at their inserts at once);
  // its next ones take the rest once the dead tick's transaction has ended.
  let planned = (await beside!).planned;
  console.log(`the instance beside it planned ${planned} watchlists at first`);
  expect(planned).toBeGreaterThan(0);

  // The dead tick's transaction ends without a commit; until it has, the watchlists it held are
  // left to a later tick.
  const deadline = Date.now() + 30_000;
  while (planned < WATCHLISTS && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    planned += (await planDueWatchlists(svc.ctx)).planned;
  }
  expect(planned).toBe(WATCHLISTS);
  expect(await count('SELECT count(*) AS n FROM tasks')).toBe(WATCHLISTS);
  expect(await count('SELECT count(DISTINCT watchlist_id) AS n FROM tasks')).toBe(WATCHLISTS);
  expect(await count('SELECT count(DISTINCT team_id) AS n FROM tasks')).toBe(TEAMS);
  expect(
    await count(
      'SELECT count(*) AS n FROM watchlist_schedule WHERE next_due_at IS NULL OR next_due_at <= now()',
    ),
  ).toBe(0);
  // Planned once: the next tick finds nothing due.
  expect(await schedulerTick(svc.ctx)).toEqual({ planned: [], queued: 0, more: false });
  expect(await count('SELECT count(*) AS n FROM tasks')).toBe(WATCHLISTS);
}, 180_000);
