import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, taskRow, type AgentTeam } from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { SAFETY_RECHECK_MS } from '../../../src/service/tasks/task-signals.js';

let svc: TestService;
let team: AgentTeam;
let other: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Collectors', [{ email: 'ada@coll.test', role: 'admin' }]);
  other = await createAgentTeam(svc, 'Others', [{ email: 'eve@coll.test', role: 'admin' }]);
});
afterAll(() => svc.close());

const collection = (teamId: string, targetKey: string | null) =>
  enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId,
    type: 'agent_keyword_tracking',
    input: { task_type: 'agent_keyword_tracking', watchlist_id: 'w1', keyword: 'ai agents' },
    targetKey,
  });

test('one open task per target and team: a second enqueue is refused with null until the first finishes', async () => {
  const first = await collection(team.id, 'keyword:ai agents');
  expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(await collection(team.id, 'keyword:ai agents')).toBeNull();
  // Another team and another target are independent.
  expect(await collection(other.id, 'keyword:ai agents')).not.toBeNull();
  expect(await collection(team.id, 'keyword:robots')).not.toBeNull();
  // Still refused while processing.
  await svc.ctx.db.query(`UPDATE tasks SET status = 'processing' WHERE id = $1`, [first!.id]);
  expect(await collection(team.id, 'keyword:ai agents')).toBeNull();
  await svc.ctx.db.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [first!.id]);
  const next = await collection(team.id, 'keyword:ai agents');
  expect(next).not.toBeNull();
  expect((await taskRow(svc, next!.id)).status).toBe('pending');
});

test('tasks without a target key never collide', async () => {
  const a = await collection(team.id, null);
  const b = await collection(team.id, null);
  expect(a && b && a.id !== b.id).toBe(true);
});

test('inside a caller transaction that rolls back, nothing is queued', async () => {
  const before = await svc.ctx.db.query('SELECT id FROM tasks');
  await expect(
    svc.ctx.db.transaction(async (tx) => {
      await enqueueTask(tx, svc.ctx.signals, {
        teamId: team.id,
        type: 'agent_profile_fetch',
        input: { task_type: 'agent_profile_fetch', profile_slug: 'x' },
      });
      throw new Error('caller changed its mind');
    }),
  ).rejects.toThrow('caller changed its mind');
  expect(await svc.ctx.db.query('SELECT id FROM tasks')).toHaveLength(before.length);
});

test('a claim waiting while a task is enqueued inside a caller transaction gets it once committed', async () => {
  await svc.ctx.db.query(`UPDATE tasks SET status = 'failed' WHERE status = 'pending'`);
  const waiting = svc.call('POST', '/agent/tasks/claim', {
    body: { wait_s: 10 },
    headers: team.members[0]!.agentHeaders,
  });
  await new Promise((r) => setTimeout(r, 200));
  const started = performance.now();
  let id = '';
  await svc.ctx.db.transaction(async (tx) => {
    id = (await enqueueTask(tx, svc.ctx.signals, {
      teamId: team.id,
      type: 'agent_profile_fetch',
      input: { task_type: 'agent_profile_fetch', profile_slug: 'y' },
    }))!.id;
  });
  const res = await waiting;
  expect(res.status).toBe(200);
  expect(((await res.json()) as { task: { id: string } }).task.id).toBe(id);
  // Before the safety re-check (5 s after the claim began to wait): the commit's signal woke it.
  expect(performance.now() - started).toBeLessThan(SAFETY_RECHECK_MS / 2);
});
