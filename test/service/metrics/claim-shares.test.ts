import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { startServer, type RunningService } from '../../../src/service/server.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import type { TaskType } from '../../../src/contract/task-types.js';
import { loadConfig } from '../../../src/service/config.js';

// Each team and each member has a share of the instance's waiting claims: one team cannot take
// every place and leave the others' extensions with 503s.

const TOKEN = 'operator-token-for-shares-0123456789';

let svc: TestService;
let running: RunningService;
/** Team A: three members; B and C: one each. */
let a: AgentTeam;
let b: AgentTeam;
let c: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
let cy: TeamMember;
let dee: TeamMember;
let eve: TeamMember;

beforeAll(async () => {
  svc = await startTestService({
    MAX_WAITING_CLAIMS: '4',
    MAX_WAITING_CLAIMS_PER_TEAM: '2',
    MAX_WAITING_CLAIMS_PER_MEMBER: '2',
    METRICS_TOKEN: TOKEN,
  });
  a = await createAgentTeam(svc, 'Share A', [
    { email: 'ada@share-a.test', role: 'admin' },
    { email: 'bob@share-a.test', role: 'member' },
    { email: 'cy@share-a.test', role: 'member' },
  ]);
  b = await createAgentTeam(svc, 'Share B', [{ email: 'dee@share-b.test', role: 'admin' }]);
  c = await createAgentTeam(svc, 'Share C', [{ email: 'eve@share-c.test', role: 'admin' }]);
  [ada, bob, cy] = a.members as [TeamMember, TeamMember, TeamMember];
  dee = b.members[0]!;
  eve = c.members[0]!;
  running = await startServer(svc.ctx, { ...svc.config, PORT: 0, HOST: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await running.close();
  await svc.close();
});

const waiting = () => svc.ctx.metrics.waitingClaims;
const claim = (m: TeamMember, wait_s: number, exclude_types?: TaskType[]) =>
  svc.call('POST', '/agent/tasks/claim', {
    body: { wait_s, ...(exclude_types ? { exclude_types } : {}) },
    headers: m.agentHeaders,
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function untilWaiting(count: number) {
  for (let i = 0; i < 250 && waiting().count !== count; i++) await sleep(20);
  expect(waiting().count).toBe(count);
}
async function enqueue(team: AgentTeam, m: TeamMember, type: TaskType = 'agent_profile_fetch') {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type,
    input: { task_type: type, profile_slug: 'ada' },
    assignedUserId: m.userId,
  });
  return task!.id;
}
async function taskOf(res: Promise<Response> | Response): Promise<string> {
  const answer = await res;
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { task: { id: string } }).task.id;
}
async function refused(res: Response, message: string) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('30');
  expect(await res.json()).toEqual({ error: message });
}
async function refusals(): Promise<Record<string, number>> {
  const metric = await svc.ctx.metrics.refusals.get();
  return Object.fromEntries(metric.values.map((v) => [String(v.labels.share), v.value]));
}
/** Every counter, the instance's and each share's, is back to 0. */
function nothingCounted() {
  expect(waiting().count).toBe(0);
  for (const t of [a, b, c]) expect(waiting().ofTeam(t.id)).toBe(0);
  for (const m of [ada, bob, cy, dee, eve]) expect(waiting().ofMember(m.userId)).toBe(0);
}

test("a member's third waiting claim is 503; a claim that finds a task is never refused", async () => {
  const first = claim(ada, 10, ['agent_like_post']);
  const second = claim(ada, 10, ['agent_like_post']);
  await untilWaiting(2);
  expect(waiting().ofMember(ada.userId)).toBe(2);

  const started = performance.now();
  await refused(
    await claim(ada, 10),
    'This member holds its most waiting claims (2); try again in 30 s',
  );
  expect(performance.now() - started).toBeLessThan(2000);
  expect(await refusals()).toEqual({ member: 1, team: 0, instance: 0 });

  // Neither waiting claim may run a like: the third claim finds it on its first look.
  const like = await enqueue(a, ada, 'agent_like_post');
  expect(await taskOf(claim(ada, 10))).toBe(like);

  const [one, two] = [await enqueue(a, ada), await enqueue(a, ada)];
  expect([await taskOf(first), await taskOf(second)].sort()).toEqual([one, two].sort());
  nothingCounted();
});

test("a team holding its share is refused while another team's claim waits and gets its task", async () => {
  const forAda = claim(ada, 10);
  const forBob = claim(bob, 10);
  await untilWaiting(2);
  expect(waiting().ofTeam(a.id)).toBe(2);

  await refused(
    await claim(cy, 10),
    'This team holds its most waiting claims (2); try again in 30 s',
  );
  const forDee = claim(dee, 10);
  await untilWaiting(3);
  const deeTask = await enqueue(b, dee);
  expect(await taskOf(forDee)).toBe(deeTask);
  expect(await refusals()).toEqual({ member: 1, team: 1, instance: 0 });

  const [adaTask, bobTask] = [await enqueue(a, ada), await enqueue(a, bob)];
  expect(await taskOf(forAda)).toBe(adaTask);
  expect(await taskOf(forBob)).toBe(bobTask);
  nothingCounted();
});

test('with every share free but the instance full, the claim is refused for the instance', async () => {
  const held = [claim(ada, 10), claim(bob, 10), claim(dee, 10), claim(dee, 10)];
  await untilWaiting(4);
  await refused(
    await claim(eve, 10),
    'This instance holds its most waiting claims (4); try again in 30 s',
  );
  expect(await refusals()).toEqual({ member: 1, team: 1, instance: 1 });
  const scrape = await svc.call('GET', '/metrics', {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const text = await scrape.text();
  for (const share of ['member', 'team', 'instance'])
    expect(text).toContain(`agent_claims_refused_total{share="${share}"} 1`);
  const health = await svc.call('GET', '/health', {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect((await health.json()).detail).toMatchObject({
    max_waiting_claims: 4,
    max_waiting_claims_per_team: 2,
    max_waiting_claims_per_member: 2,
    claims_refused: { member: 1, team: 1, instance: 1 },
  });

  const tasks = [await enqueue(a, ada), await enqueue(a, bob), await enqueue(b, dee)];
  await enqueue(b, dee);
  const got = await Promise.all(held.map(taskOf));
  expect(got.slice(0, 2)).toEqual(tasks.slice(0, 2));
  nothingCounted();
});

test('a place is given back exactly once whichever way the claim ends', async () => {
  // At its deadline.
  const timedOut = await claim(cy, 1);
  expect(timedOut.status).toBe(204);
  nothingCounted();

  // The client leaves (over a socket, where the claim answers by itself).
  const leave = new AbortController();
  const gone = fetch(`${running.url}/agent/tasks/claim`, {
    method: 'POST',
    headers: { ...cy.agentHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ wait_s: 20 }),
    signal: leave.signal,
  }).catch((err: Error) => err.name);
  await untilWaiting(1);
  leave.abort();
  expect(await gone).toBe('AbortError');
  await untilWaiting(0);
  nothingCounted();

  // A later look fails.
  const failing = claim(cy, 10);
  await untilWaiting(1);
  await svc.ctx.db.query('ALTER TABLE tasks RENAME TO tasks_away');
  try {
    await svc.ctx.signals.taskReady(a.id, undefined, {
      type: 'agent_profile_fetch',
      assignedUserId: null,
    });
    expect((await failing).status).toBe(500);
  } finally {
    await svc.ctx.db.query('ALTER TABLE tasks_away RENAME TO tasks');
  }
  nothingCounted();

  // Both shares are whole again: cy may hold two claims.
  const again = [claim(cy, 10), claim(cy, 10)];
  await untilWaiting(2);
  const [x, y] = [await enqueue(a, cy), await enqueue(a, cy)];
  expect((await Promise.all(again.map(taskOf))).sort()).toEqual([x, y].sort());
  nothingCounted();
});

test('the service stopping ends every waiting claim and gives back every place', async () => {
  const other = await startTestService({ MAX_WAITING_CLAIMS_PER_MEMBER: '3' });
  try {
    const team = await createAgentTeam(other, 'Stopping', [
      { email: 'ann@stopping.test', role: 'admin' },
      { email: 'ben@stopping.test', role: 'member' },
    ]);
    const claims = [0, 0, 0, 1].map((i) =>
      other.call('POST', '/agent/tasks/claim', {
        body: { wait_s: 20 },
        headers: team.members[i]!.agentHeaders,
      }),
    );
    const counts = other.ctx.metrics.waitingClaims;
    for (let i = 0; i < 250 && counts.count !== 4; i++) await sleep(20);
    expect([
      counts.count,
      counts.ofTeam(team.id),
      counts.ofMember(team.members[0]!.userId),
    ]).toEqual([4, 4, 3]);
    other.ctx.signals.stopWaiting();
    expect((await Promise.all(claims)).map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect([
      counts.count,
      counts.ofTeam(team.id),
      counts.ofMember(team.members[0]!.userId),
    ]).toEqual([0, 0, 0]);
  } finally {
    await other.close();
  }
});

test('the shares default to 2 per member and a quarter of MAX_WAITING_CLAIMS per team', () => {
  const defaults = loadConfig({});
  expect([defaults.MAX_WAITING_CLAIMS_PER_MEMBER, defaults.MAX_WAITING_CLAIMS_PER_TEAM]).toEqual([
    2, 2_500,
  ]);
  expect(loadConfig({ MAX_WAITING_CLAIMS: '2' }).MAX_WAITING_CLAIMS_PER_TEAM).toBe(1);
  expect(loadConfig({ MAX_WAITING_CLAIMS: '100' }).MAX_WAITING_CLAIMS_PER_TEAM).toBe(25);
  expect(
    loadConfig({ MAX_WAITING_CLAIMS: '100', MAX_WAITING_CLAIMS_PER_TEAM: '100' })
      .MAX_WAITING_CLAIMS_PER_TEAM,
  ).toBe(100);
  expect(() =>
    loadConfig({ MAX_WAITING_CLAIMS: '100', MAX_WAITING_CLAIMS_PER_TEAM: '101' }),
  ).toThrow(
    'Invalid configuration: MAX_WAITING_CLAIMS_PER_TEAM must not exceed MAX_WAITING_CLAIMS (100) (got "101")',
  );
  expect(() => loadConfig({ MAX_WAITING_CLAIMS_PER_MEMBER: '0' })).toThrow(
    'Invalid configuration: MAX_WAITING_CLAIMS_PER_MEMBER must be a whole number from 1 to 1000 (got "0")',
  );
  expect(() => loadConfig({ MAX_WAITING_CLAIMS_PER_TEAM: 'x' })).toThrow(
    /MAX_WAITING_CLAIMS_PER_TEAM must be a whole number from 1 to 1000000/,
  );
});
