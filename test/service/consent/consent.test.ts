import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import {
  acknowledgeCurrentConsent,
  createAgentTeam,
  taskRow,
  type AgentTeam,
  type TeamMember,
} from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';
import type { ConsentView } from '../../../src/contract/consent.js';
import type { TeamView } from '../../../src/contract/members.js';
import type { TaskListResponse } from '../../../src/contract/task-list.js';
import { WRITE_TYPES } from '../../../src/contract/budgets.js';
import { REVISION } from '../../../src/service/consent/consent-text.js';

/** docs/agent-protocol.md, "Consent": the member knows what runs in their name, and stays in control of it. */

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
let postId: string;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Consenters', [
    { email: 'ada@consent.test', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@consent.test', role: 'member', consented: false },
  ]);
  ada = team.member('ada@consent.test');
  bob = team.member('bob@consent.test');
  postId = crypto.randomUUID();
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, posted_at) VALUES ($1, $2, $3, $4, 'Shipping agents to production', now())`,
    [
      postId,
      team.id,
      'urn:li:activity:7400000000000000001',
      'https://www.linkedin.com/feed/update/urn:li:activity:7400000000000000001/',
    ],
  );
});
afterAll(() => svc.close());

const consent = async (m: TeamMember) => {
  const res = await svc.call('GET', '/agent/consent', { headers: m.agentHeaders });
  expect(res.status).toBe(200);
  return (await res.json()) as ConsentView;
};
const answer = (m: TeamMember, body: unknown) =>
  svc.call('POST', '/agent/consent', { headers: m.agentHeaders, body });
const claim = (m: TeamMember, waitS = 0) =>
  svc.call('POST', '/agent/tasks/claim', { headers: m.agentHeaders, body: { wait_s: waitS } });
const heartbeat = async (m: TeamMember, paused = false) => {
  const res = await svc.call('POST', '/agent/heartbeat', {
    headers: m.agentHeaders,
    body: {
      extension_version: '1.0.0',
      browser: 'chrome 131',
      network: { signed_in: true },
      paused,
      pause_reason: paused ? 'paused_by_user' : null,
    },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { consent: { version: string; acknowledged: boolean } };
};
const teamView = async () =>
  (await (await svc.call('GET', '/api-team', { headers: ada.agentHeaders })).json()) as TeamView;
const memberView = async (email: string) =>
  (await teamView()).members.find((m) => m.email === email)!;
const like = async (email: string, headers: Record<string, string> = team.keyHeaders) => {
  const res = await svc.call('POST', '/api-like', {
    headers,
    body: { post_id: postId, user_email: email },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { task_id: string; message: string };
};
const status = async (id: string) =>
  (
    (await (
      await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${id}`, {
        headers: team.keyHeaders,
      })
    ).json()) as {
      data: {
        status: string;
        waiting_reason?: string | null;
        error?: { code: string; message: string } | null;
      };
    }
  ).data;
const lastActive = async (m: TeamMember) =>
  (
    await svc.ctx.db.query<{ last_active_at: Date | null }>(
      'SELECT last_active_at FROM memberships WHERE user_id = $1',
      [m.userId],
    )
  )[0]!.last_active_at;
async function drain() {
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'failed', error = '{"code":"timeout","message":"test cleanup"}' WHERE status IN ('pending', 'processing')`,
  );
}

describe('GET /agent/consent', () => {
  test('a member who never answered is asked a text naming what runs in their name, who queues it and the risk', async () => {
    const c = await consent(bob);
    expect(c).toMatchObject({
      acknowledged_version: null,
      acknowledged_at: null,
      refused_types: [],
    });
    expect(c.version).toBe(REVISION);
    for (const words of [
      "team's admins",
      "team's API key",
      'User Agreement',
      'restricted or banned',
      'pause the extension at any time',
      'No admin can undo your pause',
      'Likes on posts',
      'Comments on posts',
    ]) {
      expect(c.text).toContain(words);
    }
    // Bob is not the team's oldest admin, yet a sequence may send connection requests from his
    // account: his text says so, like everyone's, and he may turn them off.
    expect(c.task_types).toEqual(
      expect.arrayContaining([
        'agent_like_post',
        'agent_send_message',
        'agent_conversations_fetch',
        'agent_connection_request',
      ]),
    );
    expect(c.text).toContain('Messages to your connections');
    expect(c.text).toContain("sequences may send theirs from any member's account, yours included");

    const adas = await consent(ada);
    expect(adas.version).toBe(c.version);
    expect(adas.text).toBe(c.text);
  });

  test('reading and answering the consent are not activity (the 48-hour rule)', async () => {
    await svc.ctx.db.query('UPDATE memberships SET last_active_at = NULL WHERE user_id = $1', [
      bob.userId,
    ]);
    await consent(bob);
    expect((await answer(bob, { version: 'not-the-current-one' })).status).toBe(409);
    expect((await svc.call('DELETE', '/agent/consent', { headers: bob.agentHeaders })).status).toBe(
      200,
    );
    expect(await lastActive(bob)).toBeNull();
    await svc.ctx.db.query('UPDATE memberships SET last_active_at = now() WHERE user_id = $1', [
      bob.userId,
    ]);
  });

  test('401 without the member token', async () => {
    expect((await svc.call('GET', '/agent/consent', { headers: team.keyHeaders })).status).toBe(
      401,
    );
    expect(
      (
        await svc.call('POST', '/agent/consent', {
          headers: team.keyHeaders,
          body: { version: 'x' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('until the current version is acknowledged', () => {
  test("claims answer 403 Consent required, and the member's tasks wait with that reason, visible to the admin", async () => {
    await drain();
    const queued = await like('bob@consent.test');
    const res = await claim(bob);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Consent required: /);
    expect((await heartbeat(bob)).consent).toEqual({
      version: (await consent(bob)).version,
      acknowledged: false,
    });

    // Never dropped: pending, with the reason, in get-task-status and in the admin's members list.
    const s = await status(queued.task_id);
    expect(s.status).toBe('pending');
    expect(s.waiting_reason).toContain('bob@consent.test');
    expect(s.waiting_reason).toContain('consent required');
    const view = await memberView('bob@consent.test');
    expect(view).toMatchObject({
      consent_acknowledged_at: null,
      consent_version: null,
      consent_current: false,
    });
    expect(view.safety?.waiting).toEqual([
      expect.objectContaining({ task_id: queued.task_id, waiting_reason: s.waiting_reason }),
    ]);
    // Nor does another member's agent take a task routed to bob.
    expect((await claim(ada)).status).toBe(204);
  });

  test('a stale version is 409 Consent text changed, and nothing is recorded', async () => {
    const res = await answer(bob, { version: '2020-01-01-member' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Consent text changed: /);
    expect((await consent(bob)).acknowledged_version).toBeNull();
  });

  test('bad input is 400 naming the field', async () => {
    const { version } = await consent(bob);
    const cases: [unknown, RegExp][] = [
      [{}, /'version'/],
      [{ version: '' }, /'version'/],
      [{ version, refused_types: ['agent_profile_fetch'] }, /'refused_types'/],
      [{ version, refused_types: 'agent_send_message' }, /'refused_types'/],
      [{ version, paused: false }, /Unknown field: 'paused'/],
    ];
    for (const [body, message] of cases) {
      const res = await answer(bob, body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
  });

  test('acknowledging the current version records member, time and version; the waiting task is claimed', async () => {
    const before = Date.now();
    const { version } = await consent(bob);
    const res = await answer(bob, { version });
    expect(res.status).toBe(200);
    const c = (await res.json()) as ConsentView;
    expect(c.acknowledged_version).toBe(version);
    expect(Date.parse(c.acknowledged_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect((await heartbeat(bob)).consent).toEqual({ version, acknowledged: true });
    expect(await memberView('bob@consent.test')).toMatchObject({
      consent_acknowledged_at: c.acknowledged_at,
      consent_version: version,
      consent_current: true,
    });
    const claimed = await claim(bob);
    expect(claimed.status).toBe(200);
  });
});

describe('a new version of the text asks again', () => {
  test('bob agreed to an earlier text: his claims stop until he acknowledges the current one', async () => {
    await drain();
    const current = (await consent(bob)).version;
    const old = '2026-11-25-member';
    await svc.ctx.db.query('UPDATE memberships SET consent_version = $2 WHERE user_id = $1', [
      bob.userId,
      old,
    ]);

    const now = await consent(bob);
    expect(now.version).toBe(current);
    expect(now.acknowledged_version).toBe(old);
    expect(now.task_types).toContain('agent_connection_request');
    const res = await claim(bob);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toContain(
      `acknowledge version ${now.version}`,
    );
    expect((await heartbeat(bob)).consent.acknowledged).toBe(false);
    expect(await memberView('bob@consent.test')).toMatchObject({
      consent_version: old,
      consent_current: false,
    });

    expect((await answer(bob, { version: now.version })).status).toBe(200);
    expect((await claim(bob)).status).toBe(204);
    await acknowledgeCurrentConsent(svc, team.id, bob.userId);
  });
});

describe('write kinds a member refuses', () => {
  test('are never assigned to them: routed to them alone, a task fails at once with refused_by_member', async () => {
    await drain();
    const waiting = await like('bob@consent.test');
    const { version } = await consent(bob);
    const res = await answer(bob, {
      version,
      refused_types: ['agent_like_post', 'agent_send_message'],
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as ConsentView).refused_types).toEqual([
      'agent_like_post',
      'agent_send_message',
    ]);
    // The like already waiting for bob fails now, with a clear reason; so does a new one.
    for (const id of [waiting.task_id, (await like('bob@consent.test')).task_id]) {
      const s = await status(id);
      expect(s.status).toBe('failed');
      expect(s.error?.code).toBe('refused_by_member');
      expect(s.error?.message).toContain('bob@consent.test turned off likes for their account');
    }
    expect((await like('bob@consent.test')).message).toMatch(/^Like refused: .*refused_by_member/);
    expect(await memberView('bob@consent.test')).toMatchObject({
      refused_types: ['agent_like_post', 'agent_send_message'],
    });
    // A comment, which bob allows, is queued as usual.
    const comment = await svc.call('POST', '/api-comment', {
      headers: team.keyHeaders,
      body: { post_id: postId, user_email: 'bob@consent.test', comment_text: 'Well put.' },
    });
    expect((await status(((await comment.json()) as { task_id: string }).task_id)).status).toBe(
      'pending',
    );
  });

  test('a task any member may run is never handed to one who refuses its kind, even by a long poll that was waiting', async () => {
    await drain();
    const waiting = claim(bob, 1.5);
    await new Promise((r) => setTimeout(r, 200));
    const id = (await enqueueTask(svc.ctx.db, svc.ctx.signals, {
      teamId: team.id,
      type: 'agent_like_post',
      input: { task_type: 'agent_like_post', social_urn: 'urn:li:activity:1' },
    }))!.id;
    expect((await waiting).status).toBe(204);
    expect((await taskRow(svc, id)).status).toBe('pending');
    const theirs = await claim(ada);
    expect(((await theirs.json()) as { task: { id: string } }).task.id).toBe(id);
  });
});

describe('DELETE /agent/consent withdraws it', () => {
  test('nothing more is handed out, not even to a long poll already waiting', async () => {
    await drain();
    const waiting = claim(bob, 1.5);
    await new Promise((r) => setTimeout(r, 200));
    const res = await svc.call('DELETE', '/agent/consent', { headers: bob.agentHeaders });
    expect(res.status).toBe(200);
    expect((await res.json()) as ConsentView).toMatchObject({
      acknowledged_version: null,
      acknowledged_at: null,
    });
    await enqueueTask(svc.ctx.db, svc.ctx.signals, {
      teamId: team.id,
      type: 'agent_profile_fetch',
      input: { task_type: 'agent_profile_fetch', profile_slug: 'x' },
      assignedUserId: bob.userId,
    });
    expect((await waiting).status).toBe(204);
    expect((await claim(bob)).status).toBe(403);
    expect(await memberView('bob@consent.test')).toMatchObject({
      consent_acknowledged_at: null,
      consent_version: null,
      consent_current: false,
    });
    await acknowledgeCurrentConsent(svc, team.id, bob.userId);
  });
});

describe("the member's pause", () => {
  test('no admin call can override it: the member alone resumes, by their own heartbeat', async () => {
    await drain();
    await heartbeat(bob, true);
    const queued = await svc.call('POST', '/api-comment', {
      headers: team.keyHeaders,
      body: { post_id: postId, user_email: 'bob@consent.test', comment_text: 'Hi' },
    });
    const taskId = ((await queued.json()) as { task_id: string }).task_id;
    // What an admin can change of a member or the team: none of it touches the pause.
    const admin = ada.agentHeaders;
    expect(
      (
        await svc.call('PATCH', '/api-team-members', {
          headers: admin,
          body: { email: 'bob@consent.test', role: 'admin' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await svc.call('PATCH', '/api-team-members', {
          headers: admin,
          body: { email: 'bob@consent.test', role: 'member' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await svc.call('PUT', '/api-team-members/working-hours', {
          headers: admin,
          body: { email: 'bob@consent.test', working_hours: null },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await svc.call('PATCH', '/api-team', {
          headers: admin,
          body: { pacing: { write_min_s: 30, write_max_s: 90, read_min_s: 2, read_max_s: 6 } },
        })
      ).status,
    ).toBe(200);
    // And there is no field to unpause anyone with.
    for (const [method, path, body] of [
      ['PATCH', '/api-team-members', { email: 'bob@consent.test', role: 'member', paused: false }],
      ['PATCH', '/api-team', { paused: false }],
    ] as const) {
      const res = await svc.call(method, path, { headers: admin, body });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain("'paused'");
    }
    expect((await memberView('bob@consent.test')).paused).toBe(true);
    expect((await claim(bob)).status).toBe(204);
    expect((await claim(ada)).status).toBe(204);
    expect((await status(taskId)).waiting_reason).toContain('is paused');

    await heartbeat(bob, false);
    const claimed = await claim(bob);
    expect(((await claimed.json()) as { task: { id: string } }).task.id).toBe(taskId);
  });
});

describe('who queued each action, for the member it runs as', () => {
  test("GET /agent/activity lists the writes bob's agent ran, with the target and the key or admin that queued them", async () => {
    await drain();
    const byKey = (await svc
      .call('POST', '/api-comment', {
        headers: team.keyHeaders,
        body: { post_id: postId, user_email: 'bob@consent.test', comment_text: 'From a program' },
      })
      .then((r) => r.json())) as { task_id: string };
    const byAda = (await svc
      .call('POST', '/api-comment', {
        headers: ada.agentHeaders,
        body: {
          post_id: postId,
          user_email: 'bob@consent.test',
          comment_text: 'From the dashboard',
        },
      })
      .then((r) => r.json())) as { task_id: string };
    for (let i = 0; i < 2; i++) {
      const { task } = (await (await claim(bob)).json()) as {
        task: { id: string; attempt: number };
      };
      expect(
        (
          await svc.call('POST', `/agent/tasks/${task.id}/complete`, {
            headers: bob.agentHeaders,
            body: { attempt: task.attempt, output: { commented: true } },
          })
        ).status,
      ).toBe(200);
    }
    const res = await svc.call('GET', '/agent/activity', { headers: bob.agentHeaders });
    expect(res.status).toBe(200);
    const { tasks } = (await res.json()) as TaskListResponse;
    const find = (id: string) => tasks.find((t) => t.id === id)!;
    expect(find(byKey.task_id)).toMatchObject({
      status: 'completed',
      type: 'agent_comment_post',
      queued_by: { kind: 'api_key', email: null, name: null, client: null },
    });
    expect(find(byKey.task_id).target.label).toContain('From a program');
    expect(find(byAda.task_id).queued_by).toEqual({
      kind: 'member',
      email: 'ada@consent.test',
      name: 'ada',
      client: null,
    });
    // Only writes run by bob: no reads, nothing run by ada.
    expect(tasks.every((t) => WRITE_TYPES.includes(t.type))).toBe(true);
    expect(tasks.every((t) => t.claimed_by_email === 'bob@consent.test')).toBe(true);
    // The admin's task list says the same.
    const list = (await (
      await svc.call('GET', '/api-tasks?limit=50', { headers: team.keyHeaders })
    ).json()) as TaskListResponse;
    expect(list.tasks.find((t) => t.id === byAda.task_id)?.queued_by?.email).toBe(
      'ada@consent.test',
    );
  });
});
