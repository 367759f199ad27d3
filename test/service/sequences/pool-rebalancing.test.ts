import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask, type ClaimedTask } from '../../support/collection-fixtures.js';
import { keyedApi } from '../../support/relationship-events.js';
import { sequenceEnrollments } from '../../support/sequence-fixtures.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';

/**
 * Rebalancing of a pooled sequence (docs/sequences.md, "Senders"), path by path, on a real
 * database with the emulated agents of a three-member team: a person not yet invited moves to
 * another sender when theirs withdrew consent, turned off connection requests, hit the network's
 * invitation limit, or was taken out of the pool by `PATCH /api-sequences/{id}`; a person that
 * sender already invited stays with them, even when the invitation's end is read after the sender
 * became unfit.
 */
let svc: TestService;
let team: AgentTeam;
let ann: TeamMember;
let bob: TeamMember;
let cat: TeamMember;
let api: ReturnType<typeof keyedApi>;

const STEPS = [
  { type: 'connection_request', note: 'Hi there' },
  { type: 'wait_for_acceptance', max_days: 15 },
];

let teams = 0;
beforeAll(async () => {
  svc = await startTestService({});
});
/** A team of its own for each test: the split by budget left starts even. */
beforeEach(async () => {
  teams++;
  team = await createAgentTeam(svc, `Rebalance ${teams}`, [
    { email: `ann@r${teams}.test`, role: 'admin', joinedHoursAgo: 30 },
    { email: `bob@r${teams}.test`, joinedHoursAgo: 20 },
    { email: `cat@r${teams}.test`, joinedHoursAgo: 10 },
  ]);
  [ann, bob, cat] = team.members as [TeamMember, TeamMember, TeamMember];
  api = keyedApi(svc, team.keyHeaders);
});
/** A reason as the service words it: `moved from <from> <why>; now <to>: <how>`. */
const movedReason = (from: TeamMember, why: string, to: TeamMember | string, how: string) =>
  new RegExp(
    `^moved from ${esc(from.email)} ${why}; now ${typeof to === 'string' ? to : esc(to.email)}: ${how}`,
  );
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
afterAll(async () => {
  await svc.close();
});

let batch = 0;
/** A new sequence of `senders` with `n` people enrolled by URN (an invitation is their first task). */
async function pooledSequence(senders: TeamMember[], n: number) {
  batch++;
  const people = Array.from(
    { length: n },
    (_, i) => `urn:li:fsd_profile:ACoAARebalance${batch}x${String(i).padStart(2, '0')}`,
  );
  const created = await api('POST', '/api-sequences', {
    name: `Pool ${batch}`,
    senders: senders.map((m) => m.email),
    steps: STEPS,
  });
  expect(created.status).toBe(201);
  const enrolled = await api('POST', `/api-sequences/${created.body.id}/enrollments`, {
    profiles: people,
  });
  expect(enrolled.body).toEqual({ enrolled: n, skipped: [] });
  await advanceSequences(svc.ctx);
  return created.body.id as string;
}

const enrollments = (id: string) => sequenceEnrollments(api, id);
const peopleOf = (people: any[], m: TeamMember) =>
  people
    .filter((e) => e.sender_email === m.email)
    .map((e) => e.profile.profile_urn as string)
    .sort();

/** The member's next task (any sequence of this file is done before the next begins). */
async function nextInvite(m: TeamMember): Promise<ClaimedTask> {
  const t = await claimTask(svc, m);
  expect(t?.type).toBe('agent_connection_request');
  return t!;
}
const invited = (m: TeamMember, t: ClaimedTask) =>
  completeTask(svc, m, t, { sent: true, invitation_urn: null });

/** The network refused `m`'s invitation `t`: their weekly invitation limit. */
async function hitInvitationLimit(m: TeamMember, t: ClaimedTask) {
  const failed = await svc.call('POST', `/agent/tasks/${t.id}/fail`, {
    headers: m.agentHeaders,
    body: {
      attempt: t.attempt,
      error: { code: 'invitation_limit', message: 'Weekly invitation limit', retryable: true },
    },
  });
  expect(failed.status).toBe(200);
}

/** Claims every task `m` may run now, answering each as sent; returns the people invited. */
async function inviteAll(m: TeamMember): Promise<string[]> {
  const done: string[] = [];
  for (let t = await claimTask(svc, m); t; t = await claimTask(svc, m)) {
    expect(t.type).toBe('agent_connection_request');
    await invited(m, t);
    done.push(String(t.input.profile_urn));
  }
  return done;
}

/**
 * `from`'s people not yet invited went to `to`, each with why; the one `from` invited stayed with
 * them and waits for acceptance; the moved people's invitations then go out from `to`'s browser.
 */
async function expectMoved(
  id: string,
  before: any[],
  from: TeamMember,
  stayed: string[],
  to: TeamMember,
  why: RegExp,
) {
  const people = await enrollments(id);
  expect(peopleOf(people, from)).toEqual([...stayed].sort());
  for (const e of people.filter((x) => stayed.includes(x.profile.profile_urn)))
    expect(e).toMatchObject({ state: 'waiting_acceptance', sender_email: from.email });
  const movedUrns = peopleOf(before, from).filter((u) => !stayed.includes(u));
  expect(movedUrns.length).toBeGreaterThan(0);
  for (const e of people.filter((x) => movedUrns.includes(x.profile.profile_urn))) {
    expect(e.sender_email).toBe(to.email);
    expect(e.state).toBe('active');
    expect(e.sender_reason).toMatch(why);
  }
  await advanceSequences(svc.ctx);
  expect((await inviteAll(to)).sort()).toEqual(
    [...peopleOf(before, to), ...movedUrns].filter((u) => !stayed.includes(u)).sort(),
  );
  await advanceSequences(svc.ctx);
  const after = await enrollments(id);
  expect(after.every((e) => e.state === 'waiting_acceptance')).toBe(true);
  return movedUrns;
}

describe('a person not yet invited moves when their sender can no longer send', () => {
  test('Bob withdraws consent: his people not yet invited go to Ann; the one he invited stays', async () => {
    const id = await pooledSequence([ann, bob], 4);
    const before = await enrollments(id);
    expect(peopleOf(before, ann)).toHaveLength(2);
    expect(peopleOf(before, bob)).toHaveLength(2);
    const first = await nextInvite(bob);
    await invited(bob, first);
    await advanceSequences(svc.ctx);
    const withdrawn = await svc.call('DELETE', '/agent/consent', { headers: bob.agentHeaders });
    expect(withdrawn.status).toBe(200);
    await advanceSequences(svc.ctx);
    await expectMoved(
      id,
      before,
      bob,
      [String(first.input.profile_urn)],
      ann,
      movedReason(
        bob,
        'withdrew \\(or never gave\\) consent to tasks in their name',
        ann,
        'the only sender of the pool who can send now$',
      ),
    );
    // The invitation queued for Bob and never handed to him was cancelled, saying why.
    const moved = (await enrollments(id)).find(
      (e) => e.sender_email === ann.email && e.history.some((h: any) => h.status === 'failed'),
    );
    const cancelled = moved.history.find((h: any) => h.status === 'failed');
    const status = await api(
      'GET',
      `/network-agent/get-task-status?api_agent_task_id=${cancelled.task_id}`,
    );
    expect(status.body.data.error.code).toBe('sender_changed');
  });

  test('Cat turns off connection requests: her people not yet invited go to Ann; the one she invited stays', async () => {
    const id = await pooledSequence([ann, cat], 4);
    const before = await enrollments(id);
    const first = await nextInvite(cat);
    await invited(cat, first);
    await advanceSequences(svc.ctx);
    const consent = (await svc
      .call('GET', '/agent/consent', { headers: cat.agentHeaders })
      .then((r) => r.json())) as { version: string };
    const refused = await svc.call('POST', '/agent/consent', {
      headers: cat.agentHeaders,
      body: { version: consent.version, refused_types: ['agent_connection_request'] },
    });
    expect(refused.status).toBe(200);
    await advanceSequences(svc.ctx);
    await expectMoved(
      id,
      before,
      cat,
      [String(first.input.profile_urn)],
      ann,
      movedReason(
        cat,
        'turned off connection requests',
        ann,
        'the only sender of the pool who can send now$',
      ),
    );
  });

  test("Ann hits the network's invitation limit: the person refused and her others go to Cat; the one she invited stays", async () => {
    const id = await pooledSequence([ann, cat], 4);
    const before = await enrollments(id);
    const first = await nextInvite(ann);
    await invited(ann, first);
    const limited = await nextInvite(ann);
    await hitInvitationLimit(ann, limited);
    await advanceSequences(svc.ctx);
    const movedUrns = await expectMoved(
      id,
      before,
      ann,
      [String(first.input.profile_urn)],
      cat,
      movedReason(
        ann,
        "hit the network's invitation limit \\(until .+\\)",
        cat,
        'the only sender of the pool who can send now$',
      ),
    );
    // The person whose invitation the network refused is among them: invited by Cat instead.
    expect(movedUrns).toContain(String(limited.input.profile_urn));
    await svc.ctx.db.query(
      'UPDATE memberships SET invite_limited_until = NULL WHERE user_id = $1',
      [ann.userId],
    );
  });

  test('a sender failure read before anyone else can send: the person waits, then moves, never fails', async () => {
    const id = await pooledSequence([ann, cat], 2);
    // Cat cannot send either when Ann's invitation fails: rebalancing has nobody to move to.
    await svc.ctx.db.query(
      "UPDATE memberships SET invite_limited_until = now() + interval '1 day' WHERE user_id = $1",
      [cat.userId],
    );
    const limited = await nextInvite(ann);
    await hitInvitationLimit(ann, limited);
    await advanceSequences(svc.ctx);
    const waiting = (await enrollments(id)).find(
      (e) => e.profile.profile_urn === limited.input.profile_urn,
    );
    expect(waiting).toMatchObject({ state: 'active', sender_email: ann.email });
    expect(waiting.waiting_reason).toMatch(/could not send \(Weekly invitation limit\)/);
    // Cat can send again: the person moves to her, and her browser sends the invitation.
    await svc.ctx.db.query(
      'UPDATE memberships SET invite_limited_until = NULL WHERE user_id = $1',
      [cat.userId],
    );
    await advanceSequences(svc.ctx);
    const moved = (await enrollments(id)).find(
      (e) => e.profile.profile_urn === limited.input.profile_urn,
    );
    expect(moved).toMatchObject({ state: 'active', sender_email: cat.email });
    await advanceSequences(svc.ctx);
    expect(await inviteAll(cat)).toContain(String(limited.input.profile_urn));
    await svc.ctx.db.query(
      'UPDATE memberships SET invite_limited_until = NULL WHERE user_id = $1',
      [ann.userId],
    );
  });

  test('an invitation already sent stays with its sender even when its end is read after they withdrew consent', async () => {
    const id = await pooledSequence([ann, bob], 2);
    await svc.call('POST', '/agent/consent', {
      headers: bob.agentHeaders,
      body: {
        version: (
          (await svc
            .call('GET', '/agent/consent', { headers: bob.agentHeaders })
            .then((r) => r.json())) as { version: string }
        ).version,
      },
    });
    const bobs = await nextInvite(bob);
    await invited(bob, bobs);
    // Bob withdraws before the engine has read that his invitation went out.
    await svc.call('DELETE', '/agent/consent', { headers: bob.agentHeaders });
    await advanceSequences(svc.ctx);
    const person = (await enrollments(id)).find(
      (e) => e.profile.profile_urn === bobs.input.profile_urn,
    );
    expect(person).toMatchObject({ sender_email: bob.email, state: 'waiting_acceptance' });
    expect(person.history.map((h: any) => [h.task_type, h.status])).toEqual([
      ['agent_connection_request', 'completed'],
    ]);
    await inviteAll(ann);
    expect(await claimTask(svc, ann)).toBeNull();
  });
});

describe('PATCH /api-sequences/{id} changes the senders', () => {
  test('Cat taken out of the pool: her people not yet invited go to Ann and Bob; the one she invited stays', async () => {
    const id = await pooledSequence([ann, bob, cat], 6);
    const before = await enrollments(id);
    expect([ann, bob, cat].map((m) => peopleOf(before, m).length)).toEqual([2, 2, 2]);
    await svc.call('POST', '/agent/consent', {
      headers: bob.agentHeaders,
      body: {
        version: (
          (await svc
            .call('GET', '/agent/consent', { headers: bob.agentHeaders })
            .then((r) => r.json())) as { version: string }
        ).version,
      },
    });
    const first = await nextInvite(cat);
    await invited(cat, first);
    await advanceSequences(svc.ctx);
    const patched = await api('PATCH', `/api-sequences/${id}`, {
      senders: [ann.email, bob.email],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.senders).toEqual([ann.email, bob.email]);
    await advanceSequences(svc.ctx);
    const people = await enrollments(id);
    expect(peopleOf(people, cat)).toEqual([String(first.input.profile_urn)]);
    const movedAway = people.filter(
      (e) => peopleOf(before, cat).includes(e.profile.profile_urn) && e.sender_email !== cat.email,
    );
    expect(movedAway).toHaveLength(1);
    expect(movedAway[0].sender_reason).toMatch(
      movedReason(
        cat,
        'is no longer one of its senders',
        `(${esc(ann.email)}|${esc(bob.email)})`,
        'the most connection requests left: ',
      ),
    );
    // Everyone else is invited by the sender now shown; Cat is handed nothing more.
    await advanceSequences(svc.ctx);
    const now = await enrollments(id);
    for (const m of [ann, bob]) expect((await inviteAll(m)).sort()).toEqual(peopleOf(now, m));
    expect(await claimTask(svc, cat)).toBeNull();
    await advanceSequences(svc.ctx);
    const after = await enrollments(id);
    expect(after.every((e) => e.state === 'waiting_acceptance')).toBe(true);
    expect(peopleOf(after, cat)).toEqual([String(first.input.profile_urn)]);
    const seq = (await api('GET', `/api-sequences/${id}`)).body;
    expect(
      Object.fromEntries(seq.funnel_by_sender.map((s: any) => [s.sender.email, s.funnel.invited])),
    ).toEqual({
      [ann.email]: peopleOf(after, ann).length,
      [bob.email]: peopleOf(after, bob).length,
      [cat.email]: 1,
    });
    expect(peopleOf(after, ann).length + peopleOf(after, bob).length).toBe(5);
  });
});
