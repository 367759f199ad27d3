import { afterAll, beforeAll, expect, test } from 'vitest';
import { claimWithin, clientOfSignal } from '../../../src/service/tasks/claim-long-poll.js';
import { SAFETY_RECHECK_MS } from '../../../src/service/tasks/task-signals.js';
import { statementsRun } from '../../../src/service/db/statement-count.js';
import type { ClaimedTask } from '../../../src/contract/agent.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * A claim of a team the instance knows has nothing due begins to wait without a look: no statement
 * at all. The knowledge comes from the shared re-check and holds while every task signalled since
 * is taken by a claim of this instance; a task it has not seen taken, a signal without a task, or a
 * retry delay running out makes the next claim look again.
 */
let svc: TestService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Memory', [
    { email: 'ada@memory.test', role: 'admin' },
    { email: 'bob@memory.test' },
    { email: 'cy@memory.test' },
  ]);
}, 120_000);
afterAll(() => svc.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function claim(member: number, waitMs: number, gone?: AbortSignal): Promise<ClaimedTask | null> {
  return claimWithin(
    svc.ctx,
    { teamId: team.id, userId: team.members[member]!.userId, excludeTypes: [] },
    waitMs,
    gone ? { client: clientOfSignal(gone) } : {},
  );
}

/** Resolves once the service has run no statement for half a second. */
async function settled() {
  let last = -1;
  while (statementsRun(svc.ctx.db) !== last) {
    last = statementsRun(svc.ctx.db);
    await sleep(500);
  }
}

/**
 * The statements a claim issues as it starts, and the looks skipped: a claim decides at once, before
 * its first wait, whether to look, so counting then leaves the service's background work out.
 */
async function counting(start: () => Promise<ClaimedTask | null>) {
  const statements = statementsRun(svc.ctx.db);
  const skipped = svc.ctx.signals.looksSkipped;
  const claimed = start();
  const made = {
    statements: statementsRun(svc.ctx.db) - statements,
    skipped: svc.ctx.signals.looksSkipped - skipped,
  };
  return { result: await claimed, ...made };
}

async function createTask(slug: string): Promise<string> {
  const res = await svc.call('POST', '/network-agent/fetch-profile', {
    body: { profile_slug: slug },
    headers: team.keyHeaders,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
}

test('claims of a team with nothing due wait without a statement, and still get the next task', async () => {
  // Ada waits: her team is looked at once by the shared re-check.
  const ada = claim(0, 60_000);
  await settled();

  // Bob's claims begin to wait without a look, however often he comes back.
  for (let i = 0; i < 3; i++) {
    const bob = await counting(() => claim(1, 200));
    expect(bob.result).toBeNull();
    expect(bob.statements).toBe(0);
    expect(bob.skipped).toBe(1);
  }

  // A task created meanwhile reaches a waiting claim: Ada's, the longest waiting.
  const bobWaits = claim(1, 60_000);
  const id = await createTask('after-memory');
  expect((await ada)?.id).toBe(id);

  // Taken here: the team still has nothing due, so Cy's claim needs no look either.
  await settled();
  const cy = await counting(() => claim(2, 200));
  expect(cy.result).toBeNull();
  expect(cy.statements).toBe(0);
  expect(cy.skipped).toBe(1);

  // And the next task reaches Bob, who waited all along.
  const next = await createTask('after-memory-2');
  expect((await bobWaits)?.id).toBe(next);
}, 120_000);

/** Polls until the instance knows the team has nothing due (`true`) or not (`false`). */
async function until(nothingDue: boolean) {
  for (let i = 0; i < 100 && svc.ctx.signals.nothingDue(team.id) !== nothingDue; i++)
    await sleep(100);
  expect(svc.ctx.signals.nothingDue(team.id)).toBe(nothingDue);
}

test('a task signalled but not seen taken here makes the claims look until the next re-check', async () => {
  const gone = new AbortController();
  const ada = claim(0, 60_000, gone.signal);
  await settled();
  expect((await counting(() => claim(1, 100))).skipped).toBe(1);

  // A task for Cy, who does not wait, taken by her claim on another instance: nobody here is
  // woken, and this instance never sees it taken. Claims look until the periodic re-check.
  await svc.ctx.signals.taskReady(team.id, undefined, {
    type: 'agent_profile_fetch',
    assignedUserId: team.members[2]!.userId,
    id: crypto.randomUUID(),
  });
  await until(false);
  const bob = await counting(() => claim(1, 50));
  expect(bob.skipped).toBe(0);
  expect(bob.statements).toBeGreaterThanOrEqual(1);

  await until(true);
  expect((await counting(() => claim(1, 50))).skipped).toBe(1);
  gone.abort();
  expect(await ada).toBeNull();
}, 120_000);

test('a task written without any signal still reaches a claim that skipped its look, by the next safety re-check', async () => {
  const gone = new AbortController();
  const ada = claim(0, 4 * SAFETY_RECHECK_MS, gone.signal);
  await settled();
  const skipped = svc.ctx.signals.looksSkipped;
  const cy = claim(2, 4 * SAFETY_RECHECK_MS, gone.signal);
  expect(svc.ctx.signals.looksSkipped - skipped).toBe(1);

  const id = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status) VALUES ($1, $2, 'agent_profile_fetch', $3, 'pending')`,
    [id, team.id, JSON.stringify({ task_type: 'agent_profile_fetch', profile_slug: 'silent' })],
  );
  const started = Date.now();
  const got = await Promise.race([ada, cy]);
  expect(got?.id).toBe(id);
  expect(Date.now() - started).toBeLessThanOrEqual(SAFETY_RECHECK_MS + 2_000);
  gone.abort();
  await Promise.all([ada, cy]);
}, 120_000);
