import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { signIn } from '../../support/sign-in.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';

/** Tasks assigned to a member who leaves the team fail at once instead of waiting forever. */

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

async function status(apiKey: string, id: string, agentToken?: string) {
  const res = await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
    headers: {
      'x-api-key': apiKey,
      ...(agentToken ? { authorization: `Bearer ${agentToken}` } : {}),
    },
  });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      data: { status: string; error: { code: string; message: string } | null };
    }
  ).data;
}

async function assignedTask(teamId: string, userId: string | null) {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId,
    type: 'agent_send_message',
    assignedUserId: userId,
    input: {
      task_type: 'agent_send_message',
      profile_urn: 'urn:li:fsd_profile:ACoAAB1234567',
      message_text: 'hi',
    },
  });
  return task!.id;
}

test('removing a member fails the tasks assigned to them with agent_lost; other tasks stay', async () => {
  const admin = await signIn(svc, 'dep-admin@example.com');
  await svc.call('POST', '/api-team-members', {
    headers: admin.memberHeaders,
    body: { email: 'dep-bob@example.com' },
  });
  const bob = await signIn(svc, 'dep-bob@example.com');
  const bobs = await assignedTask(admin.team.id, bob.user.id);
  const admins = await assignedTask(admin.team.id, admin.user.id);
  const anyones = await assignedTask(admin.team.id, null);

  const res = await svc.call('DELETE', '/api-team-members?email=dep-bob@example.com', {
    headers: admin.memberHeaders,
  });
  expect(res.status).toBe(200);

  // Bob was shown the key, so it was rotated: the admin's old key works with their token.
  const t = admin.agentToken;
  expect(await status(admin.apiKey, bobs, t)).toMatchObject({
    status: 'failed',
    error: { code: 'agent_lost' },
  });
  expect((await status(admin.apiKey, bobs, t)).error!.message).toMatch(/left the team/);
  expect((await status(admin.apiKey, admins, t)).status).toBe('pending');
  expect((await status(admin.apiKey, anyones, t)).status).toBe('pending');
});

test('a member who accepts an invitation to another team leaves no task of the old team waiting', async () => {
  const oldAdmin = await signIn(svc, 'move-old-admin@example.com');
  await svc.call('POST', '/api-team-members', {
    headers: oldAdmin.memberHeaders,
    body: { email: 'move-carol@example.com' },
  });
  const carol = await signIn(svc, 'move-carol@example.com');
  expect(carol.team.id).toBe(oldAdmin.team.id);
  const carols = await assignedTask(oldAdmin.team.id, carol.user.id);

  const newAdmin = await signIn(svc, 'move-new-admin@example.com');
  await svc.call('POST', '/api-team-members', {
    headers: newAdmin.memberHeaders,
    body: { email: 'move-carol@example.com' },
  });
  // Signing in never moves anyone: carol accepts the invitation herself.
  const stayed = await signIn(svc, 'move-carol@example.com');
  expect(stayed.team.id).toBe(oldAdmin.team.id);
  const accepted = await svc.call('POST', '/api-team-invitations/accept', {
    headers: stayed.memberHeaders,
    body: { team_id: newAdmin.team.id },
  });
  expect(accepted.status, await accepted.clone().text()).toBe(200);
  expect(((await accepted.json()) as { team: { id: string } }).team.id).toBe(newAdmin.team.id);

  // Carol was shown the old team's key, so it was rotated: the old admin's key works only with
  // their live agent token now, as their dashboard sends it.
  expect(await status(oldAdmin.apiKey, carols, oldAdmin.agentToken)).toMatchObject({
    status: 'failed',
    error: { code: 'agent_lost' },
  });
});
