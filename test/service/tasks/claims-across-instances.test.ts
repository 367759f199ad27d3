import pg from 'pg';
import { setMaxListeners } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { claimWithin, clientOfSignal } from '../../../src/service/tasks/claim-long-poll.js';
import { statementsRun } from '../../../src/service/db/statement-count.js';
import type { ClaimedTask } from '../../../src/contract/agent.js';
import { WaitingClaims } from '../../../src/service/metrics/waiting-claims.js';
import { startPrivatePostgres, type PrivatePostgres } from '../../support/private-postgres.js';
import {
  createAgentTeam,
  queueProfileTask,
  type AgentTeam,
  type TeamMember,
} from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * Two service instances on one PostgreSQL database (DATABASE_URL's server, else one of the test's
 * own, so this runs on PostgreSQL in both runs of the suite): a task created on either reaches the
 * right claim waiting on either, and the NOTIFY traffic is one notification per task or per batch
 * of teams, never one per waiting claim.
 */
const MEMBERS = 20;
let server: PrivatePostgres | undefined;
let a: TestService;
let b: TestService;
let team: AgentTeam;
let listener: pg.Client;
const notified: string[] = [];

beforeAll(async () => {
  if (!process.env.DATABASE_URL) server = await startPrivatePostgres();
  const url = process.env.DATABASE_URL ?? server!.url;
  a = await startTestService({}, { databaseUrl: url });
  b = await startTestService({}, { databaseUrl: url, sharedSchema: a.schema });
  team = await createAgentTeam(
    a,
    'Two instances',
    Array.from({ length: MEMBERS }, (_, i) => ({
      email: `agent${i}@two.test`,
      role: i === 0 ? ('admin' as const) : ('member' as const),
    })),
  );
  listener = new pg.Client({ connectionString: url });
  await listener.connect();
  listener.on('notification', (n) => {
    if (n.channel === 'task_ready') notified.push(n.payload ?? '');
  });
  await listener.query('LISTEN task_ready');
}, 180_000);
afterAll(async () => {
  await listener?.end();
  await b?.close();
  await a?.close();
  await server?.close();
});

/**
 * The notifications about these teams: the channel is the database's, which the suite's other
 * files share on PostgreSQL (each in its own schema).
 */
const ours = (teamIds: string[]) => notified.filter((p) => teamIds.some((t) => p.includes(t)));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Half the members wait on instance A, the other half on B. */
async function waitOnBoth() {
  const leave = new AbortController();
  setMaxListeners(0, leave.signal);
  const waiting = new WaitingClaims({ max: MEMBERS, perTeam: MEMBERS, perMember: MEMBERS });
  const answered: { instance: 'a' | 'b'; userId: string; task: ClaimedTask | null }[] = [];
  const claims = team.members.map((m, i) => {
    const instance = i % 2 === 0 ? 'a' : 'b';
    const svc = instance === 'a' ? a : b;
    return claimWithin(svc.ctx, { teamId: team.id, userId: m.userId, excludeTypes: [] }, 120_000, {
      client: clientOfSignal(leave.signal),
      waiting,
    }).then((task) => {
      answered.push({ instance, userId: m.userId, task });
    });
  });
  while (waiting.count < MEMBERS) await sleep(100);
  let last = -1;
  while (statementsRun(a.ctx.db) + statementsRun(b.ctx.db) !== last) {
    last = statementsRun(a.ctx.db) + statementsRun(b.ctx.db);
    await sleep(1_000);
  }
  return {
    answered,
    async end() {
      leave.abort();
      await Promise.all(claims);
    },
  };
}

const enqueueOn = (svc: TestService, assignedUserId: string | null) =>
  queueProfileTask(svc, team.id, assignedUserId);

async function until(check: () => boolean, ms = 5_000) {
  for (let waited = 0; !check() && waited < ms; waited += 50) await sleep(50);
}

test('a task created on instance A reaches the claim waiting on instance B, and the other way', async () => {
  const { answered, end } = await waitOnBoth();
  try {
    const onB = team.members[1]!; // odd: waits on B
    const onA = team.members[2]!; // even: waits on A
    notified.length = 0;
    const forB = await enqueueOn(a, onB.userId);
    await until(() => answered.length >= 1);
    expect(answered).toEqual([
      { instance: 'b', userId: onB.userId, task: expect.objectContaining({ id: forB!.id }) },
    ]);
    const forA = await enqueueOn(b, onA.userId);
    await until(() => answered.length >= 2);
    expect(answered[1]).toEqual({
      instance: 'a',
      userId: onA.userId,
      task: expect.objectContaining({ id: forA!.id }),
    });
    // Unassigned, created on B: exactly one claim, on either instance, takes it.
    const anyone = await enqueueOn(b, null);
    await until(() => answered.length >= 3);
    await sleep(500);
    expect(answered).toHaveLength(3);
    expect(answered[2]!.task?.id).toBe(anyone!.id);
    // One notification per task, whatever the number of claims waiting on the two instances.
    expect(ours([team.id])).toHaveLength(3);
  } finally {
    await end();
  }
}, 180_000);

test('a batch of team signals is a few notifications for many teams, not one per team or claim', async () => {
  notified.length = 0;
  const teams = [team.id, ...Array.from({ length: 299 }, () => crypto.randomUUID())];
  await a.ctx.signals.tasksReady(teams);
  await until(() => ours(teams).length >= 2, 2_000);
  await sleep(200);
  expect(ours(teams)).toHaveLength(2);
  expect(
    ours(teams)
      .flatMap((p) => JSON.parse(p) as string[])
      .sort(),
  ).toEqual([...teams].sort());
});

test('a task whose instance has a claim waiting that may run it wakes that claim alone', async () => {
  const { answered, end } = await waitOnBoth();
  try {
    // B's statements besides its shared re-checks (one statement each when nothing is due).
    const looksOnB = () => statementsRun(b.ctx.db) - b.ctx.signals.rechecks;
    const before = looksOnB();
    notified.length = 0;
    const task = await enqueueOn(a, null);
    await until(() => answered.length >= 1);
    await sleep(500);
    expect(answered).toEqual([
      { instance: 'a', userId: expect.any(String), task: expect.objectContaining({ id: task.id }) },
    ]);
    expect(looksOnB() - before).toBe(0);
    expect(ours([team.id])).toHaveLength(1);
  } finally {
    await end();
  }
}, 180_000);

/** A new team of two members: the first's claims wait on A, the second's on B. */
async function pairWaiting(name: string) {
  const pair = await createAgentTeam(a, name, [
    { email: `first@${name}.test`, role: 'admin' },
    { email: `second@${name}.test` },
  ]);
  const [first, second] = pair.members as [TeamMember, TeamMember];
  const waiting = new WaitingClaims({ max: 2, perTeam: 2, perMember: 2 });
  const claim = (svc: TestService, m: TeamMember, leave: AbortSignal) =>
    claimWithin(svc.ctx, { teamId: pair.id, userId: m.userId, excludeTypes: [] }, 120_000, {
      client: clientOfSignal(leave),
      waiting,
    });
  return {
    pair,
    first,
    claimOnA: (leave: AbortSignal) => claim(a, first, leave),
    claimOnB: (leave: AbortSignal) => claim(b, second, leave),
    async bothWaiting() {
      while (waiting.count < 2) await sleep(50);
    },
  };
}

/** The notifications about a team, a task's as `task`. */
const taskAndTeamSignals = (teamId: string) =>
  ours([teamId]).map((p) => (p.startsWith('{') ? 'task' : p));

test('when the claim woken where the task was created cannot take it, every instance looks', async () => {
  const leave = new AbortController();
  const { pair, first, claimOnA, claimOnB, bothWaiting } = await pairWaiting('refusing');
  // The member waiting on A refuses the kind: woken for the task, its claim finds nothing.
  await a.ctx.db.query(
    `UPDATE memberships SET refused_types = ARRAY['agent_profile_fetch'] WHERE team_id = $1 AND user_id = $2`,
    [pair.id, first.userId],
  );
  const onA = claimOnA(leave.signal);
  const onB = claimOnB(leave.signal);
  await bothWaiting();
  notified.length = 0;
  const task = await queueProfileTask(a, pair.id, null);
  expect((await onB)?.id).toBe(task.id);
  // B hears the team's notification on its own connection, maybe before this test's listener does.
  await expect.poll(() => taskAndTeamSignals(pair.id)).toEqual(['task', JSON.stringify([pair.id])]);
  leave.abort();
  expect(await onA).toBeNull();
}, 180_000);

test('when the claim waiting where the task was created has gone, every instance looks', async () => {
  const leaveA = new AbortController();
  const leaveB = new AbortController();
  const { pair, claimOnA, claimOnB, bothWaiting } = await pairWaiting('gone');
  const onA = claimOnA(leaveA.signal);
  const onB = claimOnB(leaveB.signal);
  await bothWaiting();
  notified.length = 0;
  // Created while A's claim waits, committed after it has left: A named itself to wake it.
  const task = await a.ctx.db.transaction(async (tx) => {
    const created = await enqueueTask(tx, a.ctx.signals, {
      teamId: pair.id,
      type: 'agent_profile_fetch',
      input: { task_type: 'agent_profile_fetch', profile_slug: 'p-gone' },
    });
    leaveA.abort();
    expect(await onA).toBeNull();
    return created!;
  });
  expect((await onB)?.id).toBe(task.id);
  // B hears the team's notification on its own connection, maybe before this test's listener does.
  await expect.poll(() => taskAndTeamSignals(pair.id)).toEqual(['task', JSON.stringify([pair.id])]);
  leaveB.abort();
}, 180_000);
