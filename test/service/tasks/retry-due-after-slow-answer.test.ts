import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import type { Database } from '../../../src/service/db/database.js';
import { SharedRecheck } from '../../../src/service/tasks/signals/shared-recheck.js';
import { WaitingClaimRegistry } from '../../../src/service/tasks/signals/waiting-claim-registry.js';
import { IdleTeams } from '../../../src/service/tasks/signals/idle-teams.js';
import { RecentlyTaken } from '../../../src/service/tasks/signals/recently-taken.js';

/**
 * The shared re-check learns when a waiting team's retry delay runs out from one statement, which
 * measures the delay from its own start. On a loaded database server an answer can take hundreds
 * of ms to come back: the delay still runs out when the task is due, not that much later.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Slow answers', [{ email: 'ada@slow.test', role: 'admin' }]);
  ada = team.member('ada@slow.test');
});
afterAll(() => svc.close());

const ANSWER_DELAY_MS = 400;

/** The service's database, each answer held back `ANSWER_DELAY_MS` after the statement ran. */
function answeringLate(db: Database): Database {
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return async (...args: Parameters<Database['query']>) => {
        const rows = await target.query(...args);
        await new Promise((r) => setTimeout(r, ANSWER_DELAY_MS));
        return rows;
      };
    },
  });
}

test('a retry delay learned from a slow answer runs out when the task is due', async () => {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type: 'agent_profile_fetch',
    input: { task_type: 'agent_profile_fetch', profile_slug: 'grace' },
    assignedUserId: null,
  });
  const [row] = await svc.ctx.db.query<{ due: number }>(
    `UPDATE tasks SET run_after = now() + interval '3 seconds' WHERE id = $1
     RETURNING (extract(epoch FROM run_after) * 1000)::float8 AS due`,
    [task!.id],
  );
  const due = Number(row!.due);

  const idle = new IdleTeams(new RecentlyTaken());
  const claims = new WaitingClaimRegistry(() => {});
  const recheck = new SharedRecheck({ db: answeringLate(svc.ctx.db), claims, idle });
  const wait = claims.wait(team.id, { userId: ada.userId, excludeTypes: [] });
  try {
    recheck.soon([team.id]);
    await expect.poll(() => recheck.dueAt(team.id), { timeout: 10_000 }).toBeLessThan(Infinity);
    // Due timers add a few ms of slack (due-timer.ts); the answer's delay is not among them.
    expect(recheck.dueAt(team.id) - due).toBeLessThan(ANSWER_DELAY_MS / 4);
  } finally {
    wait.stop();
    recheck.close();
  }
});
