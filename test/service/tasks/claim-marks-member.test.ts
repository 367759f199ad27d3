import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, queueProfileTask } from '../../support/task-team.js';

// A claim rewrites its member's row where claims may run beside each other (PostgreSQL: the `held`
// claim of src/service/tasks/claim.ts reads that row's version), and not on PGlite, whose one
// session runs them one at a time (migration 033). On both databases.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const version = async (userId: string) => {
  const [row] = await svc.ctx.db.query<{ version: string }>(
    'SELECT xmin::text AS version FROM memberships WHERE user_id = $1',
    [userId],
  );
  return row!.version;
};

test('a claim rewrites its member row on PostgreSQL only', async () => {
  const team = await createAgentTeam(svc, 'Marks', [{ email: 'ada@marks.test', role: 'admin' }]);
  const ada = team.member('ada@marks.test');
  const claim = async () => {
    const res = await svc.call('POST', '/agent/tasks/claim', {
      body: { wait_s: 0 },
      headers: ada.agentHeaders,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { task: { id: string } }).task.id;
  };
  await queueProfileTask(svc, team.id);
  // The member's first call on this instance marks its activity (auth/activity-marks.ts), a write
  // of the row of its own; the next ones within the mark's interval write nothing.
  await claim();
  const second = await queueProfileTask(svc, team.id);
  const before = await version(ada.userId);
  expect(await claim()).toBe(second.id);

  const [setting] = await svc.ctx.db.query<{ on: string | null }>(
    `SELECT current_setting('network_agent.claims_one_at_a_time', true) AS on`,
  );
  if (svc.ctx.db.kind === 'pglite') {
    expect(setting!.on).toBe('on');
    expect(await version(ada.userId)).toBe(before);
  } else {
    expect(setting!.on ?? null).toBeNull();
    expect(await version(ada.userId)).not.toBe(before);
  }
});
