import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask, type ClaimedTask } from '../../support/collection-fixtures.js';
import { keyedApi } from '../../support/relationship-events.js';
import { sequenceEnrollments } from '../../support/sequence-fixtures.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import { engineerProfile as profile } from '../../support/profile-output.js';
import { addToList } from '../../../src/service/outreach/list-store.js';

/**
 * A pooled sequence on a real database, every step an ordinary task claimed by the emulated agents
 * of a three-member team: each person gets one sender (a warm path first, then the most budget
 * left), only that member's browser runs their steps, a paused member's people not yet invited
 * move to the others while those already invited stay, and no member goes over their budget.
 */
let svc: TestService;
let team: AgentTeam;
let a: TeamMember;
let b: TeamMember;
let c: TeamMember;
let api: ReturnType<typeof keyedApi>;

const urn = (i: number) => `urn:li:fsd_profile:ACoAAPoolPerson${String(i).padStart(2, '0')}`;
const PEOPLE = Array.from({ length: 30 }, (_, i) => urn(i));
const WARM = urn(4);
const INVITES_A_DAY = 8;

beforeAll(async () => {
  svc = await startTestService({});
  team = await createAgentTeam(svc, 'Pool', [
    { email: 'ann@pool.test', role: 'admin', joinedHoursAgo: 30 },
    { email: 'bob@pool.test', joinedHoursAgo: 20 },
    { email: 'cat@pool.test', joinedHoursAgo: 10 },
  ]);
  [a, b, c] = team.members as [TeamMember, TeamMember, TeamMember];
  api = keyedApi(svc, team.keyHeaders);
  const budgets = await svc.call('PATCH', '/api-team', {
    headers: a.agentHeaders,
    body: { budgets: { agent_connection_request: { per_day: INVITES_A_DAY } } },
  });
  expect(budgets.status).toBe(200);
  // Bob is connected to one of the people already: the warm path.
  await svc.ctx.db.query(
    `INSERT INTO member_connections (team_id, user_id, profile_urn, name, connected_at) VALUES ($1, $2, $3, 'Warm Person', now())`,
    [team.id, b.userId, WARM],
  );
});
afterAll(async () => {
  await svc.close();
});

const enrollments = (id: string) => sequenceEnrollments(api, id);

/** Claims every task `m` may run now, answering each; returns them. */
async function runAll(m: TeamMember, answer: (t: ClaimedTask) => unknown, max = 1000) {
  const done: ClaimedTask[] = [];
  for (let t = await claimTask(svc, m); t && done.length < max; ) {
    await completeTask(svc, m, t, answer(t));
    done.push(t);
    if (done.length < max) t = await claimTask(svc, m);
  }
  return done;
}

const personOf = (t: ClaimedTask) =>
  String(t.input.profile_urn ?? `urn:li:fsd_profile:${String(t.input.profile_slug)}`);
const visitAnswer = (t: ClaimedTask) => {
  const id = personOf(t);
  return profile(id, id.slice(-8).toLowerCase(), `Person ${id.slice(-2)}`, 'Robots Inc');
};

describe('a three-member pool runs a thirty-person sequence', () => {
  let id: string;
  const senderOf = new Map<string, string>();

  test('senders are members (a stranger is a 404 naming them); not both sender_email and senders', async () => {
    const steps = [{ type: 'visit' }];
    expect(
      await api('POST', '/api-sequences', {
        name: 'x',
        steps,
        senders: ['ann@pool.test', 'nobody@pool.test'],
      }),
    ).toEqual({
      status: 404,
      body: { error: 'No member with that e-mail in the team: nobody@pool.test' },
    });
    expect(
      (
        await api('POST', '/api-sequences', {
          name: 'x',
          steps,
          senders: ['ann@pool.test'],
          sender_email: 'ann@pool.test',
        })
      ).body,
    ).toEqual({ error: "Give either 'sender_email' or 'senders', not both" });
    expect((await api('POST', '/api-sequences', { name: 'x', steps, senders: [] })).status).toBe(
      400,
    );
    const all = await api('POST', '/api-sequences', { name: 'All', steps, senders: 'all' });
    expect(all.body).toMatchObject({ senders: 'all', sender: { email: 'ann@pool.test' } });
    await api('DELETE', `/api-sequences/${all.body.id}`);
  });

  test('each person gets one sender: the warm path first, then the most budget left', async () => {
    const created = await api('POST', '/api-sequences', {
      name: 'Robotics',
      senders: ['ann@pool.test', 'bob@pool.test', 'cat@pool.test'],
      steps: [
        { type: 'visit' },
        { type: 'connection_request', note: 'Hi {first_name}' },
        { type: 'wait_for_acceptance', max_days: 15 },
        { type: 'message', text: 'Thanks, {first_name}!' },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body.senders).toEqual(['ann@pool.test', 'bob@pool.test', 'cat@pool.test']);
    id = created.body.id;
    const res = await api('POST', `/api-sequences/${id}/enrollments`, { profiles: PEOPLE });
    expect(res.body).toEqual({ enrolled: 30, skipped: [] });
    const people = await enrollments(id);
    for (const e of people) senderOf.set(e.profile.profile_urn, e.sender_email);
    const warm = people.find((e) => e.profile.profile_urn === WARM)!;
    expect(warm).toMatchObject({
      sender_email: 'bob@pool.test',
      sender_reason: 'already connected to bob@pool.test (a warm path)',
    });
    const count = (email: string) => people.filter((e) => e.sender_email === email).length;
    expect([count('ann@pool.test'), count('bob@pool.test'), count('cat@pool.test')]).toEqual([
      10, 10, 10,
    ]);
    const first = people.find((e) => e.profile.profile_urn === urn(0))!;
    expect(first.sender_reason).toBe(
      'the most connection requests left: 100 of 100 this week, less the people already given to them',
    );
    const seq = (await api('GET', `/api-sequences/${id}`)).body;
    expect(
      seq.funnel_by_sender.map((s: any) => [s.sender.email, s.funnel.enrolled, s.funnel.invited]),
    ).toEqual([
      ['ann@pool.test', 10, 0],
      ['bob@pool.test', 10, 0],
      ['cat@pool.test', 10, 0],
    ]);
  });

  test('each visit runs in the browser of the person’s sender only', async () => {
    await advanceSequences(svc.ctx);
    for (const m of [a, b, c]) {
      const visits = await runAll(m, visitAnswer);
      expect(visits.length).toBe(10);
      for (const t of visits) {
        expect(t.type).toBe('agent_profile_fetch');
        expect(senderOf.get(personOf(t))).toBe(m.email);
      }
    }
  });

  test('Cat invites three, then pauses: her people not yet invited move to Ann and Bob, her invited ones stay', async () => {
    await advanceSequences(svc.ctx);
    const catInvites = await runAll(c, () => ({ sent: true, invitation_urn: null }), 3);
    expect(catInvites.map((t) => t.type)).toEqual(Array(3).fill('agent_connection_request'));
    const invitedByCat = catInvites.map(personOf);
    const heartbeat = await svc.call('POST', '/agent/heartbeat', {
      headers: c.agentHeaders,
      body: {
        extension_version: '1.0.0',
        browser: 'chrome 131',
        network: { signed_in: true },
        paused: true,
        pause_reason: 'on holiday',
      },
    });
    expect(heartbeat.status).toBe(200);
    await advanceSequences(svc.ctx);
    // Paused for less than the set time (SEQUENCE_SENDER_AWAY_HOURS, 24 h): nobody moves yet.
    expect((await enrollments(id)).filter((e) => e.sender_email === 'cat@pool.test').length).toBe(
      10,
    );
    await svc.ctx.db.query(
      `UPDATE memberships SET paused_at = now() - interval '25 hours' WHERE user_id = $1`,
      [c.userId],
    );
    await advanceSequences(svc.ctx);
    const people = await enrollments(id);
    const cats = people.filter((e) => e.sender_email === 'cat@pool.test');
    expect(cats.map((e) => e.profile.profile_urn).sort()).toEqual([...invitedByCat].sort());
    expect(cats.every((e) => e.state === 'waiting_acceptance')).toBe(true);
    const moved = people.filter((e) => senderOf.get(e.profile.profile_urn) === 'cat@pool.test');
    const movedAway = moved.filter((e) => e.sender_email !== 'cat@pool.test');
    expect(movedAway.length).toBe(7);
    for (const e of movedAway) {
      expect(['ann@pool.test', 'bob@pool.test']).toContain(e.sender_email);
      expect(e.sender_reason).toMatch(
        /^moved from cat@pool\.test has been paused since .+; now (ann|bob)@pool\.test: the most connection requests left/,
      );
      // The invitation queued for Cat, which she never started, was cancelled and said why.
      const cancelled = e.history.filter((h: any) => h.status === 'failed');
      expect(cancelled.map((h: any) => h.task_type)).toEqual(['agent_connection_request']);
      const status = await api(
        'GET',
        `/network-agent/get-task-status?api_agent_task_id=${cancelled[0].task_id}`,
      );
      expect(status.body.data.error.code).toBe('sender_changed');
    }
    expect(new Set(movedAway.map((e) => e.sender_email)).size).toBe(2);
    for (const e of people) senderOf.set(e.profile.profile_urn, e.sender_email);
  });

  test('each invitation goes out from the person’s sender, and nobody goes over the budget', async () => {
    await advanceSequences(svc.ctx);
    for (const m of [a, b]) {
      // Bob is connected to the warm person already: no invitation, their message step reads the inbox first.
      const tasks = await runAll(m, (t) =>
        t.type === 'agent_conversations_fetch'
          ? { conversations: [] }
          : { sent: true, invitation_urn: null },
      );
      const invites = tasks.filter((t) => t.type !== 'agent_conversations_fetch');
      expect(invites.length).toBe(INVITES_A_DAY);
      for (const t of invites) {
        expect(t.type).toBe('agent_connection_request');
        expect(senderOf.get(personOf(t))).toBe(m.email);
        expect(personOf(t)).not.toBe(WARM);
      }
    }
    const team = (await svc
      .call('GET', '/api-team', { headers: a.agentHeaders })
      .then((r) => r.json())) as any;
    for (const member of team.members) {
      const use = member.safety.budgets.find(
        (x: any) => x.task_type === 'agent_connection_request',
      );
      expect(use.used_today).toBeLessThanOrEqual(INVITES_A_DAY);
    }
    await advanceSequences(svc.ctx);
    const seq = (await api('GET', `/api-sequences/${id}`)).body;
    expect(seq.funnel.invited).toBe(3 + 2 * INVITES_A_DAY);
    expect(
      Object.fromEntries(seq.funnel_by_sender.map((s: any) => [s.sender.email, s.funnel.invited])),
    ).toEqual({
      'ann@pool.test': INVITES_A_DAY,
      'bob@pool.test': INVITES_A_DAY,
      'cat@pool.test': 3,
    });
    // The people over the budget wait in their sender's queue; they are not moved for it.
    const waiting = (await enrollments(id)).filter(
      (e) => e.state === 'active' && e.current_step?.type === 'connection_request',
    );
    expect(waiting.length).toBeGreaterThan(0);
    for (const e of waiting) expect(e.sender_email).toBe(senderOf.get(e.profile.profile_urn));
  });
});

describe('the outreach checks of a pooled sequence', () => {
  const RECENT = 'urn:li:fsd_profile:ACoAAInvitedByAnn';
  const LISTED_LATER = 'urn:li:fsd_profile:ACoAAListedLater1';

  test('a listed person is skipped at enrollment, or stopped before their next step, with the reason; never contacted', async () => {
    await addToList(
      svc.ctx.db,
      team.id,
      [{ kind: 'person', value: 'listed-person', reason: 'asked us not to write' }],
      'ann@pool.test',
    );
    const seq = await api('POST', '/api-sequences', {
      name: 'Checked',
      senders: ['bob@pool.test', 'cat@pool.test'],
      steps: [{ type: 'visit' }, { type: 'connection_request' }],
    });
    const res = await api('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      profiles: ['listed-person', LISTED_LATER],
    });
    expect(res.body.enrolled).toBe(1);
    expect(res.body.skipped).toEqual([
      {
        profile: 'listed-person',
        reason:
          "this person is on the team's do-not-contact list (listed-person): asked us not to write",
      },
    ]);
    await addToList(svc.ctx.db, team.id, [{ kind: 'person', value: LISTED_LATER }], null);
    await advanceSequences(svc.ctx);
    const [later] = await enrollments(seq.body.id);
    expect(later).toMatchObject({ state: 'stopped', history: [] });
    expect(later.error).toMatch(
      /^stopped before the visit: this person is on the team's do-not-contact list/,
    );
    await api('DELETE', `/api-sequences/${seq.body.id}`);
  });

  test('a person Ann invited last week is skipped by a sequence of Bob and Cat, with who and when', async () => {
    const sent = await svc.call('POST', '/network-agent/send-connection-request', {
      headers: team.keyHeaders,
      body: { profile_urn: RECENT },
    });
    expect(sent.status).toBe(200);
    await svc.ctx.db.query(
      `UPDATE contact_events SET at = now() - interval '7 days' WHERE profile_urn = $1`,
      [RECENT],
    );
    const seq = await api('POST', '/api-sequences', {
      name: 'Not twice',
      senders: ['bob@pool.test', 'cat@pool.test'],
      steps: [{ type: 'visit' }, { type: 'connection_request' }],
    });
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, { profiles: [RECENT] });
    const [person] = await enrollments(seq.body.id);
    // Cat is paused: the only sender of the pool who can send is Bob.
    expect(person).toMatchObject({
      sender_email: 'bob@pool.test',
      sender_reason: 'the only sender of the pool who can send now',
    });
    await advanceSequences(svc.ctx);
    // Bob also runs what the big sequence left him (the warm person's message); answered by kind.
    const answer = (t: ClaimedTask) =>
      t.type === 'agent_profile_fetch'
        ? profile(RECENT, 'invited-by-ann', 'Iris Invited', 'Robots Inc')
        : t.type === 'agent_conversations_fetch'
          ? { conversations: [] }
          : t.type === 'agent_send_message'
            ? {
                sent: true,
                conversation_urn: `urn:li:msg_conversation:(${WARM},2-d2FybQ==)`,
                delivered_at: new Date().toISOString(),
              }
            : { sent: true, invitation_urn: null };
    const bobs = await runAll(b, answer);
    expect(bobs.filter((t) => t.type === 'agent_profile_fetch').map(personOf)).toEqual([RECENT]);
    await advanceSequences(svc.ctx);
    bobs.push(...(await runAll(b, answer)));
    expect(bobs.filter((t) => t.input.profile_urn === RECENT)).toEqual([]);
    const [after] = await enrollments(seq.body.id);
    const day = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    expect(after).toMatchObject({
      state: 'stopped',
      error: `skipped before the connection request: this person was contacted by ann@pool.test on ${day} (an invitation)`,
    });
  });
});
