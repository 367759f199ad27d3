import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import {
  backdateTask,
  createAgentTeam,
  taskRow,
  type AgentTeam,
  type TeamMember,
} from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import { onTaskCompleted } from '../../../src/service/tasks/completion-hooks.js';
import type { TaskType } from '../../../src/contract/task-types.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';
import { profileOutput } from '../../support/profile-output.js';

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Results', [
    { email: 'ada@res.test', role: 'admin' },
    { email: 'bob@res.test', role: 'member' },
  ]);
  ada = team.member('ada@res.test');
  bob = team.member('bob@res.test');
  // These tests report rate limits to see retries; a team that stops together on one would hold
  // every later write (test/service/budgets/team-pause.test.ts is about that).
  await svc.ctx.db.query('UPDATE teams SET team_stops_together = false WHERE id = $1', [team.id]);
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed' WHERE status IN ('pending', 'processing')`,
  );
});

const agentPost = (m: TeamMember, path: string, body: unknown) =>
  svc.call('POST', path, { body, headers: m.agentHeaders });
const statusOf = async (id: string) =>
  (
    (await (
      await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
        headers: team.keyHeaders,
      })
    ).json()) as {
      data: { status: string; task_output: unknown; error: unknown };
    }
  ).data;

const LIKE_INPUT = {
  task_type: 'agent_like_post',
  social_urn: 'urn:li:activity:7123456789012345678',
};
/** Queues a task and has `m` claim it; returns its id and the claim's attempt. */
const PROFILE_OUTPUT = profileOutput({
  profile_urn: 'urn:li:fsd_profile:ACoAAAda',
  public_identifier: 'ada',
  name: 'Ada',
});

async function claimed(
  m: TeamMember,
  type: TaskType = 'agent_like_post',
  input: Record<string, unknown> = LIKE_INPUT,
) {
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, { teamId: team.id, type, input });
  const res = await agentPost(m, '/agent/tasks/claim', { wait_s: 0 });
  const { task: got } = (await res.json()) as { task: { id: string; attempt: number } };
  expect(got.id).toBe(task!.id);
  return got;
}

describe('extend', () => {
  test('renews the lease of the holder; 409 Lease lost for a wrong attempt or another member', async () => {
    const t = await claimed(ada);
    await backdateTask(svc, t.id, 'lease_expires_at', -10); // expires in 10 s
    const res = await agentPost(ada, `/agent/tasks/${t.id}/extend`, { attempt: t.attempt });
    expect(res.status).toBe(200);
    const { lease_expires_at } = (await res.json()) as { lease_expires_at: string };
    const [{ s }] = (await svc.ctx.db.query<{ s: number }>(
      'SELECT EXTRACT(EPOCH FROM (lease_expires_at - now()))::float8 AS s FROM tasks WHERE id = $1',
      [t.id],
    )) as [{ s: number }];
    expect(s).toBeGreaterThan(115);
    expect(new Date(lease_expires_at).getTime()).toBeGreaterThan(Date.now() + 100_000);

    for (const [who, attempt] of [
      [ada, t.attempt + 1],
      [ada, 0],
      [bob, t.attempt],
    ] as const) {
      const before = await taskRow(svc, t.id);
      const lost = await agentPost(who, `/agent/tasks/${t.id}/extend`, { attempt });
      if (attempt === 0) {
        expect(lost.status).toBe(400);
        expect(await lost.json()).toEqual({ error: "Missing or invalid 'attempt'" });
      } else {
        expect(lost.status).toBe(409);
        expect(await lost.json()).toEqual({ error: 'Lease lost' });
      }
      expect(await taskRow(svc, t.id)).toEqual(before);
    }
  });

  test('400 for a malformed task id, 404 for an unknown one', async () => {
    const bad = await agentPost(ada, '/agent/tasks/not-a-uuid/extend', { attempt: 1 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'Invalid task id' });
    const unknown = await agentPost(ada, `/agent/tasks/${crypto.randomUUID()}/extend`, {
      attempt: 1,
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Task not found' });
  });
});

describe('complete', () => {
  test('an output that does not match the task type is 400 and the task stays processing', async () => {
    const t = await claimed(ada);
    for (const output of [{ liked: false }, { liked: 'yes' }, {}, { commented: true }]) {
      const res = await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
        attempt: t.attempt,
        output,
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(
        /^Invalid 'output' for agent_like_post/,
      );
    }
    for (const body of [
      { attempt: t.attempt },
      { attempt: t.attempt, output: [true] },
      { attempt: t.attempt, output: 'done' },
    ]) {
      const res = await agentPost(ada, `/agent/tasks/${t.id}/complete`, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: "Missing or invalid 'output'" });
    }
    expect(await taskRow(svc, t.id)).toMatchObject({ status: 'processing', output: null });
  });

  test('stores the output, shows it in get-task-status, and is idempotent for the same attempt', async () => {
    const t = await claimed(ada);
    const res = await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
      attempt: t.attempt,
      output: { liked: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'completed' });
    expect(await statusOf(t.id)).toMatchObject({
      status: 'completed',
      task_output: { liked: true },
      error: null,
    });
    const row = await taskRow(svc, t.id);

    // A retry after a lost answer: 200 again and nothing changes, even with another output.
    const again = await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
      attempt: t.attempt,
      output: { liked: true, extra: 1 },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'completed' });
    expect(await taskRow(svc, t.id)).toEqual(row);
    // Anyone else, or another attempt, is refused.
    expect(
      (
        await agentPost(bob, `/agent/tasks/${t.id}/complete`, {
          attempt: t.attempt,
          output: { liked: true },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
          attempt: t.attempt + 1,
          output: { liked: true },
        })
      ).status,
    ).toBe(409);
  });

  test('unknown fields of an output are not stored', async () => {
    const t = await claimed(ada);
    await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
      attempt: t.attempt,
      output: { liked: true, cookie: 'li_at=secret' },
    });
    expect((await taskRow(svc, t.id)).output).toEqual({ liked: true });
  });

  test('a worker that outlived its lease cannot overwrite the attempt that replaced it', async () => {
    const first = await claimed(ada);
    await backdateTask(svc, first.id, 'lease_expires_at', 1);
    const { sweepExpiredLeases } = await import('../../../src/service/tasks/sweep-leases.js');
    await sweepExpiredLeases(svc.ctx.db, svc.ctx.signals);
    const res = await agentPost(bob, '/agent/tasks/claim', { wait_s: 0 });
    const { task: second } = (await res.json()) as { task: { id: string; attempt: number } };
    expect(second).toMatchObject({ id: first.id, attempt: 2 });

    for (const path of ['complete', 'fail', 'extend']) {
      const body =
        path === 'complete'
          ? { attempt: 1, output: { liked: true } }
          : path === 'fail'
            ? { attempt: 1, error: { code: 'timeout', message: 'late', retryable: false } }
            : { attempt: 1 };
      const late = await agentPost(ada, `/agent/tasks/${first.id}/${path}`, body);
      expect(late.status, path).toBe(409);
      expect(await late.json()).toEqual({ error: 'Lease lost' });
    }
    expect(await taskRow(svc, first.id)).toMatchObject({
      status: 'processing',
      attempt: 2,
      claimed_by: bob.userId,
      output: null,
    });
    expect(
      (
        await agentPost(bob, `/agent/tasks/${first.id}/complete`, {
          attempt: 2,
          output: { liked: true },
        })
      ).status,
    ).toBe(200);
  });

  test('completion hooks run in the completion transaction; a failing hook is rolled back alone and logged', async () => {
    await svc.ctx.db.query('CREATE TABLE IF NOT EXISTS hook_probe (task_id uuid, note text)');
    const seen: string[] = [];
    const off1 = onTaskCompleted('agent_comment_post', async (tx, task) => {
      seen.push(`${task.id}:${JSON.stringify(task.output)}:${task.userId}`);
      await tx.query('INSERT INTO hook_probe VALUES ($1, $2)', [task.id, 'kept']);
    });
    const off2 = onTaskCompleted('agent_comment_post', async (tx, task) => {
      await tx.query('INSERT INTO hook_probe VALUES ($1, $2)', [task.id, 'rolled back']);
      throw new Error('filing bug');
    });
    try {
      const t = await claimed(ada, 'agent_comment_post', {
        task_type: 'agent_comment_post',
        social_urn: LIKE_INPUT.social_urn,
        comment_text: 'hi',
      });
      const res = await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
        attempt: t.attempt,
        output: { commented: true },
      });
      expect(res.status).toBe(200);
      expect(seen).toEqual([`${t.id}:{"commented":true}:${ada.userId}`]);
      const notes = await svc.ctx.db.query<{ note: string }>(
        'SELECT note FROM hook_probe WHERE task_id = $1',
        [t.id],
      );
      expect(notes.map((n) => n.note)).toEqual(['kept']);
      expect(await taskRow(svc, t.id)).toMatchObject({
        status: 'completed',
        output: { commented: true },
      });
    } finally {
      off1();
      off2();
    }
  });

  test('a type with one completion hook: a failing hook is rolled back, run once, and the result kept', async () => {
    await svc.ctx.db.query('CREATE TABLE IF NOT EXISTS hook_probe (task_id uuid, note text)');
    // A profile read has no hook of its own: this one is its only one.
    let runs = 0;
    const off = onTaskCompleted('agent_profile_fetch', async (tx, task) => {
      runs++;
      await tx.query('INSERT INTO hook_probe VALUES ($1, $2)', [task.id, 'rolled back']);
      throw new Error('filing bug');
    });
    try {
      const t = await claimed(ada, 'agent_profile_fetch', {
        task_type: 'agent_profile_fetch',
        profile_slug: 'ada',
      });
      const res = await agentPost(ada, `/agent/tasks/${t.id}/complete`, {
        attempt: t.attempt,
        output: PROFILE_OUTPUT,
      });
      expect(res.status).toBe(200);
      expect(runs).toBe(1);
      expect(
        await svc.ctx.db.query('SELECT note FROM hook_probe WHERE task_id = $1', [t.id]),
      ).toEqual([]);
      expect(await taskRow(svc, t.id)).toMatchObject({
        status: 'completed',
        output: { public_identifier: 'ada' },
      });
    } finally {
      off();
    }
  });
});

describe('fail', () => {
  test('retryable errors come back after 10 s, then 20 s, and fail for good when attempts are spent', async () => {
    const t = await claimed(ada);
    const error = {
      code: 'network_rate_limited',
      message: 'HTTP 429 from the network',
      retryable: true,
    };
    let attempt = t.attempt;
    for (const delay of [10, 20]) {
      const res = await agentPost(ada, `/agent/tasks/${t.id}/fail`, { attempt, error });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'pending' });
      const [{ s }] = (await svc.ctx.db.query<{ s: number }>(
        'SELECT EXTRACT(EPOCH FROM (run_after - now()))::float8 AS s FROM tasks WHERE id = $1',
        [t.id],
      )) as [{ s: number }];
      expect(s).toBeGreaterThan(delay - 2);
      expect(s).toBeLessThanOrEqual(delay);
      // Not claimable before its time…
      expect((await agentPost(ada, '/agent/tasks/claim', { wait_s: 0 })).status).toBe(204);
      // …and claimable after (time moved by back-dating).
      await backdateTask(svc, t.id, 'run_after', 1);
      const again = (await (await agentPost(ada, '/agent/tasks/claim', { wait_s: 0 })).json()) as {
        task: { attempt: number };
      };
      expect(again.task.attempt).toBe(attempt + 1);
      attempt = again.task.attempt;
    }
    const last = await agentPost(ada, `/agent/tasks/${t.id}/fail`, { attempt, error });
    expect(await last.json()).toEqual({ status: 'failed' });
    expect(await statusOf(t.id)).toEqual(
      expect.objectContaining({
        status: 'failed',
        task_output: null,
        error: { code: 'network_rate_limited', message: 'HTTP 429 from the network' },
      }),
    );
    // Repeating the same report is answered the same and changes nothing.
    const row = await taskRow(svc, t.id);
    const repeat = await agentPost(ada, `/agent/tasks/${t.id}/fail`, { attempt, error });
    expect(await repeat.json()).toEqual({ status: 'failed' });
    expect(await taskRow(svc, t.id)).toEqual(row);
  });

  test('a non-retryable error fails at once with {code, message}', async () => {
    const t = await claimed(ada);
    const res = await agentPost(ada, `/agent/tasks/${t.id}/fail`, {
      attempt: t.attempt,
      error: { code: 'not_found', message: 'No such post', retryable: false },
    });
    expect(await res.json()).toEqual({ status: 'failed' });
    expect(await statusOf(t.id)).toMatchObject({
      status: 'failed',
      task_output: null,
      error: { code: 'not_found', message: 'No such post' },
    });
  });

  test('bad failure reports are 400 and change nothing', async () => {
    const t = await claimed(ada);
    const before = await taskRow(svc, t.id);
    for (const body of [
      { attempt: t.attempt },
      { attempt: t.attempt, error: { code: 'agent_lost', message: 'x', retryable: false } },
      { attempt: t.attempt, error: { code: 'made_up', message: 'x', retryable: false } },
      { attempt: t.attempt, error: { code: 'timeout', message: 'x' } },
      { attempt: 't', error: { code: 'timeout', message: 'x', retryable: true } },
      {
        attempt: t.attempt,
        error: { code: 'timeout', message: 'x'.repeat(2001), retryable: true },
      },
    ]) {
      const res = await agentPost(ada, `/agent/tasks/${t.id}/fail`, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await taskRow(svc, t.id)).toEqual(before);
  });

  test('invitation_limit fails the task and makes the member invite-limited for 7 days: connection requests then get 429', async () => {
    const post = await svc.call('POST', '/network-agent/send-connection-request', {
      body: { profile_urn: 'ACoAAB1234567' },
      headers: team.keyHeaders,
    });
    const { api_agent_task_id } = (await post.json()) as { api_agent_task_id: string };
    const { task } = (await (await agentPost(ada, '/agent/tasks/claim', { wait_s: 0 })).json()) as {
      task: { id: string; attempt: number };
    };
    expect(task.id).toBe(api_agent_task_id);
    const res = await agentPost(ada, `/agent/tasks/${task.id}/fail`, {
      attempt: task.attempt,
      error: { code: 'invitation_limit', message: 'Weekly invitation limit', retryable: true },
    });
    expect(await res.json()).toEqual({ status: 'failed' });
    const [{ days }] = (await svc.ctx.db.query<{ days: number }>(
      'SELECT EXTRACT(EPOCH FROM (invite_limited_until - now()))::float8 / 86400 AS days FROM memberships WHERE user_id = $1',
      [ada.userId],
    )) as [{ days: number }];
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);

    const limited = await svc.call('POST', '/network-agent/send-connection-request', {
      body: { profile_urn: 'ACoAAB7654321' },
      headers: team.keyHeaders,
    });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({ error: 'LinkedIn invitation limit reached' });
    await svc.ctx.db.query(
      'UPDATE memberships SET invite_limited_until = NULL WHERE user_id = $1',
      [ada.userId],
    );
  });

  test("invitation_limit with the network's own reset time keeps the member limited until then", async () => {
    const t = await claimed(ada, 'agent_connection_request', {
      task_type: 'agent_connection_request',
      profile_urn: 'urn:li:fsd_profile:ACoAAB1',
    });
    const reset = new Date(Date.now() + 2 * 86_400_000).toISOString();
    await agentPost(ada, `/agent/tasks/${t.id}/fail`, {
      attempt: t.attempt,
      error: { code: 'invitation_limit', message: 'limit', retryable: false, retry_after: reset },
    });
    const [{ until }] = (await svc.ctx.db.query<{ until: Date }>(
      'SELECT invite_limited_until AS until FROM memberships WHERE user_id = $1',
      [ada.userId],
    )) as [{ until: Date }];
    expect(Math.abs(new Date(until).getTime() - Date.parse(reset))).toBeLessThan(1_000);
    await svc.ctx.db.query(
      'UPDATE memberships SET invite_limited_until = NULL WHERE user_id = $1',
      [ada.userId],
    );
  });
});

describe('heartbeat', () => {
  const body = {
    extension_version: '1.2.0',
    browser: 'chrome 131',
    network: {
      signed_in: true,
      member_urn: 'urn:li:fsd_profile:ACoAAada',
      public_identifier: 'ada-lovelace',
    },
    paused: false,
  };

  test('stores what the agent reports and answers who it is and how often to call', async () => {
    await svc.ctx.db.query(
      `UPDATE memberships SET last_active_at = now() - interval '3 days' WHERE user_id = $1`,
      [bob.userId],
    );
    const res = await agentPost(bob, '/agent/heartbeat', {
      ...body,
      paused: true,
      pause_reason: 'network_rate_limited',
    });
    expect(res.status).toBe(200);
    const answer = (await res.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({
      member: { id: bob.userId, email: 'bob@res.test', full_name: 'bob', role: 'member' },
      team: { id: team.id, name: 'Results' },
      heartbeat_every_s: 60,
      claim_wait_s: 20,
    });
    expect(Math.abs(Date.parse(answer.server_time as string) - Date.now())).toBeLessThan(5_000);
    expect(answer).not.toHaveProperty('network_map');
    const [m] = await svc.ctx.db.query<Record<string, unknown>>(
      `SELECT extension_version, browser, network_signed_in, network_member_urn, network_public_identifier, paused, pause_reason,
              last_heartbeat_at > now() - interval '5 seconds' AS fresh_heartbeat, last_active_at > now() - interval '5 seconds' AS active
         FROM memberships WHERE user_id = $1`,
      [bob.userId],
    );
    expect(m).toEqual({
      extension_version: '1.2.0',
      browser: 'chrome 131',
      network_signed_in: true,
      network_member_urn: 'urn:li:fsd_profile:ACoAAada',
      network_public_identifier: 'ada-lovelace',
      paused: true,
      pause_reason: 'network_rate_limited',
      fresh_heartbeat: true,
      active: true,
    });
    await agentPost(bob, '/agent/heartbeat', body);
  });

  test('hands out the newest network map of the agent’s format only when it is newer than the agent’s', async () => {
    const mapOf = (version: number) => ({ ...structuredClone(BUILT_IN_NETWORK_MAP), version });
    const format = NETWORK_MAP_FORMAT;
    await svc.ctx.db.query(
      'INSERT INTO network_maps (version, format, map) VALUES (2, $3, $1), (3, $3, $2)',
      [JSON.stringify(mapOf(2)), JSON.stringify(mapOf(3)), format],
    );
    const v2 = { ...body, network_map_format: format };
    const older = (await (
      await agentPost(ada, '/agent/heartbeat', { ...v2, network_map_version: 2 })
    ).json()) as { network_map?: { version: number } };
    expect(older.network_map).toEqual(mapOf(3));
    const same = (await (
      await agentPost(ada, '/agent/heartbeat', { ...v2, network_map_version: 3 })
    ).json()) as Record<string, unknown>;
    expect(same).not.toHaveProperty('network_map');
    // An extension of an older release reads an older format only: a map of this format is never sent to it.
    const oldRelease = (await (
      await agentPost(ada, '/agent/heartbeat', { ...body, network_map_version: 1 })
    ).json()) as Record<string, unknown>;
    expect(oldRelease).not.toHaveProperty('network_map');
    // A broken map in the table is never handed to extensions.
    await svc.ctx.db.query('INSERT INTO network_maps (version, format, map) VALUES (4, $2, $1)', [
      JSON.stringify({
        ...mapOf(4),
        calls: { me: [{ id: 'me', method: 'GET', path: 'javascript:alert(1)' }] },
      }),
      format,
    ]);
    const guarded = (await (
      await agentPost(ada, '/agent/heartbeat', { ...v2, network_map_version: 3 })
    ).json()) as Record<string, unknown>;
    expect(guarded).not.toHaveProperty('network_map');
    await svc.ctx.db.query('DELETE FROM network_maps');
  });

  test('keeps the network health an agent reports and shows it with the member, per extension version', async () => {
    const health = [
      {
        call: 'company_posts',
        state: 'degraded',
        working_alternative: 'feed-updates-company-feed',
        failures: [
          {
            alternative: 'organization-updates-v2',
            status: 410,
            code: 'network_changed',
            message: 'Endpoint retired',
            count: 2,
            last_at: new Date().toISOString(),
          },
        ],
      },
    ];
    expect(
      (
        await agentPost(ada, '/agent/heartbeat', {
          ...body,
          network_map_version: 2,
          network_map_format: 2,
          network_health: health,
        })
      ).status,
    ).toBe(200);
    const teamView = (await (
      await svc.call('GET', '/api-team', { headers: ada.agentHeaders })
    ).json()) as { members: Array<Record<string, unknown>> };
    expect(teamView.members.find((m) => m.email === 'ada@res.test')).toMatchObject({
      extension_version: '1.2.0',
      network_map_version: 2,
      network_health: health,
    });
    const tooMany = await agentPost(ada, '/agent/heartbeat', {
      ...body,
      network_health: Array.from({ length: 21 }, () => health[0]),
    });
    expect(tooMany.status).toBe(400);
  });

  test('a heartbeat makes a team agent-active again (48-hour rule)', async () => {
    const idle = await createAgentTeam(svc, 'Dormant', [
      { email: 'z@dormant.test', role: 'admin', activeHoursAgo: 60 },
    ]);
    const before = await svc.call('POST', '/network-agent/fetch-profile', {
      body: { profile_slug: 'ada' },
      headers: idle.keyHeaders,
    });
    expect(before.status).toBe(403);
    expect((await agentPost(idle.members[0]!, '/agent/heartbeat', body)).status).toBe(200);
    const after = await svc.call('POST', '/network-agent/fetch-profile', {
      body: { profile_slug: 'ada' },
      headers: idle.keyHeaders,
    });
    expect(after.status).toBe(200);
  });

  test('bad heartbeats are 400', async () => {
    for (const bad of [
      {},
      { ...body, paused: 'no' },
      { ...body, network: { signed_in: 'yes' } },
      { ...body, extension_version: 'x'.repeat(51) },
    ]) {
      expect((await agentPost(ada, '/agent/heartbeat', bad)).status).toBe(400);
    }
  });
});

describe('sign-out', () => {
  test('revokes the token it is called with, and only that one; it is not activity', async () => {
    const t = await createAgentTeam(svc, 'Leavers', [
      { email: 'l@leave.test', role: 'admin', activeHoursAgo: 50 },
      { email: 'k@leave.test', role: 'member', activeHoursAgo: 50 },
    ]);
    const [leaver, keeper] = t.members as [TeamMember, TeamMember];
    const res = await svc.call('POST', '/agent/sign-out', { headers: leaver.agentHeaders });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const after = await svc.call('POST', '/agent/tasks/claim', {
      headers: leaver.agentHeaders,
      body: { wait_s: 0 },
    });
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual({ error: 'Agent token revoked; sign in again' });
    expect(
      (await svc.call('POST', '/agent/sign-out', { headers: leaver.agentHeaders })).status,
    ).toBe(401);
    // The team stays inactive: signing out did not count as the extension being active.
    expect(
      (
        await svc.call('POST', '/network-agent/fetch-profile', {
          body: { profile_slug: 'a' },
          headers: t.keyHeaders,
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await svc.call('POST', '/agent/tasks/claim', {
          headers: keeper.agentHeaders,
          body: { wait_s: 0 },
        })
      ).status,
    ).toBe(204);
  });
});
