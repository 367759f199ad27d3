import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { SAFETY_RECHECK_MS } from '../../../src/service/tasks/task-signals.js';
import { databaseBusyMs } from '../../../src/service/db/statement-count.js';
import type { TaskType } from '../../../src/contract/task-types.js';

/**
 * A waiting claim whose member's work waits on a retry delay (`run_after`) is woken when the delay
 * runs out, by the instance's shared re-check, whatever the timer's rounding and whatever woke the
 * claim meanwhile: never left to the safety re-check (`SAFETY_RECHECK_MS`).
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Retries', [{ email: 'ada@retry.test', role: 'admin' }]);
  ada = team.member('ada@retry.test');
});
afterAll(() => svc.close());

const claim = (wait_s: number) =>
  svc.call('POST', '/agent/tasks/claim', { body: { wait_s }, headers: ada.agentHeaders });

/** A task due in `delayMs`: its id, and when its delay runs out by the database's clock (ms). */
async function enqueue(type: TaskType, delayMs: number): Promise<{ id: string; due: number }> {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type,
    input:
      type === 'agent_connection_request'
        ? { task_type: type, profile_slug: 'grace', note: null }
        : { task_type: type, profile_slug: 'grace' },
    assignedUserId: null,
  });
  const [row] = await svc.ctx.db.query<{ due: number }>(
    `UPDATE tasks SET run_after = now() + make_interval(secs => $2::double precision) WHERE id = $1
     RETURNING (extract(epoch FROM run_after) * 1000)::float8 AS due`,
    [task!.id, delayMs / 1000],
  );
  return { id: task!.id, due: Number(row!.due) };
}

async function drain() {
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed', error = '{"code":"timeout","message":"test cleanup"}' WHERE status IN ('pending', 'processing')`,
  );
}

/**
 * Claims with a long wait and says which task came and how long after `due` (the database's
 * instant, on this machine's clock), so the time the queueing itself took is not counted; less
 * the longest time this process's event loop was held meanwhile (`stalled`), and less the time
 * this process waited on its database after `due` (`answering`): a machine that stops the process
 * for a second, or a database shared with other work that takes a second to answer, makes every
 * wake-up that late, whichever path it takes. A wake-up left to the safety re-check is late with
 * the loop free and the database idle.
 */
async function claimAfter(due: number) {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let busyAtDue = databaseBusyMs(svc.ctx.db);
  const atDue = setTimeout(
    () => {
      busyAtDue = databaseBusyMs(svc.ctx.db);
    },
    Math.max(0, due - Date.now()),
  );
  const res = await claim(5);
  clearTimeout(atDue);
  loop.disable();
  const stalled = loop.max / 1e6;
  const answering = databaseBusyMs(svc.ctx.db) - busyAtDue;
  const late = Date.now() - due - stalled - answering;
  expect(res.status).toBe(200);
  const { id } = ((await res.json()) as { task: { id: string } }).task;
  return { id, late, why: `late beyond a stall of ${stalled} ms and ${answering} ms of database` };
}

test('every retry delay wakes the waiting claim when it runs out, however the timer rounds', async () => {
  // Delays with fractions of a millisecond: a timer may fire a little before a fractional instant.
  for (let round = 0; round < 8; round++) {
    await drain();
    const delayMs = 250 + round * 13.37;
    const { id, due } = await enqueue('agent_profile_fetch', delayMs);
    const got = await claimAfter(due);
    expect(got.id).toBe(id);
    expect(got.late, got.why).toBeLessThan(SAFETY_RECHECK_MS / 5);
  }
});

test('a claim woken for work it cannot take still wakes when its retry delay runs out', async () => {
  await drain();
  const [{ budgets }] = (await svc.ctx.db.query<{ budgets: unknown }>(
    'SELECT budgets FROM teams WHERE id = $1',
    [team.id],
  )) as [{ budgets: unknown }];
  // Connection requests are spent for the day: a due one wakes the claim, which finds nothing.
  await svc.ctx.db.query(`UPDATE teams SET budgets = $2::jsonb WHERE id = $1`, [
    team.id,
    JSON.stringify({ agent_connection_request: { per_day: 0, per_week: 0 } }),
  ]);
  try {
    await enqueue('agent_connection_request', 0);
    const delayMs = 700;
    const { id, due } = await enqueue('agent_profile_fetch', delayMs);
    const got = await claimAfter(due);
    expect(got.id).toBe(id);
    expect(got.late, got.why).toBeLessThan(SAFETY_RECHECK_MS / 5);
  } finally {
    await svc.ctx.db.query(`UPDATE teams SET budgets = $2::jsonb WHERE id = $1`, [
      team.id,
      JSON.stringify(budgets),
    ]);
  }
});
