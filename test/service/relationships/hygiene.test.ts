import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask } from '../../support/collection-fixtures.js';
import { withdrawOldInvitations } from '../../../src/service/relationships/withdraw-old-invitations.js';

/**
 * Invitation hygiene (docs/budgets.md "Hygiene"), on a real database with times moved in it: a
 * person withdrawn by any member is refused for 21 days and allowed after; a member over the cap of
 * pending invitations is handed none until one is answered; the job withdraws invitations older
 * than the team's days, as their sender, within the withdrawal budget.
 */
let svc: TestService;
let team: AgentTeam;
let ada: TeamMember; // oldest admin: sends invitations
let bob: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Hygienic', [
    { email: 'ada@hygiene.test', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@hygiene.test', role: 'member' },
  ]);
  ada = team.member('ada@hygiene.test');
  bob = team.member('bob@hygiene.test');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM sent_invitations');
  await svc.ctx.db.query('DELETE FROM contact_events');
  await svc.ctx.db.query(
    "UPDATE teams SET withdraw_pending_after_days = 21, budgets = '{}', contact_window_days = 0",
  );
});

let n = 0;
const person = () => `urn:li:fsd_profile:ACoAAHygiene${n++}`;

/** Sent invitations of `member`, `daysAgo` old, in `state` (the triggers keep the pending count). */
async function sentInvitations(
  member: TeamMember,
  count: number,
  opts: { daysAgo?: number; state?: string; urn?: string } = {},
): Promise<string[]> {
  const urns: string[] = [];
  for (let i = 0; i < count; i++) {
    const urn = opts.urn ?? person();
    urns.push(urn);
    await svc.ctx.db.query(
      `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, state, sent_at, state_changed_at)
       VALUES ($1, $2, $3, $4, $5, now() - make_interval(days => $6), now() - make_interval(days => $6))`,
      [
        crypto.randomUUID(),
        team.id,
        member.userId,
        urn,
        opts.state ?? 'pending',
        opts.daysAgo ?? 1,
      ],
    );
  }
  return urns;
}

const invite = (profileUrn: string) =>
  svc.call('POST', '/network-agent/send-connection-request', {
    headers: team.keyHeaders,
    body: { profile_urn: profileUrn },
  });

describe('a withdrawn person', () => {
  test('is refused for 21 days after any member withdrew, then allowed', async () => {
    const urn = person();
    await sentInvitations(bob, 1, { urn, state: 'withdrawn', daysAgo: 0 });
    // Withdrawn yesterday by another member: the refusal names that day and three weeks on.
    await svc.ctx.db.query(
      `UPDATE sent_invitations SET state_changed_at = now() - interval '1 day' WHERE profile_urn = $1`,
      [urn],
    );
    const [{ at }] = (await svc.ctx.db.query<{ at: Date }>(
      'SELECT state_changed_at AS at FROM sent_invitations WHERE profile_urn = $1',
      [urn],
    )) as [{ at: Date }];
    const withdrawn = new Date(at).toISOString().slice(0, 10);
    const until = new Date(new Date(at).getTime() + 21 * 86_400_000).toISOString().slice(0, 10);

    const refused = await invite(urn);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: `Refused: an invitation to this person was withdrawn on ${withdrawn}; the network refuses a new one until ${until}`,
    });

    await svc.ctx.db.query(
      `UPDATE sent_invitations SET state_changed_at = now() - interval '21 days 1 minute' WHERE profile_urn = $1`,
      [urn],
    );
    const allowed = await invite(urn);
    expect(allowed.status, await allowed.clone().text()).toBe(200);
  });
});

describe('the cap of pending invitations', () => {
  test('a member at 200 pending is handed no invitation, says why, and resumes under it', async () => {
    const urns = await sentInvitations(ada, 200);
    const res = await invite(person());
    expect(res.status, await res.clone().text()).toBe(200);
    const id = ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;

    expect(await claimTask(svc, ada)).toBeNull();
    const status = await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
      headers: team.keyHeaders,
    });
    const data = (
      (await status.json()) as { data: { waiting_reason: string; scheduled_for: null } }
    ).data;
    expect(data.waiting_reason).toBe(
      'ada@hygiene.test has 200 connection requests waiting for an answer (at most 200): no more are sent until some are accepted, expire or are withdrawn.',
    );
    expect(data.scheduled_for).toBeNull();

    await svc.ctx.db.query(
      "UPDATE sent_invitations SET state = 'accepted', state_changed_at = now() WHERE profile_urn = $1",
      [urns[0]],
    );
    const [{ pending }] = (await svc.ctx.db.query<{ pending: number }>(
      'SELECT pending_invitations AS pending FROM memberships WHERE user_id = $1',
      [ada.userId],
    )) as [{ pending: number }];
    expect(pending).toBe(199);
    expect((await claimTask(svc, ada))?.id).toBe(id);
  });
});

describe('withdrawing old invitations', () => {
  test('queues withdrawals of invitations older than N days, as their sender, within the budget', async () => {
    const old = await sentInvitations(ada, 25, { daysAgo: 30 });
    await sentInvitations(ada, 3, { daysAgo: 5 });
    const bobs = await sentInvitations(bob, 2, { daysAgo: 22 });

    expect(await withdrawOldInvitations(svc.ctx)).toBe(22);
    const tasks = await svc.ctx.db.query<{ user_id: string; urn: string }>(
      `SELECT assigned_user_id AS user_id, input ->> 'profile_urn' AS urn FROM tasks
        WHERE type = 'agent_invitation_withdraw' AND status = 'pending'`,
    );
    const adas = tasks.filter((t) => t.user_id === ada.userId).map((t) => t.urn);
    // The default budget: 20 withdrawals a day; the oldest first, none of the recent ones.
    expect(adas).toHaveLength(20);
    for (const urn of adas) expect(old).toContain(urn);
    expect(
      tasks
        .filter((t) => t.user_id === bob.userId)
        .map((t) => t.urn)
        .sort(),
    ).toEqual([...bobs].sort());
    // Those waiting use the room: a second run queues nothing more.
    expect(await withdrawOldInvitations(svc.ctx)).toBe(0);
  });

  test('a later day or none needs the risk accepted; off, nothing is queued', async () => {
    await sentInvitations(ada, 2, { daysAgo: 40 });
    const patch = (body: unknown) =>
      svc.call('PATCH', '/api-team', { headers: ada.agentHeaders, body });
    const refused = await patch({ withdraw_pending_after_days: 0 });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error:
        'Invalid \'withdraw_pending_after_days\': 0 (never) is later than the default of 21 days; send "i_accept_the_risk": true to allow it',
    });
    expect((await patch({ withdraw_pending_after_days: 14 })).status).toBe(200);
    expect((await patch({ withdraw_pending_after_days: 0, i_accept_the_risk: true })).status).toBe(
      200,
    );
    expect(await withdrawOldInvitations(svc.ctx)).toBe(0);
  });
});
