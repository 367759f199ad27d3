import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { readClaimSettings } from '../../../src/service/tasks/claim-settings.js';

/**
 * What a claim knows of its member (tasks/claim-settings.ts): the members of one team share one
 * copy of the team's budgets, as the instance remembers them for each member whose claims it
 * serves; a change of the budgets is read as it is, never the copy of the old value.
 */
let svc: TestService;
let team: AgentTeam;
beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Settings', [
    { email: 'ada@settings.test', role: 'admin' },
    { email: 'bob@settings.test', role: 'member' },
  ]);
});
afterAll(() => svc.close());

const settingsOf = async (i: number) =>
  (await readClaimSettings(svc.ctx.db, team.id, team.members[i]!.userId, false))!;

test("the members of a team share one copy of the team's budgets, and see a change", async () => {
  await svc.ctx.db.query('UPDATE teams SET budgets = $2::jsonb WHERE id = $1', [
    team.id,
    JSON.stringify({ agent_like_post: { per_day: 7 } }),
  ]);
  const [ada, bob] = [await settingsOf(0), await settingsOf(1)];
  expect(ada.limits?.agent_like_post).toEqual({ per_day: 7, per_week: null });
  expect(bob.limits).toBe(ada.limits);
  expect(bob.storedBudgets).toBe(ada.storedBudgets);

  await svc.ctx.db.query('UPDATE teams SET budgets = $2::jsonb WHERE id = $1', [
    team.id,
    JSON.stringify({ agent_like_post: { per_day: 3 } }),
  ]);
  const changed = await settingsOf(1);
  expect(changed.limits?.agent_like_post).toEqual({ per_day: 3, per_week: null });
  expect(ada.limits?.agent_like_post?.per_day).toBe(7);
});
