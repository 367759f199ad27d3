import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { sha256 } from '../../../src/service/security/crypto.js';
import { CREDENTIALS_CHANNEL } from '../../../src/service/auth/credential-cache.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { SseReader } from '../../support/sse-reader.js';
import { planDueWatchlists, schedulerTick } from '../../../src/service/scheduler/tick.js';
import { insertKeywordWatchlist } from '../../support/collection-fixtures.js';
import { TASK_TYPES } from '../../../src/contract/task-types.js';

// What one service instance must notice of another process on the same PostgreSQL (another
// instance, the operator's CLI): here the other process is a bare connection that does what they
// do, so only the database can tell. Withdrawn credentials reach the cache through NOTIFY; a task
// changed elsewhere reaches the live stream; a claim in flight elsewhere holds a budget's last slot,
// a team without limits is never held up by a lock on its member, and a watchlist another
// instance's scheduler tick holds is left to it.

let db: PrivatePostgres;
let svc: TestService;
let team: AgentTeam;
let other: pg.Client;

beforeAll(async () => {
  db = await startPrivatePostgres();
  svc = await startTestService({}, { databaseUrl: db.url });
  team = await createAgentTeam(svc, 'Instances', [
    { email: 'admin@inst.test', role: 'admin' },
    { email: 'bob@inst.test', role: 'member' },
  ]);
  other = new pg.Client({ connectionString: db.url, options: `-c search_path=${svc.schema}` });
  await other.connect();
}, 120_000);
afterAll(async () => {
  await other?.end();
  await svc?.close();
  await db?.close();
});

const heartbeat = (headers: Record<string, string>) =>
  svc.call('POST', '/agent/heartbeat', {
    headers,
    body: { extension_version: '1', browser: 'x', network: { signed_in: true }, paused: false },
  });

test('a key rotated by another process stops working here at once, though it was cached', async () => {
  const bob = team.member('bob@inst.test');
  expect((await heartbeat(bob.agentHeaders)).status).toBe(200);
  await other.query('UPDATE teams SET api_key_hash = $2 WHERE id = $1', [
    team.id,
    sha256('nak_replaced_by_the_operator_000000'),
  ]);
  await other.query('SELECT pg_notify($1, $2)', [
    CREDENTIALS_CHANNEL,
    JSON.stringify({ team: team.id }),
  ]);
  await expect
    .poll(async () => (await heartbeat(bob.agentHeaders)).status, { timeout: 2_000, interval: 50 })
    .toBe(401);
});

test('a member removed by another process is refused here at once', async () => {
  const fresh = await createAgentTeam(svc, 'Removal', [
    { email: 'admin@rm.test', role: 'admin' },
    { email: 'carol@rm.test', role: 'member' },
  ]);
  const carol = fresh.member('carol@rm.test');
  expect((await heartbeat(carol.agentHeaders)).status).toBe(200);
  await other.query('DELETE FROM memberships WHERE team_id = $1 AND user_id = $2', [
    fresh.id,
    carol.userId,
  ]);
  await other.query('SELECT pg_notify($1, $2)', [
    CREDENTIALS_CHANNEL,
    JSON.stringify({ user: carol.userId }),
  ]);
  await expect
    .poll(async () => (await heartbeat(carol.agentHeaders)).status, {
      timeout: 2_000,
      interval: 50,
    })
    .toBe(401);
});

test("a task another instance finishes reaches this instance's live stream (the trigger's NOTIFY, not this process)", async () => {
  const res = await svc.call('GET', '/api-events', { headers: { 'x-api-key': team.apiKey } });
  expect(res.status).toBe(401); // the key was rotated by the first test
  const fresh = await createAgentTeam(svc, 'Live', [
    { email: 'admin@live-inst.test', role: 'admin' },
  ]);
  const stream = new SseReader(await svc.call('GET', '/api-events', { headers: fresh.keyHeaders }));
  try {
    expect((await stream.next()).event).toBe('ready');
    const taskId = crypto.randomUUID();
    await other.query(
      `INSERT INTO tasks (id, team_id, type, input, status) VALUES ($1, $2, 'agent_fetch_profile', '{"profile_slug":"ada"}', 'pending')`,
      [taskId, fresh.id],
    );
    // The team's own setup (its members, their consent) may still be announced in the same batch on a busy machine.
    expect(JSON.parse((await stream.next(2_000)).data).kinds).toContain('tasks');
    await other.query(
      `UPDATE tasks SET status = 'failed', error = '{"code":"not_found","message":"gone"}' WHERE id = $1`,
      [taskId],
    );
    expect(JSON.parse((await stream.next(2_000)).data)).toEqual({ kinds: ['tasks'] });
  } finally {
    await stream.close();
  }
});

test('a claim in flight in another process holds the last slot of a budget: this claim waits for it, counts it, and takes nothing', async () => {
  const fresh = await createAgentTeam(svc, 'Budget race', [
    { email: 'admin@race.test', role: 'admin' },
  ]);
  const admin = fresh.members[0]!;
  await other.query(
    `UPDATE teams SET budgets = '{"agent_like_post": {"per_day": 1}}' WHERE id = $1`,
    [fresh.id],
  );
  const ids = [crypto.randomUUID(), crypto.randomUUID()];
  for (const id of ids) {
    await other.query(
      `INSERT INTO tasks (id, team_id, type, input, status, assigned_user_id) VALUES ($1, $2, 'agent_like_post', '{"social_urn":"urn:li:activity:1","reaction_type":"LIKE"}', 'pending', $3)`,
      [id, fresh.id, admin.userId],
    );
  }
  // Seen just now: the claim below writes no activity mark (which would wait on the lock by itself).
  expect((await heartbeat(admin.agentHeaders)).status).toBe(200);
  // The other process does what a claim does: locks the member, takes the first task, not committed yet.
  await other.query('BEGIN');
  await other.query('SELECT 1 FROM memberships WHERE team_id = $1 AND user_id = $2 FOR UPDATE', [
    fresh.id,
    admin.userId,
  ]);
  await other.query(
    `UPDATE tasks SET status = 'processing', claimed_by = $2, attempt = 1 WHERE id = $1`,
    [ids[0], admin.userId],
  );
  const claim = svc.call('POST', '/agent/tasks/claim', {
    body: { wait_s: 0 },
    headers: admin.agentHeaders,
  });
  await new Promise((r) => setTimeout(r, 300));
  await other.query('COMMIT');
  const res = await claim;
  expect(res.status).toBe(204);
  const [{ n }] = (
    await other.query(
      `SELECT count(*)::int AS n FROM tasks WHERE id = ANY($1) AND status = 'processing'`,
      [ids],
    )
  ).rows;
  expect(n).toBe(1);
});

test('a team without limits takes no lock on its member: a lock held elsewhere does not hold up its claim', async () => {
  const fresh = await createAgentTeam(svc, 'No limits', [
    { email: 'admin@free.test', role: 'admin' },
  ]);
  const admin = fresh.members[0]!;
  const none = Object.fromEntries(TASK_TYPES.map((t) => [t, { per_day: null, per_week: null }]));
  await other.query('UPDATE teams SET budgets = $2::jsonb WHERE id = $1', [
    fresh.id,
    JSON.stringify(none),
  ]);
  await other.query(
    `INSERT INTO tasks (id, team_id, type, input, status) VALUES ($1, $2, 'agent_company_fetch', '{"task_type":"agent_company_fetch","company":"acme"}', 'pending')`,
    [crypto.randomUUID(), fresh.id],
  );
  expect((await heartbeat(admin.agentHeaders)).status).toBe(200);
  await other.query('BEGIN');
  try {
    await other.query('SELECT 1 FROM memberships WHERE team_id = $1 AND user_id = $2 FOR UPDATE', [
      fresh.id,
      admin.userId,
    ]);
    const claim = svc.call('POST', '/agent/tasks/claim', {
      body: { wait_s: 0 },
      headers: admin.agentHeaders,
    });
    const answer = await Promise.race([
      claim.then((r) => r.status),
      new Promise((r) => setTimeout(() => r('held up'), 3_000)),
    ]);
    expect(answer).toBe(200);
  } finally {
    await other.query('ROLLBACK');
  }
});

test('a read-only snapshot (the posts page and its count) does not see what another process commits between its reads', async () => {
  const fresh = await createAgentTeam(svc, 'Snapshot', [
    { email: 'admin@snap.test', role: 'admin' },
  ]);
  const count = async (q: { query: <T>(sql: string, params?: unknown[]) => Promise<T[]> }) =>
    (
      await q.query<{ n: number }>('SELECT count(*)::int AS n FROM tasks WHERE team_id = $1', [
        fresh.id,
      ])
    )[0]!.n;
  const insert = () =>
    other.query(
      `INSERT INTO tasks (id, team_id, type, input, status) VALUES (gen_random_uuid(), $1, 'agent_company_fetch', '{}', 'pending')`,
      [fresh.id],
    );
  const seen = await svc.ctx.db.transaction(
    async (tx) => {
      const first = await count(tx);
      await insert();
      return [first, await count(tx)];
    },
    { readOnlySnapshot: true },
  );
  expect(seen).toEqual([0, 0]);
  // Without it, each read has its own snapshot: the second sees the commit.
  const plain = await svc.ctx.db.transaction(async (tx) => {
    const first = await count(tx);
    await insert();
    return [first, await count(tx)];
  });
  expect(plain).toEqual([1, 2]);
});

test("a watchlist another instance's tick holds is left to it: this instance plans the rest, each once", async () => {
  await planDueWatchlists(svc.ctx);
  const held = await insertKeywordWatchlist(svc, team.id, ['held by the other']);
  const free = await insertKeywordWatchlist(svc, team.id, ['free']);
  await other.query('BEGIN');
  try {
    // Another instance's tick, mid-transaction, holding the watchlist it took.
    await other.query('SELECT id FROM watchlists WHERE id = $1 FOR UPDATE', [held]);
    expect(await schedulerTick(svc.ctx)).toEqual({ planned: [free], queued: 1, more: false });
  } finally {
    await other.query('ROLLBACK');
  }
  // The other's tick ended without planning it: it is still due, and planned here now, once.
  expect(await schedulerTick(svc.ctx)).toEqual({ planned: [held], queued: 1, more: false });
  expect(await schedulerTick(svc.ctx)).toEqual({ planned: [], queued: 0, more: false });
});
