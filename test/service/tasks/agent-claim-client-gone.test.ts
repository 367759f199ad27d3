import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import type { Database, Queryable, QueryOptions } from '../../../src/service/db/database.js';
import { claimWithin, clientOfSignal } from '../../../src/service/tasks/claim-long-poll.js';
import {
  createAgentTeam,
  queueProfileTask,
  taskRow,
  type AgentTeam,
  type TeamMember,
} from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * A long poll whose client leaves while its claim is being made (docs/agent-protocol.md "Claim"):
 * the task goes back to `pending` with its attempt given back, and the next claim gets attempt 1.
 * The race is made deterministic on the service's real database: a wrapper aborts the client's
 * signal the moment the claim statement has returned a task, before the answer would be sent.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Leavers', [{ email: 'ada@gone.test', role: 'admin' }]);
  ada = team.member('ada@gone.test');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed' WHERE status IN ('pending', 'processing')`,
  );
});

/** The service's database, calling `claimed` right after a statement that claimed a task returns. */
function abortingAfterClaim(db: Database, claimed: () => void): Database {
  const watch = (q: Queryable): Queryable['query'] =>
    async function query<T>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<T[]> {
      const rows = await q.query<T>(sql, params, opts);
      if (sql.includes("SET status = 'processing'") && rows.length > 0) claimed();
      return rows;
    };
  return {
    kind: db.kind,
    query: watch(db),
    transaction: (fn, opts) =>
      db.transaction((tx) => fn({ query: watch(tx), exec: (sql) => tx.exec(sql) }), opts),
    listen: (channel, handler) => db.listen(channel, handler),
    listening: () => db.listening(),
    onListeningChange: (handler) => db.onListeningChange(handler),
    close: () => db.close(),
  };
}

const enqueue = async () => (await queueProfileTask(svc, team.id)).id;

const filter = () => ({ teamId: team.id, userId: ada.userId, excludeTypes: [] });

/** A claim whose client leaves as soon as its claim statement took a task. */
function leavingClaim(waitMs: number) {
  const client = new AbortController();
  const db = abortingAfterClaim(svc.ctx.db, () => client.abort());
  return claimWithin({ db, signals: svc.ctx.signals }, filter(), waitMs, {
    client: clientOfSignal(client.signal),
  });
}

async function expectGivenBack(taskId: string) {
  const row = await taskRow(svc, taskId);
  expect(row.status).toBe('pending');
  expect(row.attempt).toBe(0);
  expect(row.lease_expires_at).toBeNull();
  // The next claim gets it as its first attempt.
  const next = await claimWithin(svc.ctx, filter(), 0);
  expect(next?.id).toBe(taskId);
  expect(next?.attempt).toBe(1);
  expect((await taskRow(svc, taskId)).status).toBe('processing');
}

test('a task claimed by the first look while the client leaves goes back, its attempt unused', async () => {
  const id = await enqueue();
  expect(await leavingClaim(0)).toBeNull();
  await expectGivenBack(id);
});

test('a task claimed by a waiting long poll while the client leaves goes back, and a waiting claim is woken for it', async () => {
  const leaving = leavingClaim(10_000);
  // Waiting (its first look found nothing) before the task comes.
  await new Promise((r) => setTimeout(r, 200));
  const other = claimWithin(svc.ctx, filter(), 10_000);
  await new Promise((r) => setTimeout(r, 200));
  const id = await enqueue();
  const started = performance.now();
  const [left, taken] = await Promise.all([leaving, other]);
  // One of the two was woken for the task; if it was the leaving one, it gave the task back and
  // the other was woken at once (not after the safety re-check).
  expect(performance.now() - started).toBeLessThan(2_000);
  expect(left).toBeNull();
  expect(taken?.id).toBe(id);
  expect(taken?.attempt).toBe(1);
});

test('a client still there gets its task (the give-back needs the client gone)', async () => {
  const id = await enqueue();
  const client = new AbortController();
  const task = await claimWithin(svc.ctx, filter(), 0, { client: clientOfSignal(client.signal) });
  expect(task?.id).toBe(id);
  expect(task?.attempt).toBe(1);
});
