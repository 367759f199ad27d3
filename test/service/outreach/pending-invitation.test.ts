import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask } from '../../support/collection-fixtures.js';
import { keyedApi } from '../../support/relationship-events.js';
import { pendingInvitationRefusal } from '../../../src/service/outreach/pending-invitation.js';
import { advanceSequences } from '../../../src/service/sequences/engine.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';

/**
 * Nobody with an invitation that waits for an answer is invited again, by the member who sent it or
 * by anyone else of the team (docs/team-pool.md): `send-connection-request` answers 409, a
 * sequence's invitation step skips the person with why (or, for the sender's own invitation, goes
 * on to wait for its acceptance), and a pool gives the person to the member who invited them.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
let api: ReturnType<typeof keyedApi>;

const urn = (name: string) => `urn:li:fsd_profile:ACoAAPending${name}`;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  svc = await startTestService();
  acme = await createAgentTeam(svc, 'Pending', [
    { email: 'ada@pending.test', role: 'admin', joinedHoursAgo: 100 },
    { email: 'bob@pending.test', joinedHoursAgo: 50 },
  ]);
  ada = acme.member('ada@pending.test');
  bob = acme.member('bob@pending.test');
  api = keyedApi(svc, acme.keyHeaders);
  // The contact window is off: what refuses below is the invitation that waits, nothing else.
  await svc.ctx.db.query('UPDATE teams SET contact_window_days = 0 WHERE id = $1', [acme.id]);
});
afterAll(() => svc.close());

/** send-connection-request, which runs as the oldest admin: ada. */
const invite = (profile_urn: string) =>
  api('POST', '/network-agent/send-connection-request', { profile_urn });

/**
 * The check as every path calls it (the write gate for any member, a sequence for its sender): it
 * asks who invited the person, never who is about to, so bob is refused as ada is.
 */
const refusalOf = (profile_urn: string) =>
  pendingInvitationRefusal(svc.ctx.db, acme.id, profile_urn);

/** Ada's agent runs her next task, answered with `output`. */
async function adaRuns(type: string, output: unknown) {
  const task = await claimTask(svc, ada);
  expect(task?.type).toBe(type);
  await completeTask(svc, ada, task!, output);
}

describe('send-connection-request', () => {
  it('refuses a person with a queued or sent invitation, whoever asks', async () => {
    const x = urn('Xavier01');
    expect((await invite(x)).status).toBe(200);
    const queued = await invite(x);
    expect(queued).toEqual({
      status: 409,
      body: {
        error: `Refused: this person already has a pending invitation from ada@pending.test (queued ${today()})`,
      },
    });
    await adaRuns('agent_connection_request', { sent: true, invitation_urn: null });
    const sent = `Refused: this person already has a pending invitation from ada@pending.test (sent ${today()})`;
    expect(await invite(x)).toEqual({ status: 409, body: { error: sent } });
    expect(await refusalOf(x)).toEqual({ code: 'invitation_pending', error: sent });
    const bobAsks = await api('POST', '/network-agent/send-connection-request', {
      profile_urn: x,
      member_email: bob.email,
    });
    expect(bobAsks).toEqual({ status: 409, body: { error: sent } });
    const tasks = await svc.ctx.db.query(
      `SELECT 1 FROM tasks WHERE team_id = $1 AND type = 'agent_connection_request' AND input ->> 'profile_urn' = $2`,
      [acme.id, x],
    );
    expect(tasks).toHaveLength(1);
  });

  it('lets the person be invited again once the invitation is withdrawn, accepted or failed', async () => {
    const withdrawn = urn('Withdrawn1');
    await invite(withdrawn);
    await adaRuns('agent_connection_request', { sent: true, invitation_urn: null });
    expect((await refusalOf(withdrawn))?.code).toBe('invitation_pending');
    const withdrawal = await api('POST', '/network-agent/withdraw-connection-request', {
      member_email: ada.email,
      profile_urn: withdrawn,
    });
    expect(withdrawal.status).toBe(200);
    await adaRuns('agent_invitation_withdraw', { withdrawn: true });
    expect(await refusalOf(withdrawn)).toBeNull();
    // What may still refuse it is the network's cool-down after a withdrawal, not a pending invitation.
    const again = await invite(withdrawn);
    expect(again.body.error ?? '').not.toContain('pending invitation');
    await svc.ctx.db.query(
      `UPDATE tasks SET status = 'failed' WHERE team_id = $1 AND status = 'pending'`,
      [acme.id],
    );

    const accepted = urn('Accepted01');
    await invite(accepted);
    await adaRuns('agent_connection_request', { sent: true, invitation_urn: null });
    expect((await refusalOf(accepted))?.code).toBe('invitation_pending');
    await api('POST', '/network-agent/fetch-connections', { member_email: ada.email, count: 40 });
    await adaRuns('agent_connections_fetch', {
      connections: [
        {
          profile_urn: accepted,
          public_identifier: null,
          full_name: 'Accepted One',
          headline: null,
          profile_url: null,
          image_url: null,
          connected_at: new Date().toISOString(),
        },
      ],
      start: 0,
      count: 1,
      total: 1,
    });
    expect(await refusalOf(accepted)).toBeNull();

    const failed = urn('Failed0001');
    await invite(failed);
    const task = await claimTask(svc, ada);
    await svc.ctx.db.query(`UPDATE tasks SET status = 'failed' WHERE id = $1`, [task!.id]);
    expect(await refusalOf(failed)).toBeNull();
  });

  it('counts an invitation that completed before the tracking filed it, until the member is connected', async () => {
    const older = urn('Unfiled001');
    const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
      teamId: acme.id,
      type: 'agent_connection_request',
      input: { task_type: 'agent_connection_request', profile_urn: older },
      assignedUserId: bob.userId,
      queuedBy: { kind: 'sequence' },
    });
    await svc.ctx.db.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [task!.id]);
    expect((await invite(older)).body.error).toContain('pending invitation from bob@pending.test');
    await svc.ctx.db.query(
      `INSERT INTO member_connections (team_id, user_id, profile_urn, connected_at) VALUES ($1, $2, $3, now())`,
      [acme.id, bob.userId, older],
    );
    expect((await invite(older)).status).toBe(200);
    await adaRuns('agent_connection_request', { sent: true, invitation_urn: null });
  });
});

describe('a sequence’s invitation step', () => {
  const steps = [{ type: 'connection_request' }, { type: 'wait_for_acceptance', max_days: 15 }];

  it('skips a person another member invited, and goes on for the sender’s own invitation', async () => {
    const y = urn('Yvonne001');
    await invite(y);
    await adaRuns('agent_connection_request', { sent: true, invitation_urn: null });
    const [sentAt] = await svc.ctx.db.query<{ sent_at: Date }>(
      'SELECT sent_at FROM sent_invitations WHERE team_id = $1 AND profile_urn = $2',
      [acme.id, y],
    );

    const bobs = await api('POST', '/api-sequences', {
      name: 'Bob invites',
      sender_email: bob.email,
      steps,
    });
    expect(
      (await api('POST', `/api-sequences/${bobs.body.id}/enrollments`, { profiles: [y] })).body,
    ).toEqual({ enrolled: 1, skipped: [] });
    await advanceSequences(svc.ctx);
    const [skipped] = (await api('GET', `/api-sequences/${bobs.body.id}/enrollments`)).body
      .enrollments;
    expect(skipped).toMatchObject({
      state: 'stopped',
      error: `skipped before the connection request: this person already has a pending invitation from ada@pending.test (sent ${today()})`,
    });
    expect(await claimTask(svc, bob)).toBeNull();

    const adas = await api('POST', '/api-sequences', {
      name: 'Ada invites',
      sender_email: ada.email,
      steps,
    });
    await api('POST', `/api-sequences/${adas.body.id}/enrollments`, { profiles: [y] });
    await advanceSequences(svc.ctx);
    const [waiting] = (await api('GET', `/api-sequences/${adas.body.id}/enrollments`)).body
      .enrollments;
    expect(waiting).toMatchObject({ state: 'waiting_acceptance', error: null });
    const [row] = await svc.ctx.db.query<{ invited_at: Date }>(
      'SELECT invited_at FROM sequence_enrollments WHERE id = $1',
      [waiting.id],
    );
    // The wait counts from the invitation that went out, and no second one is queued.
    expect(new Date(row!.invited_at).getTime()).toBe(new Date(sentAt!.sent_at).getTime());
    expect(await claimTask(svc, ada)).toBeNull();
  });

  it('gives a pooled sequence’s person to the member whose invitation waits', async () => {
    const z = urn('Zoe000001');
    await invite(z);
    await adaRuns('agent_connection_request', { sent: true, invitation_urn: null });
    const pool = await api('POST', '/api-sequences', {
      name: 'Pool',
      senders: [bob.email, ada.email],
      steps,
    });
    expect(pool.status).toBe(201);
    await api('POST', `/api-sequences/${pool.body.id}/enrollments`, { profiles: [z] });
    const [person] = (await api('GET', `/api-sequences/${pool.body.id}/enrollments`)).body
      .enrollments;
    expect(person).toMatchObject({
      sender_email: ada.email,
      sender_reason: `already invited by ada@pending.test (sent ${today()}, not answered yet)`,
    });
    await advanceSequences(svc.ctx);
    const [after] = (await api('GET', `/api-sequences/${pool.body.id}/enrollments`)).body
      .enrollments;
    expect(after.state).toBe('waiting_acceptance');
    expect(await claimTask(svc, ada)).toBeNull();
    expect(await claimTask(svc, bob)).toBeNull();
  });
});
