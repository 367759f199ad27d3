import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, queueProfileTask, type AgentTeam } from '../../support/task-team.js';
import { startServer, type RunningService } from '../../../src/service/server.js';
import { ClaimResponse } from '../../../src/contract/agent.js';
import type { Logger } from '../../../src/service/logger.js';

// A claim that waits on a socket leaves Hono's chain and answers by itself (http/answer-later.ts):
// these are the answers it writes, each beside the one the same claim gets in process.

let svc: TestService;
let team: AgentTeam;
let running: RunningService;
const logged: { level: string; event: string; fields: Record<string, unknown> }[] = [];
const log: Logger = {
  info: (event, fields = {}) => logged.push({ level: 'info', event, fields }),
  warn: (event, fields = {}) => logged.push({ level: 'warn', event, fields }),
  error: (event, fields = {}) => logged.push({ level: 'error', event, fields }),
};

beforeAll(async () => {
  svc = await startTestService({}, { log });
  team = await createAgentTeam(svc, 'Sockets', [
    { email: 'ada@sockets.test', role: 'admin' },
    { email: 'bo@sockets.test', role: 'member' },
  ]);
  running = await startServer(svc.ctx, { ...svc.config, PORT: 0, HOST: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await running.close();
  await svc.close();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function claimOverSocket(member: number, wait_s: number, signal?: AbortSignal) {
  return fetch(`${running.url}/agent/tasks/claim`, {
    method: 'POST',
    headers: { ...team.members[member]!.agentHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ wait_s }),
    ...(signal ? { signal } : {}),
  });
}

async function untilWaiting(count: number) {
  for (let i = 0; i < 200 && svc.ctx.metrics.waitingClaims.count !== count; i++) await sleep(10);
  expect(svc.ctx.metrics.waitingClaims.count).toBe(count);
}

async function claimsCounted(outcome: string): Promise<number> {
  const metric = await svc.ctx.metrics.claims.get();
  return metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
}

test('a waiting claim woken by a task answers 200 with the task as JSON, as in process', async () => {
  const tasksBefore = await claimsCounted('task');
  const waiting = claimOverSocket(0, 10);
  await untilWaiting(1);
  const queued = await queueProfileTask(svc, team.id);
  const res = await waiting;
  expect(res.status).toBe(200);
  const body = await res.text();
  expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
  const { task } = ClaimResponse.parse(JSON.parse(body));
  expect(task.id).toBe(queued.id);
  expect(task.attempt).toBe(1);
  expect(svc.ctx.metrics.waitingClaims.count).toBe(0);
  expect(await claimsCounted('task')).toBe(tasksBefore + 1);

  // The same claim in process (app.request) answers through Hono: the same headers and shape.
  await svc.call('POST', `/agent/tasks/${task.id}/complete`, {
    headers: team.members[0]!.agentHeaders,
    body: { attempt: task.attempt, output: { not: 'checked' } },
  });
  const inProcessWait = svc.call('POST', '/agent/tasks/claim', {
    headers: team.members[0]!.agentHeaders,
    body: { wait_s: 10 },
  });
  await untilWaiting(1);
  const second = await queueProfileTask(svc, team.id);
  const inProcess = await inProcessWait;
  expect(inProcess.status).toBe(200);
  expect(inProcess.headers.get('content-type')).toBe(res.headers.get('content-type'));
  expect(res.headers.get('content-type')).toBe('application/json');
  expect(Object.keys(ClaimResponse.parse(await inProcess.json()).task).sort()).toEqual(
    Object.keys(task).sort(),
  );
  expect(second.id).not.toBe(queued.id);
});

test('a waiting claim that finds nothing answers 204 with no body at wait_s', async () => {
  const emptyBefore = await claimsCounted('empty');
  const started = performance.now();
  const res = await claimOverSocket(1, 1);
  const took = performance.now() - started;
  expect(res.status).toBe(204);
  expect(await res.text()).toBe('');
  expect(res.headers.get('content-type')).toBeNull();
  expect(took).toBeGreaterThanOrEqual(950);
  expect(svc.ctx.metrics.waitingClaims.count).toBe(0);
  expect(await claimsCounted('empty')).toBe(emptyBefore + 1);
});

test('a client that leaves while its claim waits: the claim stops waiting and takes no task', async () => {
  const leave = new AbortController();
  const gone = claimOverSocket(1, 20, leave.signal).catch((err: Error) => err.name);
  await untilWaiting(1);
  leave.abort();
  expect(await gone).toBe('AbortError');
  await untilWaiting(0);
  // Assigned to the member who left: no claim of theirs waits, so it stays pending.
  const queued = await queueProfileTask(svc, team.id, team.members[1]!.userId);
  await sleep(100);
  const [row] = await svc.ctx.db.query<{ status: string }>(
    'SELECT status FROM tasks WHERE id = $1',
    [queued.id],
  );
  expect(row!.status).toBe('pending');
  const next = await claimOverSocket(1, 5);
  expect(next.status).toBe(200);
  expect(ClaimResponse.parse(await next.json()).task.id).toBe(queued.id);
});

test('an error in a later look is answered as the error handler answers it, and logged', async () => {
  const waiting = claimOverSocket(0, 10);
  await untilWaiting(1);
  // The wake-up's look fails: its table is gone.
  await svc.ctx.db.query('ALTER TABLE tasks RENAME TO tasks_away');
  try {
    await svc.ctx.signals.taskReady(team.id, undefined, {
      type: 'agent_profile_fetch',
      assignedUserId: null,
    });
    const res = await waiting;
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toEqual({ error: 'Internal server error' });
  } finally {
    await svc.ctx.db.query('ALTER TABLE tasks_away RENAME TO tasks');
  }
  expect(svc.ctx.metrics.waitingClaims.count).toBe(0);
  const error = logged.find((l) => l.event === 'unhandled_error');
  expect(error?.fields).toMatchObject({ method: 'POST', path: '/agent/tasks/claim' });
  expect(String(error?.fields.message)).toContain('tasks');
});
