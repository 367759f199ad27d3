import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask } from '../../support/collection-fixtures.js';

/**
 * Warm-up of a new member's account (docs/budgets.md, "Warm-up"), through the public API and the
 * agent protocol on a real database: it starts at the account's first heartbeat that names it, the
 * claim holds the member's write budgets to the ramp day by day (the start moved back in the
 * database, no sleeping), reads keep the team's budgets, and an admin's loosening needs the risk.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember; // oldest admin, a new account: runs likes and invitations
let bob: TeamMember; // member, an account warmed up long ago

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Ramp', [
    { email: 'ada@ramp.test', role: 'admin', joinedHoursAgo: 48, newAccount: true },
    { email: 'bob@ramp.test', role: 'member' },
  ]);
  ada = team.member('ada@ramp.test');
  bob = team.member('bob@ramp.test');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query(`UPDATE teams SET budgets = '{}', warm_up = '{}'`);
});

const heartbeat = (member: TeamMember, network: Record<string, unknown>) =>
  svc.call('POST', '/agent/heartbeat', {
    headers: member.agentHeaders,
    body: { extension_version: '1.0.0', browser: 'Chrome 140', network, paused: false },
  });

interface BudgetRow {
  task_type: string;
  per_day: number | null;
  per_week: number | null;
  team_per_day?: number | null;
}
interface MemberRow {
  email: string;
  warm_up: {
    started_at: string;
    ends_at: string;
    factor: number;
    day: number;
    days: number;
  } | null;
  safety: { budgets: BudgetRow[]; reduced?: { factor: number; why: string } | null } | null;
}
const getTeam = async (member = ada) => {
  const res = await svc.call('GET', '/api-team', { headers: member.agentHeaders });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    team: { warm_up: { enabled: boolean; days: number; start_factor: number } };
    members: MemberRow[];
  };
};
const memberView = async (email: string) =>
  (await getTeam()).members.find((m) => m.email === email)!;
const patchTeam = (body: unknown, headers = ada.agentHeaders) =>
  svc.call('PATCH', '/api-team', { headers, body });
const endWarmUp = (body: unknown, headers = ada.agentHeaders) =>
  svc.call('PATCH', '/api-team-members/warm-up', { headers, body });

/** Moves the member's warm-up so that it began `days` days (and a minute) ago, 14 days long. */
async function warmUpBegan(member: TeamMember, days: number) {
  await svc.ctx.db.query(
    `UPDATE memberships SET warm_up_started_at = now() - make_interval(days => $2) - interval '1 minute',
            warm_up_ends_at = now() - make_interval(days => $2) - interval '1 minute' + interval '14 days',
            warm_up_start_factor = 0.2
      WHERE user_id = $1`,
    [member.userId, days],
  );
}

let urn = 0;
async function queueLikes(n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await svc.call('POST', '/network-agent/like-post', {
      headers: team.keyHeaders,
      body: {
        social_urn: `urn:li:activity:73100000000${String(urn++).padStart(8, '0')}`,
        reaction_type: 'LIKE',
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    ids.push(((await res.json()) as { api_agent_task_id: string }).api_agent_task_id);
  }
  return ids;
}

/** Claims until the claim refuses: how many likes the member's budget let through. */
async function claimsUntilRefused(member: TeamMember): Promise<number> {
  let n = 0;
  while (await claimTask(svc, member)) n++;
  return n;
}

describe('warm-up starts at the first heartbeat that names the account', () => {
  test('a heartbeat without a network identity starts nothing; the first with one starts it once', async () => {
    await svc.ctx.db.query(
      'UPDATE memberships SET warm_up_started_at = NULL, warm_up_ends_at = NULL WHERE user_id = $1',
      [ada.userId],
    );
    expect((await heartbeat(ada, { signed_in: true })).status).toBe(200);
    expect((await memberView(ada.email)).warm_up).toBeNull();

    expect((await heartbeat(ada, { signed_in: true, public_identifier: 'ada-l' })).status).toBe(
      200,
    );
    const first = (await memberView(ada.email)).warm_up!;
    expect(first).toMatchObject({ factor: 0.2, day: 1, days: 14 });
    expect(Date.parse(first.ends_at) - Date.parse(first.started_at)).toBe(14 * 86_400_000);

    await heartbeat(ada, { signed_in: true, public_identifier: 'ada-l' });
    expect((await memberView(ada.email)).warm_up!.started_at).toBe(first.started_at);
    // The account of a member warmed up long ago is not ramped again.
    await heartbeat(bob, { signed_in: true, public_identifier: 'bob-b' });
    expect((await memberView(bob.email)).warm_up).toBeNull();
  });

  test('GET /api-team and the heartbeat show the member’s lower write budgets; reads keep the team’s', async () => {
    await warmUpBegan(ada, 0);
    const ada0 = await memberView(ada.email);
    const budget = (type: string) => ada0.safety!.budgets.find((b) => b.task_type === type)!;
    expect(budget('agent_connection_request')).toMatchObject({
      per_day: 5,
      per_week: 20,
      team_per_day: 25,
      team_per_week: 100,
    });
    expect(budget('agent_comment_post')).toMatchObject({ per_day: 6, team_per_day: 30 });
    expect(budget('agent_profile_fetch')).toMatchObject({ per_day: 80 });
    expect(budget('agent_profile_fetch').team_per_day).toBeUndefined();
    expect(ada0.safety!.reduced!.factor).toBe(0.2);
    expect(ada0.safety!.reduced!.why).toMatch(
      /^warming up: day 1 of 14 \(20 %\) until \d{4}-\d{2}-\d{2}$/,
    );

    const hb = (await (
      await heartbeat(ada, { signed_in: true, public_identifier: 'ada-l' })
    ).json()) as {
      safety: { budgets: BudgetRow[]; reduced: { factor: number } | null };
    };
    expect(hb.safety.reduced!.factor).toBe(0.2);
    expect(hb.safety.budgets.find((b) => b.task_type === 'agent_like_post')).toMatchObject({
      per_day: 20,
      team_per_day: 100,
    });
  });
});

describe('the claim follows the ramp day by day', () => {
  test('likes under a team budget of 10 a day: 2 on day 1, 6 on day 8, 9 on day 14, 10 after', async () => {
    expect((await patchTeam({ budgets: { agent_like_post: { per_day: 10 } } })).status).toBe(200);
    // Day d (from 0): 20 % + 80 % × d / 14 of 10, rounded down.
    for (const [days, expected] of [
      [0, 2],
      [7, 6],
      [13, 9],
      [14, 10],
    ] as const) {
      await svc.ctx.db.query('DELETE FROM tasks');
      await warmUpBegan(ada, days);
      await queueLikes(expected + 2);
      expect(await claimsUntilRefused(ada), `day ${days + 1}`).toBe(expected);
    }
  });

  test('a spent reduced budget says so in the waiting task’s reason', async () => {
    await warmUpBegan(ada, 0);
    const ids = await queueLikes(21);
    expect(await claimsUntilRefused(ada)).toBe(20);
    const res = await svc.call(
      'GET',
      `/network-agent/get-task-status?api_agent_task_id=${ids[20]}`,
      { headers: team.keyHeaders },
    );
    const { data } = (await res.json()) as { data: { waiting_reason: string | null } };
    expect(data.waiting_reason).toMatch(
      /^ada@ramp\.test has used the budget of likes \(20 a day; warming up: 20 of 100 likes a day until \d{4}-\d{2}-\d{2}\); the next one may run at /,
    );
  });

  test('never below 1 a day for a kind the team allows, and 0 stays 0', async () => {
    await warmUpBegan(ada, 0);
    expect((await patchTeam({ budgets: { agent_like_post: { per_day: 3 } } })).status).toBe(200);
    await queueLikes(3);
    expect(await claimsUntilRefused(ada)).toBe(1);
    await svc.ctx.db.query('DELETE FROM tasks');
    expect((await patchTeam({ budgets: { agent_like_post: { per_day: 0 } } })).status).toBe(200);
    await queueLikes(1);
    expect(await claimsUntilRefused(ada)).toBe(0);
  });
});

describe('an admin ends a warm-up early only by accepting the risk', () => {
  test('400 without the risk, 403 for a member, 404 for nobody; with the risk the full budgets at once', async () => {
    await warmUpBegan(ada, 2);
    expect(await (await endWarmUp({ email: ada.email, ends_now: true })).json()).toEqual({
      error:
        "Invalid 'ends_now': ending ada@ramp.test's warm-up gives their account the team's full budgets at once; send \"i_accept_the_risk\": true to allow it",
    });
    const asMember = await endWarmUp(
      { email: ada.email, ends_now: true, i_accept_the_risk: true },
      bob.agentHeaders,
    );
    expect(asMember.status).toBe(403);
    expect(await asMember.json()).toEqual({ error: 'Access denied' });
    const nobody = await endWarmUp({
      email: 'nobody@ramp.test',
      ends_now: true,
      i_accept_the_risk: true,
    });
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual({ error: 'Member not found' });
    const bad = await endWarmUp({ email: ada.email, ends_now: false, i_accept_the_risk: true });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Invalid 'ends_now': must be true" });
    expect((await memberView(ada.email)).warm_up).not.toBeNull();

    const res = await endWarmUp({ email: ada.email, ends_now: true, i_accept_the_risk: true });
    expect(res.status).toBe(200);
    const view = (await res.json()) as MemberRow;
    expect(view.warm_up).toBeNull();
    expect(view.safety!.reduced).toBeNull();
    expect(view.safety!.budgets.find((b) => b.task_type === 'agent_like_post')!.per_day).toBe(100);
    await queueLikes(30);
    expect(await claimsUntilRefused(ada)).toBe(30);
  });
});

describe('the team’s warm-up setting', () => {
  test('looser needs the risk, stricter does not, null returns to the defaults', async () => {
    expect((await getTeam()).team.warm_up).toEqual({ enabled: true, days: 14, start_factor: 0.2 });
    const cases: [unknown, string][] = [
      [
        { enabled: false },
        "Invalid 'warm_up.enabled': false gives new members' accounts the team's full budgets from their first day; send \"i_accept_the_risk\": true to allow it",
      ],
      [
        { days: 7 },
        'Invalid \'warm_up.days\': 7 is shorter than the default of 14; send "i_accept_the_risk": true to allow it',
      ],
      [
        { start_factor: 0.5 },
        'Invalid \'warm_up.start_factor\': 0.5 is above the default of 0.2; send "i_accept_the_risk": true to allow it',
      ],
      [{ days: 0 }, "Invalid 'warm_up.days': must be a whole number of days from 1 to 90"],
      [{ start_factor: 0 }, "Invalid 'warm_up.start_factor': must be a number from 0.01 to 1"],
      [{ length: 3 }, "Invalid 'warm_up': unknown field 'length'"],
    ];
    for (const [warm_up, error] of cases) {
      const res = await patchTeam({ warm_up });
      expect(res.status, JSON.stringify(warm_up)).toBe(400);
      expect(await res.json()).toEqual({ error });
    }
    const stricter = await patchTeam({ warm_up: { days: 21, start_factor: 0.1 } });
    expect(stricter.status).toBe(200);
    expect(((await stricter.json()) as { team: { warm_up: unknown } }).team.warm_up).toEqual({
      enabled: true,
      days: 21,
      start_factor: 0.1,
    });
    const asMember = await patchTeam({ warm_up: { days: 30 } }, bob.agentHeaders);
    expect(asMember.status).toBe(403);
    expect((await patchTeam({ warm_up: null })).status).toBe(200);
    expect((await getTeam()).team.warm_up).toEqual({ enabled: true, days: 14, start_factor: 0.2 });
  });

  test('turned off with the risk, a new account checks in with the team’s full budgets', async () => {
    const carol = (
      await createAgentTeam(svc, 'Off', [
        { email: 'carol@ramp.test', role: 'admin', newAccount: true },
      ])
    ).members[0]!;
    const off = await patchTeam(
      { warm_up: { enabled: false }, i_accept_the_risk: true },
      carol.agentHeaders,
    );
    expect(off.status).toBe(200);
    expect(((await off.json()) as { team: { warm_up: unknown } }).team.warm_up).toMatchObject({
      enabled: false,
    });
    await heartbeat(carol, { signed_in: true, member_urn: 'urn:li:fsd_profile:ACoAACarol' });
    const view = (await getTeam(carol)).members[0]!;
    expect(view.warm_up).toBeNull();
    expect(
      view.safety!.budgets.find((b) => b.task_type === 'agent_connection_request')!.per_day,
    ).toBe(25);
    // With warm-up on (the default), a new account starts at the team's start factor.
    const dan = (
      await createAgentTeam(svc, 'On', [
        { email: 'dan@ramp.test', role: 'admin', newAccount: true },
      ])
    ).members[0]!;
    await heartbeat(dan, { signed_in: true, member_urn: 'urn:li:fsd_profile:ACoAADan' });
    expect((await getTeam(dan)).members[0]!.warm_up).toMatchObject({ factor: 0.2, day: 1 });
  });
});
