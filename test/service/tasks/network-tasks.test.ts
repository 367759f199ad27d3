import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { statementsRun } from '../../../src/service/db/statement-count.js';
import {
  NETWORK_ENDPOINTS,
  TASK_INPUTS,
  type NetworkEndpoint,
} from '../../../src/contract/task-io.js';

let svc: TestService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Acme', [
    { email: 'young-admin@acme.test', role: 'admin', joinedHoursAgo: 10 },
    { email: 'old-admin@acme.test', role: 'admin', joinedHoursAgo: 500, activeHoursAgo: null },
    { email: 'member@acme.test', role: 'member', joinedHoursAgo: 1000 },
  ]);
});
afterAll(() => svc.close());

const post = (path: string, body: unknown, headers: Record<string, string> = team.keyHeaders) =>
  svc.call('POST', `/network-agent/${path}`, { body, headers });
const status = (id: string, headers: Record<string, string> = team.keyHeaders) =>
  svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${encodeURIComponent(id)}`, {
    headers,
  });
const taskCount = async () =>
  Number((await svc.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM tasks'))[0]!.n);

const THREAD =
  'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAB7654321,2-ZjQ5YTk2ZTItOGQ1Zi00==)';

/** A valid body per endpoint, and the normalised task input the service must store for it. */
const CASES: Record<
  NetworkEndpoint,
  { body: Record<string, unknown>; input: Record<string, unknown> }
> = {
  'fetch-profile': {
    body: { profile_slug: 'https://www.linkedin.com/in/ada-lovelace/' },
    input: { profile_slug: 'ada-lovelace' },
  },
  'fetch-profiles-posts': {
    body: { profile_urns: [' urn:li:person:abc123 '] },
    input: { profile_urns: ['urn:li:person:abc123'] },
  },
  'like-post': {
    body: { social_urn: '7123456789012345678' },
    input: { social_urn: 'urn:li:activity:7123456789012345678' },
  },
  'comment-post': {
    body: { social_urn: 'urn:li:activity:7123456789012345678', comment_text: 'Well said' },
    input: { social_urn: 'urn:li:activity:7123456789012345678', comment_text: 'Well said' },
  },
  'send-connection-request': {
    body: { profile_urn: 'ACoAAB1234567', note: '  Hello Ada  ' },
    input: { profile_urn: 'urn:li:fsd_profile:ACoAAB1234567', note: 'Hello Ada' },
  },
  'fetch-company': {
    body: { company: 'https://www.linkedin.com/company/Acme-Corp/' },
    input: { company: 'acme-corp' },
  },
  'fetch-company-posts': {
    body: { company: 'acme-corp' },
    input: { company: 'acme-corp', count: 20 },
  },
  'search-profiles': {
    body: { keywords: 'compilers' },
    input: { keywords: 'compilers', start: 0, count: 10 },
  },
  'fetch-connections': { body: {}, input: { start: 0, count: 40 } },
  'send-message': {
    body: { profile_urn: 'urn:li:fsd_profile:ACoAAB1234567', message_text: 'Hi' },
    input: { profile_urn: 'urn:li:fsd_profile:ACoAAB1234567', message_text: 'Hi' },
  },
  'fetch-conversations': { body: { unread_only: true }, input: { unread_only: true, count: 20 } },
  'fetch-conversation-messages': {
    body: { conversation_urn: encodeURIComponent(THREAD) },
    input: { conversation_urn: THREAD, count: 20 },
  },
  'mark-conversation-read': {
    body: { conversation_urn: ` ${THREAD} ` },
    input: { conversation_urn: THREAD },
  },
  'fetch-sent-invitations': { body: {}, input: { count: 100 } },
  'withdraw-connection-request': {
    body: { profile_urn: 'ACoAAB1234567' },
    input: { profile_urn: 'urn:li:fsd_profile:ACoAAB1234567' },
  },
};

describe('each of the task operations', () => {
  for (const name of Object.keys(CASES) as NetworkEndpoint[]) {
    test(`${name} queues a pending ${NETWORK_ENDPOINTS[name].type} task with the normalised input`, async () => {
      const res = await post(name, CASES[name].body);
      expect(res.status).toBe(200);
      const answer = (await res.json()) as {
        success: boolean;
        api_agent_task_id: string;
        message: string;
      };
      expect(answer.success).toBe(true);
      expect(answer.api_agent_task_id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.message).toMatch(/queued/);

      const polled = await status(answer.api_agent_task_id);
      expect(polled.status).toBe(200);
      const { success, data } = (await polled.json()) as {
        success: boolean;
        data: Record<string, unknown>;
      };
      expect(success).toBe(true);
      const type = NETWORK_ENDPOINTS[name].type;
      expect(data).toMatchObject({
        id: answer.api_agent_task_id,
        status: 'pending',
        task_output: null,
        error: null,
      });
      expect(data.task_input).toEqual({ task_type: type, ...CASES[name].input });
      // What the agent will receive must pass the agent's own input schema.
      expect(TASK_INPUTS[type].safeParse(data.task_input).success).toBe(true);

      const [row] = await svc.ctx.db.query<{ assigned_user_id: string | null }>(
        'SELECT assigned_user_id FROM tasks WHERE id = $1',
        [answer.api_agent_task_id],
      );
      // Writes and the admin's own inbox/network run as the oldest admin by joining date, reads as anyone.
      const expected =
        NETWORK_ENDPOINTS[name].runsAs === 'any' ? null : team.member('old-admin@acme.test').userId;
      expect(row!.assigned_user_id).toBe(expected);
    });
  }
});

describe('401: the API key comes first', () => {
  for (const name of Object.keys(CASES) as NetworkEndpoint[]) {
    test(`${name} without a key is 401 Missing API Key, with a wrong key 401 Invalid API Key`, async () => {
      const missing = await post(name, { nonsense: true }, {});
      expect(missing.status).toBe(401);
      expect(await missing.json()).toEqual({ error: 'Missing API Key' });
      const wrong = await post(name, CASES[name].body, { 'x-api-key': 'nak_' + 'x'.repeat(43) });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: 'Invalid API Key' });
      const malformed = await post(name, CASES[name].body, { 'x-api-key': 'not a key' });
      expect(malformed.status).toBe(401);
      expect(await malformed.json()).toEqual({ error: 'Invalid API Key' });
    });
  }
  test('get-task-status and /api-tasks need the key too', async () => {
    const id = crypto.randomUUID();
    expect(await (await status(id, {})).json()).toEqual({ error: 'Missing API Key' });
    expect(await (await status(id, { 'x-api-key': 'nak_' + 'y'.repeat(43) })).json()).toEqual({
      error: 'Invalid API Key',
    });
    const list = await svc.call('GET', '/api-tasks');
    expect(list.status).toBe(401);
    expect(await list.json()).toEqual({ error: 'Missing API Key' });
  });
});

describe('400: the spec error table, to the letter', () => {
  const rows: [NetworkEndpoint, unknown, string][] = [
    ['fetch-profiles-posts', {}, "Missing or invalid 'profile_urns' (must be a non-empty array)"],
    [
      'fetch-profiles-posts',
      { profile_urns: 'urn:li:person:abc' },
      "Missing or invalid 'profile_urns' (must be a non-empty array)",
    ],
    [
      'fetch-profiles-posts',
      { profile_urns: [] },
      "Missing or invalid 'profile_urns' (must be a non-empty array)",
    ],
    [
      'fetch-profiles-posts',
      { profile_urns: null },
      "Missing or invalid 'profile_urns' (must be a non-empty array)",
    ],
    ['like-post', {}, "Missing or invalid 'social_urn'"],
    ['like-post', { social_urn: 42 }, "Missing or invalid 'social_urn'"],
    ['like-post', { social_urn: 'not-a-post' }, "Missing or invalid 'social_urn'"],
    ['comment-post', { comment_text: 'hi' }, "Missing or invalid 'social_urn'"],
    [
      'comment-post',
      { social_urn: ['urn:li:activity:7123456789012345678'], comment_text: 'hi' },
      "Missing or invalid 'social_urn'",
    ],
    [
      'comment-post',
      { social_urn: 'urn:li:activity:7123456789012345678' },
      "Missing or invalid 'comment_text'",
    ],
    [
      'comment-post',
      { social_urn: 'urn:li:activity:7123456789012345678', comment_text: 7 },
      "Missing or invalid 'comment_text'",
    ],
    ['send-connection-request', {}, "Missing or invalid 'profile_urn'"],
    ['send-connection-request', { profile_urn: 12345678 }, "Missing or invalid 'profile_urn'"],
    [
      'send-connection-request',
      { profile_urn: 'ACoAAB1234567', note: 5 },
      "Invalid 'note': must be a string",
    ],
    [
      'send-connection-request',
      { profile_urn: 'ACoAAB1234567', note: null },
      "Invalid 'note': must be a string",
    ],
    [
      'send-connection-request',
      { profile_urn: 'ACoAAB1234567', note: 'x'.repeat(301) },
      "Invalid 'note': must be 300 characters or fewer",
    ],
    ['fetch-profile', {}, "Missing or invalid 'profile_slug'"],
    [
      'send-message',
      { message_text: 'Hi' },
      "Give exactly one of 'profile_urn' (a new message to a connection) or 'conversation_urn' (a reply in that thread)",
    ],
    [
      'send-message',
      { profile_urn: 'ACoAAB1234567', conversation_urn: THREAD, message_text: 'Hi' },
      "Give exactly one of 'profile_urn' (a new message to a connection) or 'conversation_urn' (a reply in that thread)",
    ],
    [
      'send-message',
      { conversation_urn: 'urn:li:activity:7123456789012345678', message_text: 'Hi' },
      "Missing or invalid 'conversation_urn'",
    ],
    [
      'fetch-connections',
      { since: 'yesterday' },
      "Invalid 'since': must be an ISO 8601 time such as 2026-11-25T09:00:00Z",
    ],
    [
      'fetch-connections',
      { member_email: 'not an address' },
      "Invalid 'member_email': must be the e-mail address of a member of the team",
    ],
    ['fetch-conversations', { count: 101 }, "Invalid 'count': must be a number from 1 to 100"],
    ['fetch-conversations', { unread_only: 'yes' }, "Invalid 'unread_only': must be true or false"],
    ['fetch-conversation-messages', {}, "Missing or invalid 'conversation_urn'"],
    [
      'mark-conversation-read',
      { conversation_urn: 'urn:li:msg_conversation:2-abc' },
      "Missing or invalid 'conversation_urn'",
    ],
    ['fetch-sent-invitations', { count: 0 }, "Invalid 'count': must be a number from 1 to 500"],
    ['fetch-sent-invitations', { count: 501 }, "Invalid 'count': must be a number from 1 to 500"],
    ['withdraw-connection-request', {}, "Missing or invalid 'profile_urn'"],
    [
      'withdraw-connection-request',
      { profile_urn: 'ACoAAB1234567', note: 'x' },
      "Unknown field: 'note'",
    ],
  ];
  for (const [name, body, message] of rows) {
    test(`${name} ${JSON.stringify(body).slice(0, 60)} -> ${message}`, async () => {
      const before = await taskCount();
      const res = await post(name, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: message });
      expect(await taskCount()).toBe(before);
    });
  }

  test('the note limit is 300 characters after trimming; a blank note means no note', async () => {
    const exact = await post('send-connection-request', {
      profile_urn: 'ACoAAB7654329',
      note: `  \n${'n'.repeat(300)}\t `,
    });
    expect(exact.status).toBe(200);
    const exactInput = (await (
      await status(((await exact.json()) as { api_agent_task_id: string }).api_agent_task_id)
    ).json()) as {
      data: { task_input: Record<string, unknown> };
    };
    expect(exactInput.data.task_input.note).toBe('n'.repeat(300));

    // A person with a pending invitation is not invited again: each note goes to someone else.
    for (const [i, note] of ['', '   \n\t '].entries()) {
      const profileUrn = `urn:li:fsd_profile:ACoAAB765432${i}`;
      const res = await post('send-connection-request', { profile_urn: profileUrn, note });
      expect(res.status).toBe(200);
      const { api_agent_task_id } = (await res.json()) as { api_agent_task_id: string };
      const { data } = (await (await status(api_agent_task_id)).json()) as {
        data: { task_input: Record<string, unknown> };
      };
      expect(data.task_input).toEqual({
        task_type: 'agent_connection_request',
        profile_urn: profileUrn,
      });
    }
  });
});

describe('member_email: whose inbox, invitations and network', () => {
  test('names the member whose browser runs the task, never part of the task input', async () => {
    const res = await post('fetch-conversations', { member_email: ' Member@Acme.test ', count: 5 });
    expect(res.status).toBe(200);
    const { api_agent_task_id } = (await res.json()) as { api_agent_task_id: string };
    const { data } = (await (await status(api_agent_task_id)).json()) as {
      data: { task_input: Record<string, unknown> };
    };
    expect(data.task_input).toEqual({
      task_type: 'agent_conversations_fetch',
      unread_only: false,
      count: 5,
    });
    const [row] = await svc.ctx.db.query<{ assigned_user_id: string }>(
      'SELECT assigned_user_id FROM tasks WHERE id = $1',
      [api_agent_task_id],
    );
    expect(row!.assigned_user_id).toBe(team.member('member@acme.test').userId);
  });

  test('a reply in a thread and connections since a time, as the member named', async () => {
    const reply = await post('send-message', {
      member_email: 'young-admin@acme.test',
      conversation_urn: THREAD,
      message_text: 'Thanks!',
    });
    expect(reply.status).toBe(200);
    const id = ((await reply.json()) as { api_agent_task_id: string }).api_agent_task_id;
    const { data } = (await (await status(id)).json()) as {
      data: { task_input: Record<string, unknown> };
    };
    expect(data.task_input).toEqual({
      task_type: 'agent_send_message',
      conversation_urn: THREAD,
      message_text: 'Thanks!',
    });
    expect(TASK_INPUTS.agent_send_message.safeParse(data.task_input).success).toBe(true);
    const since = await post('fetch-connections', { since: '2026-11-20T08:00:00+01:00' });
    const sinceId = ((await since.json()) as { api_agent_task_id: string }).api_agent_task_id;
    const polled = (await (await status(sinceId)).json()) as {
      data: { task_input: Record<string, unknown> };
    };
    expect(polled.data.task_input).toEqual({
      task_type: 'agent_connections_fetch',
      start: 0,
      count: 40,
      since: '2026-11-20T08:00:00+01:00',
    });
  });

  test('a member of another team, or nobody, is a 404 and queues nothing', async () => {
    await createAgentTeam(svc, 'Other', [{ email: 'outsider@other.test', role: 'admin' }]);
    const before = await taskCount();
    for (const email of ['outsider@other.test', 'nobody@acme.test']) {
      const res = await post('withdraw-connection-request', {
        member_email: email,
        profile_urn: 'ACoAAB1234567',
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: 'No member with that e-mail in the team' });
    }
    expect(await taskCount()).toBe(before);
  });
});

describe('bad input of every kind is a 4xx and writes nothing', () => {
  const cases: [string, string | undefined, Record<string, string>, number, RegExp][] = [
    ['malformed JSON', '{"profile_slug": ', {}, 400, /^Malformed JSON body$/],
    ['a JSON array', '["ada"]', {}, 400, /^Request body must be a JSON object$/],
    ['a JSON string', '"ada"', {}, 400, /^Request body must be a JSON object$/],
    ['null', 'null', {}, 400, /^Request body must be a JSON object$/],
    [
      'an unknown field',
      '{"profile_slug": "ada", "admin": true}',
      {},
      400,
      /^Unknown field: 'admin'$/,
    ],
    [
      'a wrong type',
      '{"profile_slug": {"$ne": 1}}',
      {},
      400,
      /^Missing or invalid 'profile_slug'$/,
    ],
    [
      'a body over 1 MiB',
      JSON.stringify({ profile_slug: 'a'.repeat(1_100_000) }),
      {},
      413,
      /too large/,
    ],
  ];
  for (const [what, raw, headers, code, message] of cases) {
    test(what, async () => {
      const before = await taskCount();
      const res = await svc.call('POST', '/network-agent/fetch-profile', {
        body: raw,
        headers: { ...team.keyHeaders, ...headers },
      });
      expect(res.status).toBe(code);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect(await taskCount()).toBe(before);
    });
  }
});

describe('403: the 48-hour rule', () => {
  test('a team whose members never ran the extension gets Plugin installation required on every operation', async () => {
    const idle = await createAgentTeam(svc, 'Idle', [
      { email: 'admin@idle.test', role: 'admin', activeHoursAgo: null },
    ]);
    const before = await taskCount();
    for (const name of Object.keys(CASES) as NetworkEndpoint[]) {
      const res = await post(name, CASES[name].body, idle.keyHeaders);
      expect(res.status).toBe(403);
      const { error } = (await res.json()) as { error: string };
      expect(error).toMatch(/^Plugin installation required: /);
      expect(error).toMatch(/48 hours/);
    }
    expect(await taskCount()).toBe(before);
  });

  test('a member active 49 hours ago does not count; 47 hours ago does', async () => {
    const stale = await createAgentTeam(svc, 'Stale', [
      { email: 'admin@stale.test', role: 'admin', activeHoursAgo: 49 },
    ]);
    const res = await post('fetch-profile', { profile_slug: 'ada' }, stale.keyHeaders);
    expect(res.status).toBe(403);
    await svc.ctx.db.query(
      `UPDATE memberships SET last_active_at = now() - interval '47 hours' WHERE team_id = $1`,
      [stale.id],
    );
    expect((await post('fetch-profile', { profile_slug: 'ada' }, stale.keyHeaders)).status).toBe(
      200,
    );
  });

  test('a kind any member runs is queued in one statement: the insert checks the 48-hour rule', async () => {
    await post('fetch-profile', { profile_slug: 'warm-the-key' });
    const before = statementsRun(svc.ctx.db);
    const res = await post('fetch-profile', { profile_slug: 'one-statement' });
    expect(res.status).toBe(200);
    // The wake-up of waiting claims is the insert's own NOTIFY on PostgreSQL, in process on PGlite.
    expect(statementsRun(svc.ctx.db) - before).toBe(1);
    // A kind with routing between the rule and the insert still checks the rule first, alone.
    const beforeLike = statementsRun(svc.ctx.db);
    expect((await post('like-post', CASES['like-post'].body)).status).toBe(200);
    expect(statementsRun(svc.ctx.db) - beforeLike).toBeGreaterThan(1);
  });

  test('order of checks: key, then body, then the 48-hour rule', async () => {
    const idle = await createAgentTeam(svc, 'Idle2', [
      { email: 'admin@idle2.test', role: 'admin', activeHoursAgo: null },
    ]);
    expect((await post('like-post', {}, {})).status).toBe(401);
    const bad = await post('like-post', {}, idle.keyHeaders);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: "Missing or invalid 'social_urn'" });
    expect((await post('like-post', CASES['like-post'].body, idle.keyHeaders)).status).toBe(403);
  });
});

describe('routing', () => {
  test('404 No admin user found in the team for admin-run operations; reads still queue', async () => {
    const noAdmin = await createAgentTeam(svc, 'Flat', [{ email: 'm@flat.test', role: 'member' }]);
    for (const name of Object.keys(CASES) as NetworkEndpoint[]) {
      const res = await post(name, CASES[name].body, noAdmin.keyHeaders);
      // Without member_email, a member's own work defaults to the oldest admin too.
      if (NETWORK_ENDPOINTS[name].runsAs !== 'any') {
        expect(res.status, name).toBe(404);
        expect(await res.json()).toEqual({ error: 'No admin user found in the team' });
      } else {
        expect(res.status, name).toBe(200);
      }
    }
  });

  test('an invited admin who never joined is not the oldest admin', async () => {
    const t = await createAgentTeam(svc, 'Invited', [
      { email: 'joined@inv.test', role: 'admin', joinedHoursAgo: 1 },
    ]);
    await svc.ctx.db.query(
      `INSERT INTO memberships (team_id, email, role, invited_at) VALUES ($1, 'pending@inv.test', 'admin', now() - interval '900 hours')`,
      [t.id],
    );
    const res = await post('like-post', CASES['like-post'].body, t.keyHeaders);
    const { api_agent_task_id } = (await res.json()) as { api_agent_task_id: string };
    const [row] = await svc.ctx.db.query<{ assigned_user_id: string }>(
      'SELECT assigned_user_id FROM tasks WHERE id = $1',
      [api_agent_task_id],
    );
    expect(row!.assigned_user_id).toBe(t.member('joined@inv.test').userId);
  });

  test('429 LinkedIn invitation limit reached while the oldest admin is invite-limited, and no task is queued', async () => {
    const t = await createAgentTeam(svc, 'Limited', [{ email: 'admin@lim.test', role: 'admin' }]);
    await svc.ctx.db.query(
      `UPDATE memberships SET invite_limited_until = now() + interval '3 days' WHERE team_id = $1`,
      [t.id],
    );
    const before = await taskCount();
    const res = await post(
      'send-connection-request',
      CASES['send-connection-request'].body,
      t.keyHeaders,
    );
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: 'LinkedIn invitation limit reached' });
    expect(await taskCount()).toBe(before);
    // Other admin-run work is not limited by the invitation limit.
    expect((await post('like-post', CASES['like-post'].body, t.keyHeaders)).status).toBe(200);
    // The limit ends by itself.
    await svc.ctx.db.query(
      `UPDATE memberships SET invite_limited_until = now() - interval '1 second' WHERE team_id = $1`,
      [t.id],
    );
    expect(
      (await post('send-connection-request', CASES['send-connection-request'].body, t.keyHeaders))
        .status,
    ).toBe(200);
  });
});

describe('get-task-status', () => {
  test('400 for a missing or malformed id, 404 for an unknown one', async () => {
    const missing = await svc.call('GET', '/network-agent/get-task-status', {
      headers: team.keyHeaders,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ error: "Missing or invalid 'api_agent_task_id'" });
    const malformed = await status("1' OR '1'='1");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "Missing or invalid 'api_agent_task_id'" });
    const unknown = await status(crypto.randomUUID());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'Task not found' });
  });

  test("another team's task answers exactly as an unknown id: 404, nothing of it shown", async () => {
    const other = await createAgentTeam(svc, 'Other', [{ email: 'a@other.test', role: 'admin' }]);
    const res = await post('fetch-profile', { profile_slug: 'secret-target' }, other.keyHeaders);
    const { api_agent_task_id } = (await res.json()) as { api_agent_task_id: string };
    const foreign = await status(api_agent_task_id);
    const unknown = await status(crypto.randomUUID());
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    const body = await foreign.text();
    expect(body).toBe(await unknown.text());
    expect(JSON.parse(body)).toEqual({ error: 'Task not found' });
    expect(body).not.toContain('secret-target');
    expect((await status(api_agent_task_id, other.keyHeaders)).status).toBe(200);
  });
});

describe('GET /api-tasks', () => {
  test('lists the team’s tasks newest first with routing, filtered by status and limited', async () => {
    const t = await createAgentTeam(svc, 'Lister', [
      { email: 'boss@list.test', role: 'admin' },
      { email: 'm@list.test', role: 'member' },
    ]);
    const ids: string[] = [];
    for (const name of ['fetch-profile', 'like-post', 'fetch-company'] as const) {
      const res = await post(name, CASES[name].body, t.keyHeaders);
      ids.push(((await res.json()) as { api_agent_task_id: string }).api_agent_task_id);
    }
    // Distinct creation times, so "newest first" is observable.
    for (const [i, id] of ids.entries()) {
      await svc.ctx.db.query(
        `UPDATE tasks SET created_at = now() - make_interval(secs => $2::int) WHERE id = $1`,
        [id, 100 - i],
      );
    }
    await svc.ctx.db.query(
      `UPDATE tasks SET status = 'failed', error = '{"code":"not_found","message":"gone"}' WHERE id = $1`,
      [ids[0]],
    );

    const res = await svc.call('GET', '/api-tasks', { headers: t.keyHeaders });
    expect(res.status).toBe(200);
    const list = (await res.json()) as { tasks: Record<string, unknown>[]; count: number };
    expect(list.count).toBe(3);
    expect(list.tasks.map((x) => x.id)).toEqual([...ids].reverse());
    expect(list.tasks[1]).toMatchObject({
      type: 'agent_like_post',
      status: 'pending',
      attempt: 0,
      assigned_email: 'boss@list.test',
    });
    expect(list.tasks[0]).toMatchObject({
      type: 'agent_company_fetch',
      assigned_email: null,
      claimed_by_email: null,
    });

    const failed = (await (
      await svc.call('GET', '/api-tasks?status=failed', { headers: t.keyHeaders })
    ).json()) as typeof list;
    expect(failed.tasks).toHaveLength(1);
    expect(failed.tasks[0]).toMatchObject({
      id: ids[0],
      error: { code: 'not_found', message: 'gone' },
    });

    const limited = (await (
      await svc.call('GET', '/api-tasks?limit=2', { headers: t.keyHeaders })
    ).json()) as typeof list;
    expect(limited.tasks.map((x) => x.id)).toEqual([ids[2], ids[1]]);
  });

  test('bad query parameters are 400', async () => {
    for (const [q, message] of [
      ['limit=0', /limit/],
      ['limit=abc', /limit/],
      ['limit=1000', /limit/],
      ['status=done', /status/],
      ['sort=x', /Unknown query parameter/],
    ] as const) {
      const res = await svc.call('GET', `/api-tasks?${q}`, { headers: team.keyHeaders });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
  });
});
