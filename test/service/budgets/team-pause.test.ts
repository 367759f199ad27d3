import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask } from '../../support/collection-fixtures.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { WRITE_TYPES } from '../../../src/contract/budgets.js';

/**
 * The team stops together (docs/budgets.md): a challenge or rate limit at one member, from a failed
 * task or a heartbeat's safety stop, pauses every member's writes for 24 hours: another member's
 * claim gets no write while reads flow, the waiting write says why and until when, admins get a
 * signed `team.paused` webhook, and only an admin who accepts the risk resumes early.
 */
let svc: TestService;
let receiver: LocalHttpServer;
let team: AgentTeam;
let ada: TeamMember; // oldest admin
let bob: TeamMember;
let secret: string;

beforeAll(async () => {
  receiver = await startLocalHttpServer((_req, res) => res.writeHead(204).end());
  svc = await startTestService({ ALLOW_PRIVATE_FETCH: '1' });
  team = await createAgentTeam(svc, 'Together', [
    { email: 'ada@pause.test', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@pause.test', role: 'member' },
  ]);
  ada = team.member('ada@pause.test');
  bob = team.member('bob@pause.test');
  const res = await svc.call('POST', '/api-webhooks', {
    headers: ada.agentHeaders,
    body: { url: `${receiver.url}/hook`, events: ['team.paused'] },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  secret = ((await res.json()) as { secret: string }).secret;
});
afterAll(async () => {
  await svc.close();
  await receiver.close();
});
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM webhook_deliveries');
  await svc.ctx.db.query(
    `UPDATE teams SET writes_paused_until = NULL, writes_paused_types = '{}', writes_paused_at = NULL,
            writes_paused_reason = NULL, writes_paused_by = NULL, team_stops_together = true`,
  );
  await svc.ctx.db.query('UPDATE memberships SET paused = NULL, pause_reason = NULL');
  receiver.requests.length = 0;
});

let n = 0;
async function queue(path: string, body: Record<string, unknown>): Promise<string> {
  const res = await svc.call('POST', `/network-agent/${path}`, { headers: team.keyHeaders, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
}
const likeAs = (email: string) =>
  queue('like-post', {
    social_urn: `urn:li:activity:72500000000${String(n++).padStart(8, '0')}`,
    member_email: email,
  });
const fetchProfile = () => queue('fetch-profile', { profile_slug: `paused-${n++}` });

/** `member` claims a task of its own (a like, or a read once writes are paused) and fails it with `code`. */
async function failWith(member: TeamMember, code: string, read = false) {
  if (read)
    await queue('fetch-profile', { profile_slug: `paused-${n++}`, member_email: member.email });
  else await likeAs(member.email);
  const task = await claimTask(svc, member);
  expect(task?.type).toBe(read ? 'agent_profile_fetch' : 'agent_like_post');
  const res = await svc.call('POST', `/agent/tasks/${task!.id}/fail`, {
    headers: member.agentHeaders,
    body: { attempt: task!.attempt, error: { code, message: 'checkpoint', retryable: false } },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function teamView() {
  const res = await svc.call('GET', '/api-team', { headers: ada.agentHeaders });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    team: {
      team_stops_together: boolean;
      writes_paused: {
        kinds: string[];
        signal: string;
        member_email: string | null;
        since: string;
        until: string;
      } | null;
    };
  };
}

async function waitingReason(id: string) {
  const res = await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
    headers: team.keyHeaders,
  });
  return ((await res.json()) as { data: { scheduled_for: string | null; waiting_reason: string } })
    .data;
}

const patchTeam = (body: unknown, member = ada) =>
  svc.call('PATCH', '/api-team', { headers: member.agentHeaders, body });

describe('the team stops together', () => {
  test('a challenge at one member pauses every member’s writes; reads still flow', async () => {
    await failWith(ada, 'network_challenge');
    const like = await likeAs(bob.email);
    const read = await fetchProfile();
    const claimed = await claimTask(svc, bob);
    expect(claimed?.id).toBe(read);
    expect(await claimTask(svc, bob)).toBeNull();

    const pause = (await teamView()).team.writes_paused!;
    expect(pause.signal).toBe('network_challenge');
    expect(pause.member_email).toBe(ada.email);
    expect(pause.kinds.sort()).toEqual([...WRITE_TYPES].sort());
    const hours = (Date.parse(pause.until) - Date.parse(pause.since)) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);

    const wait = await waitingReason(like);
    expect(wait.scheduled_for).toBe(pause.until);
    expect(wait.waiting_reason).toContain("The team's writes are paused until");
    expect(wait.waiting_reason).toContain(`${ada.email}'s account (network_challenge)`);
  });

  test('the team.paused webhook arrives signed, once per pause', async () => {
    await failWith(ada, 'network_rate_limited');
    // A second signal while the same kinds are paused sends nothing more.
    await failWith(bob, 'network_challenge', true);
    const run = await deliverDueWebhooks(svc.ctx);
    expect(run.delivered).toBe(1);
    const req = receiver.requests[0]!;
    expect(verifyWebhook(req, secret)).toBe(true);
    expect(req.headers['x-webhook-event']).toBe('team.paused');
    const body = JSON.parse(req.body) as { type: string; data: Record<string, unknown> };
    expect(body.type).toBe('team.paused');
    expect(body.data).toMatchObject({
      team: { id: team.id, name: 'Together' },
      member: { id: ada.userId, email: ada.email },
      signal: 'network_rate_limited',
    });
    expect((body.data.kinds as string[]).sort()).toEqual([...WRITE_TYPES].sort());
  });

  test('a heartbeat’s new safety stop pauses the team; the same stop again does not resend', async () => {
    const heartbeat = () =>
      svc.call('POST', '/agent/heartbeat', {
        headers: ada.agentHeaders,
        body: {
          extension_version: '1.0.0',
          browser: 'chrome 131',
          network: { signed_in: true },
          paused: true,
          pause_reason: 'network_challenge until 2030-01-01T00:00:00.000Z',
        },
      });
    expect((await heartbeat()).status).toBe(200);
    expect((await teamView()).team.writes_paused?.signal).toBe('network_challenge');
    expect((await heartbeat()).status).toBe(200);
    const [{ n: events }] = (await svc.ctx.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM webhook_deliveries WHERE event = 'team.paused'",
    )) as [{ n: number }];
    expect(events).toBe(1);
  });

  test('resuming early needs an admin who accepts the risk', async () => {
    await failWith(ada, 'network_challenge');
    const like = await likeAs(bob.email);

    const member = await patchTeam({ resume_writes: true, i_accept_the_risk: true }, bob);
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: 'Access denied' });

    const refused = await patchTeam({ resume_writes: true });
    expect(refused.status).toBe(400);
    const { error } = (await refused.json()) as { error: string };
    expect(error).toMatch(
      /^Invalid 'resume_writes': the team's writes are paused until \d{4}-\d\d-\d\d \d\d:\d\d UTC after ada@pause\.test's network_challenge; send "i_accept_the_risk": true to allow it$/,
    );
    expect(await claimTask(svc, bob)).toBeNull();

    const resumed = await patchTeam({ resume_writes: true, i_accept_the_risk: true });
    expect(resumed.status, await resumed.clone().text()).toBe(200);
    expect(
      ((await resumed.json()) as Awaited<ReturnType<typeof teamView>>).team.writes_paused,
    ).toBeNull();
    expect((await claimTask(svc, bob))?.id).toBe(like);
  });

  test('a pause that ran out holds nothing', async () => {
    await failWith(ada, 'network_challenge');
    await svc.ctx.db.query(
      "UPDATE teams SET writes_paused_until = now() - interval '1 second' WHERE id = $1",
      [team.id],
    );
    const like = await likeAs(bob.email);
    expect((await teamView()).team.writes_paused).toBeNull();
    expect((await claimTask(svc, bob))?.id).toBe(like);
  });

  test('turning it off needs the risk accepted; then one member’s challenge stops only them', async () => {
    const refused = await patchTeam({ team_stops_together: false });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      `Invalid 'team_stops_together': false lets the others go on writing after one member's account is challenged; send "i_accept_the_risk": true to allow it`,
    );
    const ok = await patchTeam({ team_stops_together: false, i_accept_the_risk: true });
    expect(ok.status).toBe(200);
    expect((await teamView()).team.team_stops_together).toBe(false);

    await failWith(ada, 'network_challenge');
    const like = await likeAs(bob.email);
    expect((await teamView()).team.writes_paused).toBeNull();
    expect((await claimTask(svc, bob))?.id).toBe(like);
  });
});
