import { setMaxListeners } from 'node:events';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { claimWithin, clientOfSignal } from '../../../src/service/tasks/claim-long-poll.js';
import { SAFETY_RECHECK_MS } from '../../../src/service/tasks/task-signals.js';
import { statementsRun } from '../../../src/service/db/statement-count.js';
import type { ClaimedTask } from '../../../src/contract/agent.js';
import { WaitingClaims } from '../../../src/service/metrics/waiting-claims.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * Waiting costs nothing: N waiting claims run no statement of their own; the instance's shared
 * re-check is one statement per period however many claims and teams wait, and a batch of signals
 * is one statement, after which only the claims of the members with work look. Statements are
 * counted by the service's own database layer (db/statement-count.ts), which counts everything the
 * instance runs, background work included.
 */
const TEAMS = 20;
const PER_TEAM = 10;
let svc: TestService;
let teams: AgentTeam[];

beforeAll(async () => {
  svc = await startTestService();
  teams = [];
  for (let t = 0; t < TEAMS; t++)
    teams.push(
      await createAgentTeam(
        svc,
        `Cost ${t}`,
        Array.from({ length: PER_TEAM }, (_, i) => ({
          email: `a${i}@cost${t}.test`,
          role: i === 0 ? ('admin' as const) : ('member' as const),
        })),
      ),
    );
}, 120_000);
afterAll(() => svc.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once the instance has run no statement for `quietMs`. */
async function statementsSettled(quietMs: number) {
  let last = -1;
  while (statementsRun(svc.ctx.db) !== last) {
    last = statementsRun(svc.ctx.db);
    await sleep(quietMs);
  }
}

interface Answer {
  userId: string;
  task: ClaimedTask | null;
}

/**
 * Every member of every team waits in a claim; resolves once all of them wait and the re-checks
 * their teams' first waits start are done (no statement for a second).
 */
async function everyoneWaits(waitMs: number) {
  const answered: Answer[] = [];
  const leave = new AbortController();
  const waiting = new WaitingClaims({ max: TEAMS * PER_TEAM, perTeam: PER_TEAM, perMember: 2 });
  // One client signal for every claim here (a real claim has its own).
  setMaxListeners(0, leave.signal);
  const claims = teams.flatMap((team) =>
    team.members.map((m) =>
      claimWithin(svc.ctx, { teamId: team.id, userId: m.userId, excludeTypes: [] }, waitMs, {
        client: clientOfSignal(leave.signal),
        waiting,
      }).then((task) => {
        answered.push({ userId: m.userId, task });
      }),
    ),
  );
  while (waiting.count < TEAMS * PER_TEAM) await sleep(100);
  await statementsSettled(1_000);
  /** The clients leave: the remaining claims answer. */
  const end = async () => {
    leave.abort();
    await Promise.all(claims);
  };
  return { end, answered };
}

/** Resolves once the next periodic re-check has run and its statement is done. */
async function periodicRecheckDone() {
  const before = svc.ctx.signals.rechecks;
  while (svc.ctx.signals.rechecks === before) await sleep(20);
  await statementsSettled(200);
}

/** Inserts a pending task without any signal: only a re-check can find it. */
async function silentTask(teamId: string, assignedUserId: string | null) {
  const id = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status, assigned_user_id) VALUES ($1, $2, 'agent_profile_fetch', $3, 'pending', $4)`,
    [
      id,
      teamId,
      JSON.stringify({ task_type: 'agent_profile_fetch', profile_slug: `p-${id.slice(0, 8)}` }),
      assignedUserId,
    ],
  );
  return id;
}

test(`${TEAMS * PER_TEAM} waiting claims in ${TEAMS} teams: about one statement per safety re-check, not one per claim or team`, async () => {
  const { end, answered } = await everyoneWaits(120_000);
  const statements = statementsRun(svc.ctx.db);
  const rechecks = svc.ctx.signals.rechecks;
  await sleep(2 * SAFETY_RECHECK_MS + 500);
  const made = statementsRun(svc.ctx.db) - statements;
  const ran = svc.ctx.signals.rechecks - rechecks;
  console.log(
    `${TEAMS * PER_TEAM} waiting claims, ${2 * SAFETY_RECHECK_MS} ms: ${made} statements, ${ran} re-checks`,
  );
  expect(answered).toEqual([]);
  expect(ran).toBeGreaterThanOrEqual(1);
  expect(ran).toBeLessThanOrEqual(3);
  // The re-checks, and the service's own background work (at most a few statements).
  expect(made).toBeLessThanOrEqual(ran + 6);
  await end();
}, 180_000);

test('a batch of signals is one statement; only the signalled members with work look, one claim per task', async () => {
  const { end, answered } = await everyoneWaits(120_000);
  const [t0, t5, t9, t12] = [teams[0]!, teams[5]!, teams[9]!, teams[12]!];
  // The tasks and the signal come right after a periodic re-check, so that one cannot find the
  // tasks too and wake more claims than the signal's re-check does.
  await periodicRecheckDone();
  const ada = t0.members[3]!;
  const bob = t5.members[7]!;
  const assigned = [await silentTask(t0.id, ada.userId), await silentTask(t5.id, bob.userId)];
  const shared = [await silentTask(t9.id, null), await silentTask(t9.id, null)];
  const statements = statementsRun(svc.ctx.db);
  const rechecks = svc.ctx.signals.rechecks;
  // Four teams signalled at once (t12 has no work): one re-check for all of them.
  await svc.ctx.signals.tasksReady([t0.id, t5.id, t9.id, t12.id]);
  for (let i = 0; i < 60 && answered.length < 4; i++) await sleep(100);
  await sleep(300);
  const made = statementsRun(svc.ctx.db) - statements;
  const ran = svc.ctx.signals.rechecks - rechecks;
  console.log(`a batch of 4 team signals, 4 tasks: ${made} statements, ${ran} re-checks`);
  expect(ran).toBeGreaterThanOrEqual(1);
  // The next periodic one, on a machine slow enough to take seconds over the four answers.
  expect(ran).toBeLessThanOrEqual(2);
  // Only the members with work answered, each with a task of its own.
  expect(answered).toHaveLength(4);
  const byMember = new Map(answered.map((a) => [a.userId, a.task?.id]));
  expect(byMember.get(ada.userId)).toBe(assigned[0]);
  expect(byMember.get(bob.userId)).toBe(assigned[1]);
  const t9Members = new Set(t9.members.map((m) => m.userId));
  const t9Answers = answered.filter((a) => t9Members.has(a.userId));
  expect(t9Answers.map((a) => a.task?.id).sort()).toEqual([...shared].sort());
  // The NOTIFY (PostgreSQL), the re-check, and each woken claim's look: not one per waiting claim.
  expect(made).toBeLessThanOrEqual(1 + ran + 4 * 2);
  await end();
}, 180_000);
