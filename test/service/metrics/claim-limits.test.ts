import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import type { TaskType } from '../../../src/contract/task-types.js';
import { loadConfig } from '../../../src/service/config.js';

const TOKEN = 'operator-token-for-metrics-0123456789';
const operator = { authorization: `Bearer ${TOKEN}` };

let svc: TestService;
let team: AgentTeam;
let members: TeamMember[];

beforeAll(async () => {
  // The one team may hold every place (claim-shares.test.ts tests the shares).
  svc = await startTestService({
    MAX_WAITING_CLAIMS: '2',
    MAX_WAITING_CLAIMS_PER_TEAM: '2',
    METRICS_TOKEN: TOKEN,
  });
  team = await createAgentTeam(svc, 'Limits', [
    { email: 'ada@limits.test', role: 'admin' },
    { email: 'bob@limits.test', role: 'member' },
    { email: 'cy@limits.test', role: 'member' },
  ]);
  members = ['ada', 'bob', 'cy'].map((n) => team.member(`${n}@limits.test`));
});
afterAll(() => svc.close());

const claim = (m: TeamMember, wait_s: number) =>
  svc.call('POST', '/agent/tasks/claim', { body: { wait_s }, headers: m.agentHeaders });
const scrape = async () => {
  const res = await svc.call('GET', '/metrics', { headers: operator });
  expect(res.status).toBe(200);
  return res.text();
};
/** One sample's value from the Prometheus text, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
async function enqueue(type: TaskType, assignedUserId: string | null = null) {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type,
    input: { task_type: type, profile_slug: 'ada' },
    assignedUserId,
  });
  return task!.id;
}
async function until(what: () => Promise<boolean>, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await what())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

test('GET /metrics refuses a missing or wrong credential', async () => {
  const none = await svc.call('GET', '/metrics');
  expect(none.status).toBe(401);
  expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expect(await none.json()).toEqual({ error: 'Invalid metrics token' });
  const wrong = await svc.call('GET', '/metrics', {
    headers: { authorization: `Bearer ${TOKEN}x` },
  });
  expect(wrong.status).toBe(401);
  expect(await wrong.text()).not.toContain('agent_waiting_claims');
});

test('GET /metrics counts pending tasks by kind across teams, and the event-loop lag', async () => {
  await enqueue('agent_profile_fetch');
  await enqueue('agent_profile_fetch');
  await enqueue('agent_like_post');
  const text = await scrape();
  expect(sample(text, 'agent_tasks_pending{kind="agent_profile_fetch"}')).toBe(2);
  expect(sample(text, 'agent_tasks_pending{kind="agent_like_post"}')).toBe(1);
  expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  expect(text).toContain('# TYPE agent_claims_total counter');
  expect(text).toContain('# TYPE agent_claims_without_look_total counter');
  expect(sample(text, 'agent_claim_rechecks_total')).toBeGreaterThanOrEqual(0);
  // The enqueues ran statements, and the database took some time to answer them.
  expect(sample(text, 'agent_db_statements_total')).toBeGreaterThan(0);
  expect(sample(text, 'agent_db_busy_seconds_total')).toBeGreaterThan(0);
  await svc.ctx.db.query(`UPDATE tasks SET status = 'failed' WHERE status = 'pending'`);
  expect(sample(await scrape(), 'agent_tasks_pending{kind="agent_profile_fetch"}')).toBe(undefined);
});

test('beyond MAX_WAITING_CLAIMS a claim is answered 503 with Retry-After; the others get tasks', async () => {
  const [ada, bob, cy] = members as [TeamMember, TeamMember, TeamMember];
  const first = claim(ada, 10);
  const second = claim(bob, 10);
  await until(async () => sample(await scrape(), 'agent_waiting_claims') === 2);

  const started = performance.now();
  const third = await claim(cy, 10);
  expect(performance.now() - started).toBeLessThan(2000);
  expect(third.status).toBe(503);
  expect(third.headers.get('retry-after')).toBe('30');
  expect((await third.json()).error).toMatch(/most waiting claims \(2\)/);

  // A claim that finds a task on its first look is answered even while the instance is full.
  const ready = await enqueue('agent_profile_fetch', cy.userId);
  const busy = await claim(cy, 10);
  expect(busy.status).toBe(200);
  expect((await busy.json()).task.id).toBe(ready);

  const forAda = await enqueue('agent_profile_fetch', ada.userId);
  const forBob = await enqueue('agent_profile_fetch', bob.userId);
  const [a, b] = await Promise.all([first, second]);
  expect(a.status).toBe(200);
  expect((await a.json()).task.id).toBe(forAda);
  expect(b.status).toBe(200);
  expect((await b.json()).task.id).toBe(forBob);

  const text = await scrape();
  expect(sample(text, 'agent_waiting_claims')).toBe(0);
  expect(sample(text, 'agent_claims_total{outcome="refused"}')).toBe(1);
  expect(sample(text, 'agent_claims_total{outcome="task"}')).toBe(3);
});

test('GET /health adds the operator detail only with the credential', async () => {
  const waiting = claim(members[0]!, 10);
  await until(async () => svc.ctx.metrics.waitingClaims.count === 1);
  await enqueue('agent_like_post', members[1]!.userId);

  const plain = await svc.call('GET', '/health');
  expect(await plain.json()).not.toHaveProperty('detail');
  const wrong = await svc.call('GET', '/health', { headers: { authorization: 'Bearer nope' } });
  expect(wrong.status).toBe(200);
  expect(await wrong.json()).not.toHaveProperty('detail');

  const res = await svc.call('GET', '/health', { headers: operator });
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({
    status: 'ok',
    detail: {
      waiting_claims: 1,
      max_waiting_claims: 2,
      claims_total: { refused: 1, task: 3 },
      tasks_pending: { agent_like_post: 1 },
    },
  });
  expect(body.detail.event_loop_lag_ms).toBeGreaterThanOrEqual(0);

  await enqueue('agent_profile_fetch', members[0]!.userId);
  expect((await waiting).status).toBe(200);
});

test('without METRICS_TOKEN, GET /metrics does not exist and /health has no detail', async () => {
  const bare = await startTestService();
  try {
    const res = await bare.call('GET', '/metrics', { headers: operator });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
    const health = await bare.call('GET', '/health', { headers: operator });
    expect(await health.json()).not.toHaveProperty('detail');
  } finally {
    await bare.close();
  }
});

test('start-up refuses a bad MAX_WAITING_CLAIMS or a short METRICS_TOKEN', () => {
  expect(loadConfig({}).MAX_WAITING_CLAIMS).toBe(10_000);
  expect(() => loadConfig({ MAX_WAITING_CLAIMS: '0' })).toThrow(
    'Invalid configuration: MAX_WAITING_CLAIMS must be a whole number from 1 to 1000000 (got "0")',
  );
  expect(() => loadConfig({ MAX_WAITING_CLAIMS: '2.5' })).toThrow(/MAX_WAITING_CLAIMS/);
  expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
    'Invalid configuration: METRICS_TOKEN must be at least 16 characters',
  );
});
