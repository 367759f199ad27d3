import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import {
  backdateTask,
  createAgentTeam,
  taskRow,
  type AgentTeam,
  type TeamMember,
} from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { sweepExpiredLeases } from '../../../src/service/tasks/sweep-leases.js';
import { BACKGROUND_JOBS, startBackgroundJobs } from '../../../src/service/jobs.js';
import { SAFETY_RECHECK_MS } from '../../../src/service/tasks/task-signals.js';

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Leases', [{ email: 'ada@lease.test', role: 'admin' }]);
  ada = team.members[0]!;
});
afterAll(() => svc.close());

const claim = async () => {
  const res = await svc.call('POST', '/agent/tasks/claim', {
    body: { wait_s: 0 },
    headers: ada.agentHeaders,
  });
  return res.status === 204
    ? null
    : ((await res.json()) as { task: { id: string; attempt: number } }).task;
};
const enqueue = async () =>
  (await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type: 'agent_company_fetch',
    input: { task_type: 'agent_company_fetch', company: 'acme' },
  }))!.id;

test('an expired lease goes back to pending, and its next claim is the next attempt', async () => {
  const id = await enqueue();
  expect((await claim())!.attempt).toBe(1);
  // A live lease is left alone.
  expect(await sweepExpiredLeases(svc.ctx.db, svc.ctx.signals)).toEqual({ requeued: 0, failed: 0 });
  expect((await taskRow(svc, id)).status).toBe('processing');

  await backdateTask(svc, id, 'lease_expires_at', 1);
  expect(await sweepExpiredLeases(svc.ctx.db, svc.ctx.signals)).toEqual({ requeued: 1, failed: 0 });
  expect(await taskRow(svc, id)).toMatchObject({
    status: 'pending',
    attempt: 1,
    lease_expires_at: null,
    error: { code: 'agent_lost' },
  });
  const again = await claim();
  expect(again).toMatchObject({ id, attempt: 2 });
});

test('an expired lease with its attempts spent fails with agent_lost, visible in get-task-status', async () => {
  const id = await enqueue();
  for (let attempt = 1; attempt <= 3; attempt++) {
    expect(await claim()).toMatchObject({ id, attempt });
    await backdateTask(svc, id, 'lease_expires_at', 1);
    await sweepExpiredLeases(svc.ctx.db, svc.ctx.signals);
  }
  expect((await taskRow(svc, id)).status).toBe('failed');
  expect(await claim()).toBeNull();
  const res = await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
    headers: team.keyHeaders,
  });
  const { data } = (await res.json()) as {
    data: { status: string; task_output: unknown; error: { code: string; message: string } };
  };
  expect(data.status).toBe('failed');
  expect(data.task_output).toBeNull();
  expect(data.error.code).toBe('agent_lost');
  expect(data.error.message).toMatch(/lease/);
});

test('a claim waiting for work is woken by the sweep handing a lost task back', async () => {
  const id = await enqueue();
  await claim();
  await backdateTask(svc, id, 'lease_expires_at', 1);
  const waiting = svc.call('POST', '/agent/tasks/claim', {
    body: { wait_s: 10 },
    headers: ada.agentHeaders,
  });
  await new Promise((r) => setTimeout(r, 200));
  const swept = performance.now();
  await sweepExpiredLeases(svc.ctx.db, svc.ctx.signals);
  const res = await waiting;
  expect(res.status).toBe(200);
  // Woken by the sweep: the team's safety re-check first looks SAFETY_RECHECK_MS (5 s) after this
  // claim began to wait, the wait ends at 10 s; half the re-check is far sooner, even under load.
  expect(performance.now() - swept).toBeLessThan(SAFETY_RECHECK_MS / 2);
  expect(((await res.json()) as { task: { id: string; attempt: number } }).task).toMatchObject({
    id,
    attempt: 2,
  });
});

test('the background jobs run the lease sweep on their own', async () => {
  expect(BACKGROUND_JOBS.map((j) => j.name)).toContain('sweep_expired_leases');
  const id = await enqueue();
  await claim();
  await backdateTask(svc, id, 'lease_expires_at', 1);
  const fast = BACKGROUND_JOBS.filter((j) => j.name === 'sweep_expired_leases').map((j) => ({
    ...j,
    everyMs: 25,
  }));
  const jobs = startBackgroundJobs(svc.ctx, fast);
  try {
    await expect
      .poll(async () => (await taskRow(svc, id)).status, { timeout: 3_000, interval: 25 })
      .toBe('pending');
  } finally {
    await jobs.stop();
  }
});
