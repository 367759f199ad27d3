import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Database } from '../../../src/service/db/database.js';
import { claimWithin, clientOfSignal } from '../../../src/service/tasks/claim-long-poll.js';
import { createAgentTeam, queueProfileTask, type AgentTeam } from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * No thundering herd: a new task wakes one waiting claim that may run it (its member,
 * not excluding its type), which passes the wake-up on when it cannot take it; the other waiting
 * claims run no statement. Counted on the service's real database through a wrapper that counts
 * the statements the waiting claims make.
 */
const WAITERS = 40;
let svc: TestService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(
    svc,
    'Herd',
    Array.from({ length: WAITERS }, (_, i) => ({
      email: `agent${i}@herd.test`,
      role: i === 0 ? ('admin' as const) : ('member' as const),
    })),
  );
}, 60_000);
afterAll(() => svc.close());

/** The service's database, counting the statements made through it. */
function counting(db: Database): { db: Database; statements: () => number } {
  let n = 0;
  const counted = <T>(run: () => Promise<T>): Promise<T> => {
    n++;
    return run();
  };
  const wrapped: Database = {
    kind: db.kind,
    query: (sql, params) => counted(() => db.query(sql, params)),
    transaction: (fn, opts) =>
      db.transaction(
        (tx) =>
          fn({
            query: (sql, params) => counted(() => tx.query(sql, params)),
            exec: (sql) => tx.exec(sql),
          }),
        opts,
      ),
    listen: (channel, handler) => db.listen(channel, handler),
    listening: () => db.listening(),
    onListeningChange: (handler) => db.onListeningChange(handler),
    close: () => db.close(),
  };
  return { db: wrapped, statements: () => n };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Every member waits in a claim (excluding `exclude` for the first `excluding` of them); resolves
 * when all wait. `leave()` ends the claims still waiting, as their clients leaving would, so a test
 * does not sit out their window.
 */
async function waitingClaims(exclude: string[] = [], excluding = 0) {
  const counted = counting(svc.ctx.db);
  const clients = new AbortController();
  const client = clientOfSignal(clients.signal);
  const claims = team.members.map((m, i) =>
    claimWithin(
      { db: counted.db, signals: svc.ctx.signals },
      {
        teamId: team.id,
        userId: m.userId,
        excludeTypes: (i < excluding ? exclude : []) as never[],
      },
      12_000,
      { client },
    ).then((task) => ({
      member: m.userId,
      task,
    })),
  );
  // All waiting: their first looks done, no statement for a while.
  let last = -1;
  while (counted.statements() !== last) {
    last = counted.statements();
    await sleep(1_000);
  }
  return { claims, counted, leave: () => clients.abort() };
}

const profileTask = (assignedUserId: string | null = null) =>
  queueProfileTask(svc, team.id, assignedUserId);

test(`a new task among ${WAITERS} waiting claims wakes one, which takes it; the others make no statement`, async () => {
  const { claims, counted, leave } = await waitingClaims();
  const before = counted.statements();
  const task = await profileTask();
  const first = await Promise.race(claims);
  expect(first.task?.id).toBe(task!.id);
  await sleep(200);
  const made = counted.statements() - before;
  console.log(`${WAITERS} waiting claims, one task: ${made} statements`);
  // The woken claim's look (its settings, the claim): a handful, not one per waiting claim.
  expect(made).toBeLessThanOrEqual(5);
  leave();
  const answers = await Promise.all(claims);
  expect(answers.filter((a) => a.task).map((a) => a.task!.id)).toEqual([task!.id]);
});

test('a task assigned to one member wakes that member’s claim only; a kind a claim excludes does not wake it', async () => {
  const { claims, counted, leave } = await waitingClaims(['agent_profile_fetch'], 5);
  const before = counted.statements();
  // Excluded by the first five: a claim that may run it takes it.
  const task = await profileTask();
  const first = await Promise.race(claims);
  expect(first.task?.id).toBe(task!.id);
  expect(team.members.slice(0, 5).map((m) => m.userId)).not.toContain(first.member);
  await sleep(100);
  expect(counted.statements() - before).toBeLessThanOrEqual(5);
  leave();
  const rest = await Promise.all(claims);
  expect(rest.filter((a) => a.task)).toHaveLength(1);

  const again = await waitingClaims();
  const assigned = await profileTask(team.members[WAITERS - 1]!.userId);
  const taker = await Promise.race(again.claims);
  expect(taker).toEqual({
    member: team.members[WAITERS - 1]!.userId,
    task: expect.objectContaining({ id: assigned!.id }),
  });
  again.leave();
  await Promise.all(again.claims);
});

test('a woken claim that cannot take the task (its member paused meanwhile) passes the wake-up on', async () => {
  const { claims, leave } = await waitingClaims();
  // The longest-waiting member pauses without a signal: woken first, it finds nothing and passes on.
  await svc.ctx.db.query('UPDATE memberships SET paused = true WHERE user_id = $1', [
    team.members[0]!.userId,
  ]);
  try {
    const started = performance.now();
    const task = await profileTask();
    const first = await Promise.race(claims.slice(1));
    expect(first.task?.id).toBe(task!.id);
    expect(first.member).not.toBe(team.members[0]!.userId);
    expect(performance.now() - started).toBeLessThan(1_000);
    leave();
    await Promise.all(claims);
  } finally {
    await svc.ctx.db.query('UPDATE memberships SET paused = NULL WHERE user_id = $1', [
      team.members[0]!.userId,
    ]);
  }
});
