import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  networkPost,
  runAllTasks,
  type ClaimedTask,
} from '../../support/collection-fixtures.js';
import {
  keyedApi,
  relationshipReceiver,
  type RelationshipReceiver,
} from '../../support/relationship-events.js';
import { sequenceEnrollments } from '../../support/sequence-fixtures.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { runRelationshipSync } from '../../../src/service/relationships/sync.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import type { ProfileOutput } from '../../../src/contract/task-outputs.js';
import { engineerProfile as profile } from '../../support/profile-output.js';

/**
 * Sequences on a real database, every step an ordinary task run by an emulated agent through the
 * agent protocol: a two-person sequence where one accepts, is messaged with their name, replies and
 * is stopped, and the other never accepts and is withdrawn after max_days. Time is shortened by the
 * service's own setting (SEQUENCE_HOUR_S=1: a day is 24 s) and, like the task tests, by moving a
 * row's clock back instead of sleeping.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let hooks: RelationshipReceiver;
let api: ReturnType<typeof keyedApi>;

const ME = 'urn:li:fsd_profile:ACoAAAdaSeq001';
const GRACE = 'urn:li:fsd_profile:ACoAAGraceSeq1';
const ALAN = 'urn:li:fsd_profile:ACoAAAlanSeq01';
const THREAD = `urn:li:msg_conversation:(${ME},2-Z3JhY2Utc2Vx)`;

beforeAll(async () => {
  svc = await startTestService({
    ALLOW_PRIVATE_FETCH: '1',
    SEQUENCE_HOUR_S: '1',
    RELATIONSHIP_SYNC_INTERVAL_S: '60',
  });
  acme = await createAgentTeam(svc, 'Acme', [{ email: 'ada@seq.test', role: 'admin' }]);
  ada = acme.member('ada@seq.test');
  hooks = await relationshipReceiver(svc, ada.agentHeaders);
  api = keyedApi(svc, acme.keyHeaders);
  // More sequences than the free plan's 3 (sequence-pages.test.ts tests the cap).
  await svc.ctx.db.query(`UPDATE teams SET plan = 'business' WHERE id = $1`, [acme.id]);
});
afterAll(async () => {
  await svc.close();
  await hooks.close();
});

/** Claims every task ada may run now, answering each with `answer`; returns them in claim order. */
const runAll = (answer: (t: ClaimedTask) => unknown) => runAllTasks(svc, ada, answer);

const PROFILES: Record<string, ProfileOutput> = {
  'grace-hopper': profile(GRACE, 'grace-hopper', 'Grace Hopper', 'US Navy'),
  'alan-turing': profile(ALAN, 'alan-turing', 'Alan Turing', null),
};
const enrollments = (id: string) => sequenceEnrollments(api, id);
const byName = async (id: string) =>
  Object.fromEntries((await enrollments(id)).map((e) => [e.profile.name ?? e.profile.input, e]));

describe('a two-person sequence', () => {
  let id: string;

  test('created with its steps; an unknown template field is a 400 naming it', async () => {
    const bad = await api('POST', '/api-sequences', {
      name: 'x',
      steps: [{ type: 'message', text: 'Hi {title}' }],
    });
    expect(bad).toEqual({
      status: 400,
      body: {
        error:
          "Unknown template field '{title}' in step 1: use {first_name}, {last_name}, {company}, {headline}, each with an optional fallback such as {first_name|there}",
      },
    });
    expect(
      (await api('POST', '/api-sequences', { name: 'x', steps: [{ type: 'wave' }] })).body,
    ).toEqual({
      error:
        "Invalid step: 'type' must be one of visit, connection_request, wait_for_acceptance, message, like_latest_post",
    });
    expect(
      (await api('POST', '/api-sequences', { name: 'x', steps: [{ type: 'visit', max_days: 3 }] }))
        .body,
    ).toEqual({ error: "Unknown field in a 'visit' step: 'max_days'" });
    expect(
      (
        await api('POST', '/api-sequences', {
          name: 'x',
          steps: [{ type: 'message', text: 'Hi', delay_hours: 721 }],
        })
      ).body,
    ).toEqual({
      error: "Invalid 'delay_hours': must be a whole number from 0 to 720",
    });
    expect(
      (
        await api('POST', '/api-sequences', {
          name: 'x',
          steps: [{ type: 'wait_for_acceptance', max_days: 61 }],
        })
      ).body,
    ).toEqual({
      error: "Invalid 'max_days': must be a whole number from 1 to 60",
    });
    const created = await api('POST', '/api-sequences', {
      name: 'Pioneers',
      steps: [
        { type: 'visit' },
        { type: 'connection_request', note: 'Hi {first_name|there}, from one pioneer to another.' },
        { type: 'wait_for_acceptance', max_days: 1, withdraw_if_not_accepted: true },
        { type: 'message', text: 'Thanks for connecting, {first_name}! How is {company|work}?' },
        { type: 'message', text: 'Following up, {first_name}.', delay_hours: 2 },
      ],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Pioneers',
      sender: { email: 'ada@seq.test' },
      status: 'active',
      stop_on_reply: true,
    });
    expect(created.body.steps[2]).toEqual({
      type: 'wait_for_acceptance',
      max_days: 1,
      withdraw_if_not_accepted: true,
    });
    id = created.body.id;
  });

  test('enrollment: two people in, the rest skipped with reasons', async () => {
    const res = await api('POST', `/api-sequences/${id}/enrollments`, {
      profiles: [
        'grace-hopper',
        'https://www.linkedin.com/in/alan-turing/',
        'grace-hopper',
        'urn:li:member:12345',
        'not a profile!',
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.enrolled).toBe(2);
    expect(res.body.skipped.map((s: any) => [s.profile, s.reason])).toEqual([
      ['grace-hopper', 'listed twice'],
      [
        'urn:li:member:12345',
        'a member id names no profile the network can open: give the profile URL or its fsd_profile URN',
      ],
      ['not a profile!', 'not a profile URL, slug or URN'],
    ]);
    const other = await api('POST', '/api-sequences', {
      name: 'Other',
      steps: [{ type: 'visit' }],
    });
    const again = await api('POST', `/api-sequences/${other.body.id}/enrollments`, {
      profiles: ['grace-hopper'],
    });
    expect(again.body).toEqual({
      enrolled: 0,
      skipped: [{ profile: 'grace-hopper', reason: 'already in the active sequence “Pioneers”' }],
    });
    expect((await api('DELETE', `/api-sequences/${other.body.id}`)).status).toBe(200);
  });

  test('visit, then the invitation with the name filled in, then the wait', async () => {
    await advanceSequences(svc.ctx);
    const visits = await runAll((t) => {
      expect(t.type).toBe('agent_profile_fetch');
      return PROFILES[String(t.input.profile_slug)];
    });
    expect(visits.map((t) => t.input.profile_slug).sort()).toEqual(['alan-turing', 'grace-hopper']);
    await advanceSequences(svc.ctx);
    const invites = await runAll((t) => {
      expect(t.type).toBe('agent_connection_request');
      return { sent: true, invitation_urn: null };
    });
    expect(Object.fromEntries(invites.map((t) => [t.input.profile_urn, t.input.note]))).toEqual({
      [GRACE]: 'Hi Grace, from one pioneer to another.',
      [ALAN]: 'Hi Alan, from one pioneer to another.',
    });
    await advanceSequences(svc.ctx);
    const people = await byName(id);
    expect(people['Grace Hopper']).toMatchObject({
      state: 'waiting_acceptance',
      current_step: { index: 2, type: 'wait_for_acceptance' },
    });
    expect(people['Grace Hopper'].waiting_reason).toMatch(
      /^waiting for Grace Hopper to accept the invitation, until /,
    );
    expect(people['Grace Hopper'].history.map((h: any) => h.task_type)).toEqual([
      'agent_profile_fetch',
      'agent_connection_request',
    ]);
    const invitations = await api('GET', '/api-invitations?status=pending');
    expect(invitations.body.data.map((i: any) => i.sequence_enrollment_id).sort()).toEqual(
      [people['Alan Turing'].id, people['Grace Hopper'].id].sort(),
    );
  });

  test('Grace accepts: messaged with her name after one read of the conversation; her reply stops her', async () => {
    await runRelationshipSync(svc.ctx);
    const connection = {
      profile_urn: GRACE,
      public_identifier: 'grace-hopper',
      full_name: 'Grace Hopper',
      headline: null,
      profile_url: null,
      image_url: null,
      connected_at: new Date().toISOString(),
    };
    await runAll((t) =>
      t.type === 'agent_connections_fetch'
        ? { connections: [connection], start: 0, count: 1, total: null }
        : t.type === 'agent_conversations_fetch'
          ? { conversations: [] }
          : {
              invitations: [
                {
                  invitation_urn: 'urn:li:invitation:1',
                  profile_urn: ALAN,
                  name: 'Alan Turing',
                  profile_url: null,
                  sent_at: null,
                  note: null,
                },
              ],
            },
    );
    await advanceSequences(svc.ctx);
    // The message step first reads the conversation (none known yet: the inbox), then sends.
    const [read] = await runAll((t) => {
      expect(t.type).toBe('agent_conversations_fetch');
      return { conversations: [] };
    });
    expect(read).toBeDefined();
    await advanceSequences(svc.ctx);
    const [sent] = await runAll((t) => {
      expect(t.type).toBe('agent_send_message');
      return { sent: true, conversation_urn: THREAD, delivered_at: new Date().toISOString() };
    });
    expect(sent!.input).toEqual({
      task_type: 'agent_send_message',
      profile_urn: GRACE,
      message_text: 'Thanks for connecting, Grace! How is US Navy?',
    });
    await advanceSequences(svc.ctx);
    expect((await byName(id))['Grace Hopper']).toMatchObject({
      state: 'active',
      current_step: { index: 4, type: 'message' },
    });
    expect((await byName(id))['Grace Hopper'].waiting_reason).toMatch(/^the message is due at /);

    // Grace answers before the follow-up is due; the next inbox read sees it.
    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 second' WHERE user_id = $1`,
      [ada.userId],
    );
    await runRelationshipSync(svc.ctx);
    const reply = {
      text: 'Great, thanks Ada!',
      sender_urn: GRACE,
      from_me: false,
      delivered_at: new Date().toISOString(),
    };
    await runAll((t) =>
      t.type === 'agent_connections_fetch'
        ? { connections: [], start: 0, count: 0, total: null }
        : {
            conversations: [
              {
                conversation_urn: THREAD,
                unread: true,
                last_activity_at: reply.delivered_at,
                participants: [{ profile_urn: GRACE, name: 'Grace Hopper', profile_url: null }],
                last_message: reply,
              },
            ],
          },
    );
    const grace = (await byName(id))['Grace Hopper'];
    expect(grace).toMatchObject({ state: 'replied', current_step: null, next_run_at: null });
    // Past the follow-up's time: nothing more for Grace.
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET last_step_at = last_step_at - interval '1 hour' WHERE id = $1`,
      [grace.id],
    );
    await advanceSequences(svc.ctx);
    expect(await claimTask(svc, ada)).toBeNull();

    await deliverDueWebhooks(svc.ctx);
    const events = hooks.events();
    expect(events.every((e) => e.ok)).toBe(true);
    expect(events.map((e) => e.type).sort()).toEqual(['connection.accepted', 'message.received']);
    expect(events.find((e) => e.type === 'connection.accepted')!.data.profile.profile_urn).toBe(
      GRACE,
    );
    expect(events.find((e) => e.type === 'message.received')!.data).toMatchObject({
      conversation_urn: THREAD,
      message: { text: 'Great, thanks Ada!' },
      sequence_enrollment: { id: grace.id, sequence_id: id, state: 'replied' },
    });
  });

  test('Alan never accepts: after max_days the invitation is withdrawn and he leaves the sequence', async () => {
    const alan = (await byName(id))['Alan Turing'];
    expect(alan.state).toBe('waiting_acceptance');
    await advanceSequences(svc.ctx);
    expect(await claimTask(svc, ada)).toBeNull();
    // A day is 24 s here (SEQUENCE_HOUR_S=1); the invitation's clock moves back past it.
    await svc.ctx.db.query(
      `UPDATE sequence_enrollments SET invited_at = invited_at - interval '25 seconds', next_run_at = next_run_at - interval '25 seconds' WHERE id = $1`,
      [alan.id],
    );
    await advanceSequences(svc.ctx);
    const [withdraw] = await runAll((t) => {
      expect(t.type).toBe('agent_invitation_withdraw');
      return { withdrawn: true };
    });
    expect(withdraw!.input).toEqual({ task_type: 'agent_invitation_withdraw', profile_urn: ALAN });
    await advanceSequences(svc.ctx);
    expect((await byName(id))['Alan Turing']).toMatchObject({
      state: 'not_accepted',
      error: 'not accepted within 1 days; the invitation was withdrawn',
    });
    expect(
      (await api('GET', '/api-invitations?status=withdrawn')).body.data.map(
        (i: any) => i.profile.profile_urn,
      ),
    ).toEqual([ALAN]);
  });

  test('the funnel: enrolled, invited, accepted, messaged, replied, with rates', async () => {
    const { body } = await api('GET', `/api-sequences/${id}`);
    expect(body.funnel).toEqual({
      enrolled: 2,
      invited: 2,
      accepted: 1,
      messaged: 1,
      replied: 1,
      acceptance_rate: 0.5,
      message_rate: 1,
      reply_rate: 1,
    });
    expect((await enrollments(id)).length).toBe(2);
    expect(
      (await api('GET', `/api-sequences/${id}/enrollments?state=replied`)).body.enrollments.map(
        (e: any) => e.profile.name,
      ),
    ).toEqual(['Grace Hopper']);
    // Who replied before is not enrolled again.
    const next = await api('POST', '/api-sequences', { name: 'Again', steps: [{ type: 'visit' }] });
    const again = await api('POST', `/api-sequences/${next.body.id}/enrollments`, {
      profiles: [GRACE],
    });
    expect(again.body.skipped).toEqual([{ profile: GRACE, reason: 'replied to the team before' }]);
  });
});

describe('templates that cannot be filled, pause and stop', () => {
  test('an empty field without a fallback fails that person’s step with the reason; a note over 300 characters too', async () => {
    const seq = await api('POST', '/api-sequences', {
      name: 'Companies',
      steps: [
        { type: 'visit' },
        { type: 'connection_request', note: `{company} ${'x'.repeat(290)}` },
      ],
    });
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      profiles: ['lin-clark', 'no-company'],
    });
    await advanceSequences(svc.ctx);
    await runAll((t) =>
      t.input.profile_slug === 'lin-clark'
        ? profile(
            'urn:li:fsd_profile:ACoAALinSeq001',
            'lin-clark',
            'Lin Clark',
            'Mozilla Foundation for the Open Web',
          )
        : profile('urn:li:fsd_profile:ACoAANoCompany1', 'no-company', 'Nora Nobody', null),
    );
    await advanceSequences(svc.ctx);
    expect(await claimTask(svc, ada)).toBeNull(); // no invitation went out to either
    const people = await byName(seq.body.id);
    expect(people['Nora Nobody']).toMatchObject({
      state: 'failed',
      error: 'the note needs {company}, which is empty for this person and has no fallback',
    });
    expect(people['Lin Clark']).toMatchObject({
      state: 'failed',
      error: 'the note is 326 characters once filled; the network takes 300',
    });
  });

  test('paused, nothing runs; resumed, it goes on; one person taken out is stopped and their queued step cancelled', async () => {
    const seq = await api('POST', '/api-sequences', { name: 'Paused', steps: [{ type: 'visit' }] });
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      profiles: ['margaret-hamilton', 'katherine-johnson'],
    });
    expect(
      (await api('PATCH', `/api-sequences/${seq.body.id}`, { status: 'paused' })).body.status,
    ).toBe('paused');
    await advanceSequences(svc.ctx);
    expect(await claimTask(svc, ada)).toBeNull();
    expect(
      (await api('PATCH', `/api-sequences/${seq.body.id}`, { status: 'active', name: 'Resumed' }))
        .body,
    ).toMatchObject({ status: 'active', name: 'Resumed' });
    await advanceSequences(svc.ctx);
    const [margaret] = (await enrollments(seq.body.id)).filter(
      (e) => e.profile.input === 'margaret-hamilton',
    );
    expect(
      (await api('DELETE', `/api-sequences/${seq.body.id}/enrollments/${margaret.id}`)).status,
    ).toBe(200);
    const left = await runAll((t) =>
      profile(
        'urn:li:fsd_profile:ACoAAKathJohn01',
        String(t.input.profile_slug),
        'Katherine Johnson',
        'NASA',
      ),
    );
    expect(left.map((t) => t.input.profile_slug)).toEqual(['katherine-johnson']);
    expect((await enrollments(seq.body.id)).map((e) => e.state).sort()).toEqual([
      'active',
      'stopped',
    ]);
    // Margaret's visit, queued before she was taken out, was cancelled with a code that says so.
    const cancelled = await api(
      'GET',
      `/network-agent/get-task-status?api_agent_task_id=${margaret.history[0].task_id}`,
    );
    expect(cancelled.body.data).toMatchObject({
      status: 'failed',
      error: {
        code: 'sequence_stopped',
        message: 'Cancelled: the person was taken out of the sequence',
      },
    });
    expect(
      (await api('DELETE', `/api-sequences/${seq.body.id}/enrollments/${crypto.randomUUID()}`))
        .status,
    ).toBe(404);
    expect((await api('GET', `/api-sequences/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await api('GET', '/api-sequences/not-an-id')).body).toEqual({
      error: 'Invalid sequence id',
    });
    const other = await createAgentTeam(svc, 'Other', [{ email: 'eve@other.test', role: 'admin' }]);
    expect(
      (await svc.call('GET', `/api-sequences/${seq.body.id}`, { headers: other.keyHeaders }))
        .status,
    ).toBe(404);
  });
});

describe('liking the latest post; a reply while a step’s task waits', () => {
  test('like_latest_post reads the person’s newest post and likes it; with nothing posted the step passes', async () => {
    const FRANCES = 'urn:li:fsd_profile:ACoAAFrancesSeq';
    const QUIET = 'urn:li:fsd_profile:ACoAAQuietSeq01';
    const seq = await api('POST', '/api-sequences', {
      name: 'Likes',
      steps: [{ type: 'visit' }, { type: 'like_latest_post' }],
    });
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, {
      profiles: ['frances-allen', 'quiet-person'],
    });
    await advanceSequences(svc.ctx);
    await runAll((t) =>
      t.input.profile_slug === 'frances-allen'
        ? profile(FRANCES, 'frances-allen', 'Frances Allen', 'IBM')
        : profile(QUIET, 'quiet-person', 'Quinn Quiet', null),
    );
    await advanceSequences(svc.ctx);
    const newest = networkPost({ hoursAgo: 2 });
    const reads = await runAll((t) => {
      expect(t.type).toBe('agent_profiles_tracking');
      return { posts: (t.input.profile_urns as string[])[0] === FRANCES ? [newest] : [] };
    });
    expect(
      reads
        .map((t) => t.input)
        .sort((a, b) => String(a.profile_urns).localeCompare(String(b.profile_urns))),
    ).toEqual([
      { task_type: 'agent_profiles_tracking', profile_urns: [FRANCES], count: 1 },
      { task_type: 'agent_profiles_tracking', profile_urns: [QUIET], count: 1 },
    ]);
    await advanceSequences(svc.ctx);
    const likes = await runAll((t) => {
      expect(t.type).toBe('agent_like_post');
      return { liked: true };
    });
    expect(likes.map((t) => t.input)).toEqual([
      { task_type: 'agent_like_post', social_urn: newest.social_urn, reaction_type: 'LIKE' },
    ]);
    await advanceSequences(svc.ctx);
    const people = await byName(seq.body.id);
    expect(people['Frances Allen']).toMatchObject({ state: 'finished', error: null });
    expect(
      people['Frances Allen'].history.map((h: any) => [h.step, h.task_type, h.status]),
    ).toEqual([
      [0, 'agent_profile_fetch', 'completed'],
      [1, 'agent_profiles_tracking', 'completed'],
      [1, 'agent_like_post', 'completed'],
    ]);
    expect(people['Quinn Quiet']).toMatchObject({ state: 'finished', error: null });
    expect(people['Quinn Quiet'].history.map((h: any) => h.task_type)).toEqual([
      'agent_profile_fetch',
      'agent_profiles_tracking',
    ]);
  });

  test('a reply cancels the step’s task not yet started, with the code stopped_by_reply', async () => {
    const BARBARA = 'urn:li:fsd_profile:ACoAABarbaraSeq';
    const seq = await api('POST', '/api-sequences', {
      name: 'Replies',
      steps: [{ type: 'visit' }, { type: 'like_latest_post' }],
    });
    await api('POST', `/api-sequences/${seq.body.id}/enrollments`, { profiles: [BARBARA] });
    // The sync's inbox read is queued first, the step's visit after it: the agent takes the read first.
    await svc.ctx.db.query(
      `UPDATE relationship_sync SET next_sync_at = now() - interval '1 minute' WHERE user_id = $1`,
      [ada.userId],
    );
    await runRelationshipSync(svc.ctx);
    await advanceSequences(svc.ctx);
    const [barbara] = await enrollments(seq.body.id);
    expect(barbara.history.map((h: any) => [h.task_type, h.status])).toEqual([
      ['agent_profile_fetch', 'pending'],
    ]);
    const thread = `urn:li:msg_conversation:(${ME},2-YmFyYmFyYS1zZXE=)`;
    const reply = {
      text: 'Not interested, thanks.',
      sender_urn: BARBARA,
      from_me: false,
      delivered_at: new Date().toISOString(),
    };
    const reads = await runAll((t) =>
      t.type === 'agent_conversations_fetch'
        ? {
            conversations: [
              {
                conversation_urn: thread,
                unread: true,
                last_activity_at: reply.delivered_at,
                participants: [{ profile_urn: BARBARA, name: 'Barbara Liskov', profile_url: null }],
                last_message: reply,
              },
            ],
          }
        : t.type === 'agent_connections_fetch'
          ? { connections: [], start: 0, count: 0, total: null }
          : t.type === 'agent_sent_invitations_fetch'
            ? { invitations: [] }
            : { messages: [] },
    );
    // The visit never reached the agent: the reply cancelled it.
    expect(reads.map((t) => t.type)).not.toContain('agent_profile_fetch');
    const after = (await enrollments(seq.body.id))[0];
    expect(after).toMatchObject({ state: 'replied', current_step: null });
    const visit = await api(
      'GET',
      `/network-agent/get-task-status?api_agent_task_id=${after.history[0].task_id}`,
    );
    expect(visit.body.data).toMatchObject({
      status: 'failed',
      error: {
        code: 'stopped_by_reply',
        message: 'Cancelled: the person replied, so their sequence stopped before this step',
      },
    });
    await advanceSequences(svc.ctx);
    expect(await claimTask(svc, ada)).toBeNull();
    expect((await enrollments(seq.body.id))[0].state).toBe('replied');
  });
});
