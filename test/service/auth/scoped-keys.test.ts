import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { TASK_KINDS } from '../../../src/contract/task-kinds.js';

/**
 * Keys with a purpose (docs/security.md "Credentials", docs/api.md "API keys"): made, listed and
 * revoked by an admin's sign-in only; a `read` key reads and is refused every write, walked over
 * the app's own route table; an `ai` key's writes in a member's name follow the team's ai_writes
 * on REST as over MCP, and it never decides an approval.
 */

let svc: TestService;
let team: AgentTeam;
let other: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;

const READ_ONLY = "Access denied: this API key's scope is read (reads only)";
const AI_OFF =
  'Refused: writes from AI clients are turned off for this team (ai_writes: off); an admin changes it with PATCH /api-team';
const ANY_UUID = '0b6f4e8e-3c1d-4b7a-9d5e-2f1a7c9e4b21';
const URN = 'urn:li:fsd_profile:ACoAAAdaLovelace';

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@acme.example', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@acme.example', role: 'member' },
  ]);
  ada = team.member('ada@acme.example');
  bob = team.member('bob@acme.example');
  other = await createAgentTeam(svc, 'Other', [{ email: 'eve@other.example', role: 'admin' }]);
});
afterAll(() => svc.close());

async function makeKey(
  scope: 'read' | 'write' | 'ai',
  name = `${scope} key`,
  headers = ada.agentHeaders,
) {
  const res = await svc.call('POST', '/api-keys', { body: { name, scope }, headers });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as {
    id: string;
    name: string;
    scope: string;
    api_key: string;
    created_at: string;
  };
}

async function errorOf(res: Response) {
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

async function setAiWrites(value: 'approve' | 'allow' | 'off') {
  const res = await svc.call('PATCH', '/api-team', {
    body: { ai_writes: value },
    headers: ada.agentHeaders,
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

async function taskRow(id: string) {
  const [row] = await svc.ctx.db.query<{
    status: string;
    queued_by: string;
    queued_by_client: string | null;
    queued_by_user_id: string | null;
  }>('SELECT status, queued_by, queued_by_client, queued_by_user_id FROM tasks WHERE id = $1', [
    id,
  ]);
  return row!;
}

async function insertPost(teamId: string): Promise<string> {
  const id = crypto.randomUUID();
  const urn = `urn:li:activity:${BigInt(7_200_000_000_000_000_000n) + BigInt(Math.floor(Math.random() * 1e9))}`;
  await svc.ctx.db.query(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, posted_at) VALUES ($1, $2, $3, $4, 'a post', now())`,
    [id, teamId, urn, `https://www.linkedin.com/feed/update/${urn}/`],
  );
  return id;
}

/** Every `METHOD path` the app serves, once each (Hono lists a route per middleware). */
function servedRoutes(): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of svc.app.routes)
    if (r.method !== 'ALL') seen.set(`${r.method} ${r.path}`, { method: r.method, path: r.path });
  return [...seen.values()];
}
const concrete = (path: string) => path.replace(/:[a-z_]+/g, ANY_UUID);

/** The network tasks that only read: a `read` key may queue them, as the MCP read tools do. */
const NETWORK_READ_POSTS = Object.values(TASK_KINDS)
  .filter((k) => k.endpoint !== null && !k.writes && k.endpoint !== 'mark-conversation-read')
  .map((k) => `POST /network-agent/${k.endpoint}`);
/** Non-GET routes that take no API key at all: signing in, the operator's, and /mcp's 405. */
const KEYLESS = [
  'POST /network-agent/auth-send-otp',
  'POST /network-agent/auth-verify-otp',
  'POST /ops/network-map',
  'POST /ops/network-map/rollback',
  'DELETE /mcp',
];

describe('managing keys', () => {
  test('an admin makes a key: 201 with the secret once, in the team key’s form', async () => {
    const made = await makeKey('read', 'Reporting');
    expect(made).toMatchObject({ name: 'Reporting', scope: 'read' });
    expect(made.api_key).toMatch(/^nak_[A-Za-z0-9_-]{20,80}$/);
    expect(made.api_key).not.toBe(team.apiKey);
    // Only the hash is stored: the secret is nowhere in the row.
    const rows = await svc.ctx.db.query<Record<string, unknown>>(
      'SELECT * FROM team_api_keys WHERE id = $1',
      [made.id],
    );
    expect(JSON.stringify(rows)).not.toContain(made.api_key.slice(4));
  });

  test('the list names each key, its scope, who made it and its last use, never a secret', async () => {
    const made = await makeKey('write', 'CRM sync');
    const before = await svc.call('GET', '/api-keys', { headers: ada.agentHeaders });
    expect(before.status).toBe(200);
    const text = await before.text();
    expect(text).not.toContain(made.api_key);
    expect(text).not.toContain('api_key');
    const listed = (JSON.parse(text) as { keys: Record<string, unknown>[]; count: number }).keys;
    expect(listed.find((k) => k.id === made.id)).toEqual({
      id: made.id,
      name: 'CRM sync',
      scope: 'write',
      created_by: 'ada@acme.example',
      created_at: made.created_at,
      last_used_at: null,
    });
    // A call with it marks its use.
    expect(
      (await svc.call('GET', '/api-posts', { headers: { 'x-api-key': made.api_key } })).status,
    ).toBe(200);
    const after = (await (
      await svc.call('GET', '/api-keys', { headers: ada.agentHeaders })
    ).json()) as {
      keys: { id: string; last_used_at: string | null }[];
    };
    expect(after.keys.find((k) => k.id === made.id)!.last_used_at).not.toBeNull();
  });

  test('a member who is not an admin cannot make, list or revoke keys', async () => {
    const made = await makeKey('read');
    for (const [method, path, body] of [
      ['POST', '/api-keys', { name: 'x', scope: 'write' }],
      ['GET', '/api-keys', undefined],
      ['DELETE', `/api-keys/${made.id}`, undefined],
    ] as const) {
      const res = await svc.call(method, path, { body, headers: bob.agentHeaders });
      expect(await errorOf(res), `${method} ${path}`).toEqual({
        status: 403,
        error: 'Access denied',
      });
    }
    expect(
      (await svc.call('GET', '/api-posts', { headers: { 'x-api-key': made.api_key } })).status,
    ).toBe(200);
  });

  test('the team key alone (no admin’s token) cannot manage keys', async () => {
    const res = await svc.call('POST', '/api-keys', {
      body: { name: 'x', scope: 'write' },
      headers: team.keyHeaders,
    });
    expect(await errorOf(res)).toEqual({ status: 401, error: 'Invalid agent token' });
  });

  test('a key of any scope, even with an admin’s token, cannot manage keys or reach the team key', async () => {
    for (const scope of ['read', 'write', 'ai'] as const) {
      const key = await makeKey(scope);
      const headers = { 'x-api-key': key.api_key, authorization: `Bearer ${ada.token}` };
      for (const [method, path, body] of [
        ['POST', '/api-keys', { name: 'wider', scope: 'write' }],
        ['GET', '/api-keys', undefined],
        ['DELETE', `/api-keys/${key.id}`, undefined],
        ['GET', '/api-team-key', undefined],
        ['POST', '/api-team-key/rotate', undefined],
      ] as const) {
        const res = await svc.call(method, path, { body, headers });
        const { status, error } = await errorOf(res);
        expect(status, `${scope}: ${method} ${path}`).toBe(403);
        expect(error).toMatch(new RegExp(`^Access denied: this API key's scope is ${scope} \\(`));
      }
    }
  });

  test('bad input is a 400 naming the field', async () => {
    for (const [body, error] of [
      [{ name: 'x', scope: 'admin' }, "Missing or invalid 'scope': must be one of read, write, ai"],
      [{ name: '  ', scope: 'read' }, "Missing or invalid 'name': 1 to 100 characters"],
      [{ scope: 'read' }, "Missing or invalid 'name': 1 to 100 characters"],
    ] as const) {
      const res = await svc.call('POST', '/api-keys', { body, headers: ada.agentHeaders });
      expect(await errorOf(res)).toEqual({ status: 400, error });
    }
    const res = await svc.call('DELETE', '/api-keys/not-a-uuid', { headers: ada.agentHeaders });
    expect(await errorOf(res)).toEqual({ status: 400, error: 'Invalid API key id' });
  });

  test('revoking a key refuses it at once with today’s messages; another team’s key is a 404', async () => {
    const key = await makeKey('write');
    const headers = { 'x-api-key': key.api_key };
    // Used (and so remembered by the credential cache) before it is revoked.
    expect((await svc.call('GET', '/api-posts', { headers })).status).toBe(200);
    expect((await svc.call('GET', '/api-keyword-watchlist', { headers })).status).toBe(200);
    const elsewhere = await svc.call('DELETE', `/api-keys/${key.id}`, {
      headers: other.members[0]!.agentHeaders,
    });
    expect(await errorOf(elsewhere)).toEqual({ status: 404, error: 'API key not found' });
    const res = await svc.call('DELETE', `/api-keys/${key.id}`, { headers: ada.agentHeaders });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, message: 'API key revoked' });
    expect(await errorOf(await svc.call('GET', '/api-posts', { headers }))).toEqual({
      status: 401,
      error: 'Invalid API Key',
    });
    expect(await errorOf(await svc.call('GET', '/api-keyword-watchlist', { headers }))).toEqual({
      status: 401,
      error: 'Unauthorized',
    });
    const again = await svc.call('DELETE', `/api-keys/${key.id}`, { headers: ada.agentHeaders });
    expect(await errorOf(again)).toEqual({ status: 404, error: 'API key not found' });
    const list = (await (
      await svc.call('GET', '/api-keys', { headers: ada.agentHeaders })
    ).json()) as {
      keys: { id: string }[];
    };
    expect(list.keys.map((k) => k.id)).not.toContain(key.id);
  });

  test('a key names its own team only', async () => {
    const key = await makeKey('read');
    await svc.ctx.db.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug, fetch_freq_hours) VALUES ($1, $2, 'keyword', 'Theirs', $3, 12)`,
      [crypto.randomUUID(), other.id, `theirs-${crypto.randomUUID()}`],
    );
    const res = await svc.call('GET', '/api-keyword-watchlist', {
      headers: { 'x-api-key': key.api_key },
    });
    const body = (await res.json()) as { watchlists: { name: string }[] };
    expect(body.watchlists.map((w) => w.name)).not.toContain('Theirs');
  });
});

describe('a read key', () => {
  test('reads: posts (JSON and CSV), watchlists, tasks, a network read', async () => {
    const headers = { 'x-api-key': (await makeKey('read')).api_key };
    for (const path of [
      '/api-posts',
      '/api-posts?format=csv',
      '/api-keyword-watchlist',
      '/api-people-watchlist',
      '/api-company-watchlist',
      '/api-tasks',
      '/api-do-not-contact?format=csv',
    ]) {
      const res = await svc.call('GET', path, { headers });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    }
    const fetched = await svc.call('POST', '/network-agent/fetch-profile', {
      body: { profile_slug: 'ada-lovelace' },
      headers,
    });
    expect(fetched.status, await fetched.clone().text()).toBe(200);
  });

  test('is refused every write the app serves (403 naming the scope), even with an admin’s token', async () => {
    const headers = {
      'x-api-key': (await makeKey('read')).api_key,
      authorization: `Bearer ${ada.token}`,
    };
    const allowed = new Set([...NETWORK_READ_POSTS, 'POST /mcp', ...KEYLESS]);
    const writes = servedRoutes().filter(
      (r) => r.method !== 'GET' && !allowed.has(`${r.method} ${r.path}`),
    );
    // The walk covers what it is about (a table read wrong would pass every route).
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /network-agent/like-post',
        'POST /network-agent/mark-conversation-read',
        'PATCH /api-keyword-watchlist',
        'POST /api-approvals/:task_id/approve',
        'POST /agent/tasks/claim',
        'POST /api-keys',
      ]),
    );
    expect(writes.length).toBeGreaterThan(40);
    for (const r of writes) {
      const res = await svc.call(r.method, concrete(r.path), { body: {}, headers });
      expect(await errorOf(res), `${r.method} ${r.path}`).toEqual({
        status: 403,
        error:
          r.path.startsWith('/api-keys') || r.path.startsWith('/api-team-key')
            ? "Access denied: this API key's scope is read (keys are managed with the team key and an admin’s sign-in)"
            : READ_ONLY,
      });
    }
    // Every route it skipped is one it may call, or one that takes no key.
    for (const r of KEYLESS)
      expect(servedRoutes().map((s) => `${s.method} ${s.path}`)).toContain(r);
  });

  test('over MCP: the read tools run, every write tool is refused', async () => {
    const headers = { 'x-api-key': (await makeKey('read')).api_key };
    const listed = await mcpCall(headers, 'list_watchlists', {});
    expect(listed.isError ?? false).toBe(false);
    for (const [name, args] of [
      ['like_post', { social_urn: 'urn:li:activity:7250000000000000001' }],
      ['send_message', { profile_urn: URN, message_text: 'Hi' }],
      ['create_keyword_watchlist', { keywords: ['robots'] }],
    ] as const) {
      const result = await mcpCall(headers, name, args);
      expect(result, name).toMatchObject({ isError: true, content: [{ text: READ_ONLY }] });
    }
  });
});

describe('an ai key', () => {
  /** The writes in a member's name over REST, each with a fresh target. */
  async function restWrites(headers: Record<string, string>): Promise<Response[]> {
    const n = crypto.randomUUID().replace(/-/g, '').slice(0, 12);
    return [
      await svc.call('POST', '/network-agent/like-post', {
        body: { social_urn: `urn:li:activity:72${BigInt(`0x${n}`)}` },
        headers,
      }),
      await svc.call('POST', '/network-agent/comment-post', {
        body: { social_urn: `urn:li:activity:73${BigInt(`0x${n}`)}`, comment_text: 'Well put.' },
        headers,
      }),
      await svc.call('POST', '/network-agent/send-connection-request', {
        body: { profile_urn: `urn:li:fsd_profile:ACoAAInv${n}`, note: 'Hello' },
        headers,
      }),
      await svc.call('POST', '/network-agent/send-message', {
        body: { profile_urn: `urn:li:fsd_profile:ACoAAMsg${n}`, message_text: 'Hello' },
        headers,
      }),
      await svc.call('POST', '/api-like', {
        body: { post_id: await insertPost(team.id), user_email: 'bob@acme.example' },
        headers,
      }),
      await svc.call('POST', '/api-comment', {
        body: {
          post_id: await insertPost(team.id),
          user_email: 'bob@acme.example',
          comment_text: 'Thanks!',
        },
        headers,
      }),
    ];
  }
  const taskIdOf = async (res: Response) => {
    const body = (await res.json()) as { api_agent_task_id?: string; task_id?: string };
    return body.api_agent_task_id ?? body.task_id!;
  };

  test('under ai_writes approve (the default), REST writes await approval, queued as the AI key', async () => {
    await setAiWrites('approve');
    const key = await makeKey('ai', 'Claude desktop');
    for (const res of await restWrites({ 'x-api-key': key.api_key })) {
      expect(res.status, await res.clone().text()).toBe(200);
      const { message } = (await res.clone().json()) as { message: string };
      expect(message).toContain('awaiting approval');
      const row = await taskRow(await taskIdOf(res));
      expect(row).toEqual({
        status: 'awaiting_approval',
        queued_by: 'mcp',
        queued_by_client: 'AI key “Claude desktop”',
        queued_by_user_id: null,
      });
    }
    // The approver sees it came from that AI key.
    const list = (await (
      await svc.call('GET', '/api-approvals', { headers: ada.agentHeaders })
    ).json()) as {
      approvals: { queued_by: { kind: string; client: string } }[];
    };
    expect(list.approvals.length).toBeGreaterThanOrEqual(6);
    expect(list.approvals.at(-1)!.queued_by).toMatchObject({
      kind: 'mcp',
      client: 'AI key “Claude desktop”',
    });
    // Reads run at once as for any key.
    const read = await svc.call('POST', '/network-agent/fetch-profile', {
      body: { profile_slug: 'grace-hopper' },
      headers: { 'x-api-key': key.api_key },
    });
    expect((await taskRow(await taskIdOf(read))).status).toBe('pending');
  });

  test('the same write with the team key is queued at once', async () => {
    const res = await svc.call('POST', '/network-agent/like-post', {
      body: { social_urn: 'urn:li:activity:7250000000000000999' },
      headers: team.keyHeaders,
    });
    expect((await taskRow(await taskIdOf(res))).status).toBe('pending');
  });

  test('under off every write is refused as over MCP; under allow it is queued at once', async () => {
    const key = await makeKey('ai');
    const headers = { 'x-api-key': key.api_key };
    await setAiWrites('off');
    try {
      for (const res of await restWrites(headers))
        expect(await errorOf(res)).toEqual({ status: 403, error: AI_OFF });
      const watchlist = await svc.call('POST', '/api-keyword-watchlist', {
        body: { keywords: ['robots off'] },
        headers,
      });
      expect(await errorOf(watchlist)).toEqual({ status: 403, error: AI_OFF });
      // Reads go on.
      expect((await svc.call('GET', '/api-posts', { headers })).status).toBe(200);
      await setAiWrites('allow');
      for (const res of await restWrites(headers)) {
        expect(res.status, await res.clone().text()).toBe(200);
        expect((await taskRow(await taskIdOf(res))).status).toBe('pending');
      }
    } finally {
      await setAiWrites('approve');
    }
  });

  test('with a member’s token, its write is still the AI key’s and still awaits approval', async () => {
    const key = await makeKey('ai', 'Assistant');
    const res = await svc.call('POST', '/network-agent/send-message', {
      body: { profile_urn: 'urn:li:fsd_profile:ACoAAWithToken', message_text: 'Hi' },
      headers: { 'x-api-key': key.api_key, authorization: `Bearer ${ada.token}` },
    });
    expect(await taskRow(await taskIdOf(res))).toEqual({
      status: 'awaiting_approval',
      queued_by: 'mcp',
      queued_by_client: 'AI key “Assistant”',
      queued_by_user_id: ada.userId,
    });
  });

  test('never approves or rejects, even with an admin’s token; nor does a key without a person', async () => {
    const key = await makeKey('ai');
    const queued = await svc.call('POST', '/network-agent/like-post', {
      body: { social_urn: 'urn:li:activity:7250000000000000777' },
      headers: { 'x-api-key': key.api_key },
    });
    const id = await taskIdOf(queued);
    for (const decision of ['approve', 'reject']) {
      const withToken = await svc.call('POST', `/api-approvals/${id}/${decision}`, {
        body: {},
        headers: { 'x-api-key': key.api_key, authorization: `Bearer ${ada.token}` },
      });
      expect(await errorOf(withToken)).toEqual({
        status: 403,
        error:
          "Access denied: this API key's scope is ai (an AI client never approves or rejects writes; a person does, in the dashboard)",
      });
      for (const k of [key.api_key, team.apiKey]) {
        const alone = await svc.call('POST', `/api-approvals/${id}/${decision}`, {
          body: {},
          headers: { 'x-api-key': k },
        });
        expect(alone.status).toBe(k === team.apiKey ? 401 : 403);
      }
    }
    expect((await taskRow(id)).status).toBe('awaiting_approval');
    // A person decides it.
    const approved = await svc.call('POST', `/api-approvals/${id}/approve`, {
      body: {},
      headers: ada.agentHeaders,
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect((await taskRow(id)).status).toBe('pending');
  });

  test('sequences need ai_writes allow; team settings, members and webhooks are a person’s', async () => {
    const key = await makeKey('ai');
    const headers = { 'x-api-key': key.api_key, authorization: `Bearer ${ada.token}` };
    const sequence = await svc.call('POST', '/api-sequences', {
      body: { name: 'AI outreach', steps: [] },
      headers,
    });
    expect(await errorOf(sequence)).toMatchObject({
      status: 403,
      error: expect.stringContaining("ai_writes set to 'allow'"),
    });
    for (const [method, path, body] of [
      ['PATCH', '/api-team', { ai_writes: 'allow' }],
      ['POST', '/api-team-members', { email: 'mallory@evil.example', role: 'admin' }],
      ['POST', '/api-webhooks', { url: 'https://evil.example/hook', events: ['task.completed'] }],
      ['DELETE', '/api-do-not-contact', undefined],
      ['POST', '/agent/heartbeat', {}],
    ] as const) {
      const res = await svc.call(method, path, { body, headers });
      expect(await errorOf(res), `${method} ${path}`).toEqual({
        status: 403,
        error:
          "Access denied: this API key's scope is ai (an AI client may not do this; a person does it in the dashboard or with the team key)",
      });
    }
  });

  test('its team-data writes run at once under approve, as the MCP write tools do', async () => {
    const key = await makeKey('ai');
    const res = await svc.call('POST', '/api-keyword-watchlist', {
      body: { keywords: ['warehouse robots by ai'] },
      headers: { 'x-api-key': key.api_key },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  });
});

describe('a write key', () => {
  test('is a program, as the team key: its writes are queued at once', async () => {
    const key = await makeKey('write');
    const res = await svc.call('POST', '/network-agent/like-post', {
      body: { social_urn: 'urn:li:activity:7250000000000000555' },
      headers: { 'x-api-key': key.api_key },
    });
    const id = ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
    expect(await taskRow(id)).toMatchObject({ status: 'pending', queued_by: 'api_key' });
  });
});

/** One MCP tool call, as a stateless POST (docs/mcp.md). */
async function mcpCall(
  headers: Record<string, string>,
  name: string,
  args: Record<string, unknown>,
) {
  const res = await svc.call('POST', '/mcp', {
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
    headers: { ...headers, accept: 'application/json, text/event-stream', 'x-client-name': 'test' },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const body = (await res.json()) as {
    result: { isError?: boolean; content: { text: string }[] };
  };
  return body.result;
}
