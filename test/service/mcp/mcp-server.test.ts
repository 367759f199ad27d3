import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import { claimTask, completeTask, type ClaimedTask } from '../../support/collection-fixtures.js';
import { engineerProfile } from '../../support/profile-output.js';
import { expireApprovals } from '../../../src/service/approvals/expire.js';

/**
 * The MCP server (docs/mcp.md) as an assistant uses it: the SDK's own client over real HTTP against
 * the real service, an agent emulated through /agent/ like the extension, approvals over REST.
 */

let svc: TestService;
let server: ServerType;
let mcpUrl: URL;
let team: AgentTeam;
let other: AgentTeam;
let ada: TeamMember;
let bob: TeamMember;
const clients: Client[] = [];

beforeAll(async () => {
  svc = await startTestService();
  server = serve({ fetch: svc.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  mcpUrl = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
  team = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@acme.example', role: 'admin', joinedHoursAgo: 48 },
    { email: 'bob@acme.example', role: 'member', activeHoursAgo: null },
  ]);
  ada = team.member('ada@acme.example');
  bob = team.member('bob@acme.example');
  other = await createAgentTeam(svc, 'Other', [{ email: 'eve@other.example', role: 'admin' }]);
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await new Promise((resolve) => server.close(resolve));
  await svc.close();
});

async function connect(headers: Record<string, string>): Promise<Client> {
  const client = new Client({ name: 'test-assistant', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl, {
      requestInit: { headers: { 'x-client-name': 'test-assistant', ...headers } },
    }),
  );
  clients.push(client);
  return client;
}

const json = (r: unknown) => (r as CallToolResult).structuredContent as Record<string, any>;
const text = (r: unknown) => ((r as CallToolResult).content[0] as { text: string }).text;

/** Claims the next task as `member`, polling until one comes (the tool call queues it meanwhile). */
async function nextTask(member: TeamMember): Promise<ClaimedTask> {
  for (let i = 0; i < 200; i++) {
    const task = await claimTask(svc, member);
    if (task) return task;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('no task came');
}

async function setAiWrites(value: string) {
  const res = await svc.call('PATCH', '/api-team', {
    body: { ai_writes: value },
    headers: ada.agentHeaders,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(((await res.json()) as { team: { ai_writes: string } }).team.ai_writes).toBe(value);
}

const TOOLS = [
  'list_watchlists',
  'list_replies',
  'search_posts',
  'fetch_profile',
  'fetch_company',
  'fetch_profiles_posts',
  'fetch_company_posts',
  'search_profiles',
  'fetch_connections',
  'read_inbox',
  'read_conversation',
  'list_sent_invitations',
  'get_task_status',
  'like_post',
  'comment_post',
  'send_connection_request',
  'send_message',
  'withdraw_invitation',
  'enroll_in_sequence',
  'create_keyword_watchlist',
  'update_keyword_watchlist',
  'draft_comment',
  'draft_reply',
];

test('initialize and list tools: every tool named, annotated, with a valid JSON Schema', async () => {
  const client = await connect(team.keyHeaders);
  expect(client.getServerVersion()?.name).toBe('network-agent');
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
  const ajv = new Ajv({ strict: false });
  for (const tool of tools) {
    expect(tool.inputSchema.type, tool.name).toBe('object');
    expect(() => ajv.compile(tool.inputSchema), tool.name).not.toThrow();
    expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
    expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
    expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
  }
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  expect(byName.search_posts!.annotations?.readOnlyHint).toBe(true);
  expect(byName.comment_post!.annotations).toMatchObject({
    readOnlyHint: false,
    idempotentHint: false,
  });
  expect(byName.withdraw_invitation!.annotations).toMatchObject({ destructiveHint: true });
  // The contract's schema, field names as in the REST body.
  const comment = ajv.compile(byName.comment_post!.inputSchema);
  expect(comment({ social_urn: 'urn:li:activity:1', comment_text: 'Hi' })).toBe(true);
  expect(comment({ social_urn: 'urn:li:activity:1' })).toBe(false);
  expect(byName.fetch_profile!.inputSchema.properties).toHaveProperty('wait_seconds');
});

test('resources: the API guide and the budgets page', async () => {
  const client = await connect(team.keyHeaders);
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri).sort()).toEqual(['docs://api', 'docs://budgets']);
  const guide = await client.readResource({ uri: 'docs://budgets' });
  expect((guide.contents[0] as { text: string }).text).toMatch(/^# /);
});

test('no key or a wrong key: 401 before any MCP message is read', async () => {
  const res = await fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'nope' },
    body: '{}',
  });
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ error: 'Invalid API Key' });
});

test('stored reads: watchlists, posts and a task status, scoped to the team', async () => {
  const created = await svc.call('POST', '/api-keyword-watchlist', {
    body: { keywords: ['warehouse robotics'], name: 'Robotics' },
    headers: team.keyHeaders,
  });
  expect(created.status).toBe(201);
  const client = await connect(team.keyHeaders);
  const lists = json(await client.callTool({ name: 'list_watchlists', arguments: {} }));
  expect(lists.keyword.map((w: { name: string }) => w.name)).toEqual(['Robotics']);
  expect(lists.people).toEqual([]);
  const posts = json(
    await client.callTool({ name: 'search_posts', arguments: { page: 1, sort_by: 'recent' } }),
  );
  expect(posts).toEqual({ data: [], count: 0 });

  const outsider = await connect(other.keyHeaders);
  const none = json(await outsider.callTool({ name: 'list_watchlists', arguments: {} }));
  expect(none.keyword).toEqual([]);
});

test('list_replies: the inbox with each newest reply’s label, filtered by it', async () => {
  const urn = 'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAAdaMcpRead,2-bWNwLXJlcGx5)';
  await svc.ctx.db.query(
    `INSERT INTO inbox_conversations (team_id, user_id, conversation_urn, last_activity_at, participants)
     VALUES ($1, $2, $3, now(), '[]')`,
    [team.id, ada.userId, urn],
  );
  await svc.ctx.db.query(
    `INSERT INTO inbox_messages (id, team_id, user_id, conversation_urn, sender_urn, from_me, text, delivered_at,
                                 classification_label, classification_confidence, classification_model)
     VALUES ($1, $2, $3, $4, 'urn:li:fsd_profile:ACoAAGraceMcp01', false, 'Yes, let us talk', now(), 'interested', 0.9, 'm')`,
    [crypto.randomUUID(), team.id, ada.userId, urn],
  );
  const client = await connect(team.keyHeaders);
  const hit = json(
    await client.callTool({ name: 'list_replies', arguments: { classification: 'interested' } }),
  );
  expect(hit.data.map((c: { conversation_urn: string }) => c.conversation_urn)).toEqual([urn]);
  expect(hit.data[0].classification).toEqual({ label: 'interested', confidence: 0.9, model: 'm' });
  const miss = json(
    await client.callTool({ name: 'list_replies', arguments: { classification: 'referral' } }),
  );
  expect(miss.count).toBe(0);
});

const NETWORK_READS: [string, Record<string, unknown>, string][] = [
  ['fetch_company', { company: 'acme-robotics' }, 'agent_company_fetch'],
  [
    'fetch_profiles_posts',
    { profile_urns: ['urn:li:fsd_profile:ACoAAAdaLovelace'], count: 5 },
    'agent_profiles_tracking',
  ],
  ['fetch_company_posts', { company: 'acme-robotics', count: 5 }, 'agent_company_posts_fetch'],
  ['search_profiles', { keywords: 'robotics' }, 'agent_profiles_search'],
  ['fetch_connections', { count: 10 }, 'agent_connections_fetch'],
  ['read_inbox', { count: 10 }, 'agent_conversations_fetch'],
  [
    'read_conversation',
    {
      conversation_urn:
        'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAGraceHopper,2-ZjQ5YTk2ZTItOGQ1Zi00)',
    },
    'agent_conversation_messages_fetch',
  ],
  ['list_sent_invitations', { count: 10 }, 'agent_sent_invitations_fetch'],
];

describe('reads on the network wait for the emulated agent', () => {
  test('fetch_profile: progress while it waits, then the profile', async () => {
    const client = await connect(team.keyHeaders);
    const progress: number[] = [];
    const call = client.callTool(
      { name: 'fetch_profile', arguments: { profile_slug: 'ada-lovelace' } },
      undefined,
      {
        onprogress: (p) => progress.push(p.progress),
      },
    );
    const task = await nextTask(ada);
    expect(task).toMatchObject({
      type: 'agent_profile_fetch',
      input: { profile_slug: 'ada-lovelace' },
    });
    await new Promise((r) => setTimeout(r, 700));
    await completeTask(
      svc,
      ada,
      task,
      engineerProfile('urn:li:fsd_profile:ACoAAAdaLovelace', 'ada-lovelace', 'Ada Lovelace', null),
    );
    const answer = json(await call);
    expect(answer).toMatchObject({ api_agent_task_id: task.id, status: 'completed' });
    expect(answer.task_output.name).toBe('Ada Lovelace');
    expect(progress.length).toBeGreaterThan(0);
  });

  test.each(NETWORK_READS)(
    '%s queues its task and answers how it ended',
    async (name, args, type) => {
      const client = await connect(team.keyHeaders);
      const call = client.callTool({ name, arguments: args });
      const task = await nextTask(ada);
      expect(task.type).toBe(type);
      const res = await svc.call('POST', `/agent/tasks/${task.id}/fail`, {
        body: {
          attempt: task.attempt,
          error: { code: 'not_found', message: 'Nothing there', retryable: false },
        },
        headers: ada.agentHeaders,
      });
      expect(res.status).toBe(200);
      const answer = json(await call);
      expect(answer).toMatchObject({ api_agent_task_id: task.id, status: 'failed' });
      expect(answer.error.code).toBe('not_found');
    },
  );

  test('wait_seconds 0: the task id to poll, and get_task_status reads it', async () => {
    const client = await connect(team.keyHeaders);
    const answer = json(
      await client.callTool({
        name: 'fetch_profile',
        arguments: { profile_slug: 'grace-hopper', wait_seconds: 0 },
      }),
    );
    expect(answer.status).toBe('pending');
    expect(answer.message).toMatch(/get_task_status/);
    const polled = json(
      await client.callTool({
        name: 'get_task_status',
        arguments: { api_agent_task_id: answer.api_agent_task_id },
      }),
    );
    expect(polled.data).toMatchObject({ id: answer.api_agent_task_id, status: 'pending' });
    const outsider = await connect(other.keyHeaders);
    const denied = await outsider.callTool({
      name: 'get_task_status',
      arguments: { api_agent_task_id: answer.api_agent_task_id },
    });
    expect(denied.isError).toBe(true);
    expect(text(denied)).toBe('Task not found');
    // Run it, so the later tests' claims see only their own tasks.
    const task = await nextTask(ada);
    await completeTask(
      svc,
      ada,
      task,
      engineerProfile('urn:li:fsd_profile:ACoAAAGrace', 'grace-hopper', 'Grace', null),
    );
  });
});

describe('writes follow ai_writes', () => {
  const URN = 'urn:li:activity:7250000000000000001';

  test('approve (the default): a comment awaits, is approved with edited text, and runs', async () => {
    const client = await connect(team.keyHeaders);
    const queued = json(
      await client.callTool({
        name: 'comment_post',
        arguments: { social_urn: URN, comment_text: 'Great post!!!' },
      }),
    );
    expect(queued).toMatchObject({ success: true, status: 'awaiting_approval' });
    expect(queued.message).toMatch(/awaiting approval/);
    const id = queued.api_agent_task_id as string;
    // No agent may claim it.
    expect(await claimTask(svc, ada)).toBeNull();

    const listed = await svc.call('GET', '/api-approvals', { headers: ada.agentHeaders });
    expect(listed.status).toBe(200);
    const { approvals } = (await listed.json()) as { approvals: Record<string, unknown>[] };
    expect(approvals).toHaveLength(1);
    expect(approvals[0]).toMatchObject({
      task_id: id,
      type: 'agent_comment_post',
      text_field: 'comment_text',
      text: 'Great post!!!',
      member_email: ada.email,
      can_decide: true,
      queued_by: { kind: 'mcp', client: 'test-assistant' },
    });
    // Bob is not an admin and it does not run as him.
    const bobs = await svc.call('GET', '/api-approvals', { headers: bob.agentHeaders });
    expect(
      ((await bobs.json()) as { approvals: { can_decide: boolean }[] }).approvals[0]!.can_decide,
    ).toBe(false);
    const refused = await svc.call('POST', `/api-approvals/${id}/approve`, {
      body: {},
      headers: bob.agentHeaders,
    });
    expect(refused.status).toBe(403);
    // Another team sees nothing of it.
    const theirs = await svc.call('GET', '/api-approvals', {
      headers: other.members[0]!.agentHeaders,
    });
    expect(await theirs.json()).toEqual({ approvals: [], count: 0 });
    const stolen = await svc.call('POST', `/api-approvals/${id}/approve`, {
      body: {},
      headers: other.members[0]!.agentHeaders,
    });
    expect(stolen.status).toBe(404);

    const approved = await svc.call('POST', `/api-approvals/${id}/approve`, {
      body: { text: 'Well put, thank you.' },
      headers: ada.agentHeaders,
    });
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect(await approved.json()).toMatchObject({ task_id: id, status: 'pending' });
    const task = await nextTask(ada);
    expect(task).toMatchObject({
      id,
      type: 'agent_comment_post',
      input: { comment_text: 'Well put, thank you.' },
    });
    await completeTask(svc, ada, task, { commented: true });
    const status = json(
      await client.callTool({ name: 'get_task_status', arguments: { api_agent_task_id: id } }),
    );
    expect(status.data.status).toBe('completed');
  });

  test('approve: a rejected like ends failed with rejected_by_member', async () => {
    const client = await connect(team.keyHeaders);
    const queued = json(
      await client.callTool({ name: 'like_post', arguments: { social_urn: URN } }),
    );
    const id = queued.api_agent_task_id as string;
    const rejected = await svc.call('POST', `/api-approvals/${id}/reject`, {
      headers: ada.agentHeaders,
    });
    expect(rejected.status).toBe(200);
    const status = json(
      await client.callTool({ name: 'get_task_status', arguments: { api_agent_task_id: id } }),
    );
    expect(status.data).toMatchObject({ status: 'failed', error: { code: 'rejected_by_member' } });
    expect(await claimTask(svc, ada)).toBeNull();
    const again = await svc.call('POST', `/api-approvals/${id}/approve`, {
      headers: ada.agentHeaders,
    });
    expect(again.status).toBe(404);
  });

  test('approve: an unapproved write expires', async () => {
    const client = await connect(team.keyHeaders);
    const queued = json(
      await client.callTool({ name: 'like_post', arguments: { social_urn: URN } }),
    );
    const id = queued.api_agent_task_id as string;
    await svc.ctx.db.query(
      `UPDATE tasks SET approval_expires_at = now() - interval '1 second' WHERE id = $1`,
      [id],
    );
    expect(await expireApprovals(svc.ctx.db)).toBe(1);
    const status = json(
      await client.callTool({ name: 'get_task_status', arguments: { api_agent_task_id: id } }),
    );
    expect(status.data).toMatchObject({ status: 'failed', error: { code: 'approval_expired' } });
  });

  test('allow: a write is queued at once, recorded as the client’s', async () => {
    await setAiWrites('allow');
    try {
      const client = await connect(team.keyHeaders);
      const queued = json(
        await client.callTool({ name: 'like_post', arguments: { social_urn: URN } }),
      );
      expect(queued.status).toBe('pending');
      const task = await nextTask(ada);
      expect(task.id).toBe(queued.api_agent_task_id);
      await completeTask(svc, ada, task, { liked: true });
      const recent = await svc.call('GET', '/api-tasks?limit=1', { headers: ada.agentHeaders });
      const { tasks } = (await recent.json()) as { tasks: { id: string; queued_by: unknown }[] };
      expect(tasks[0]).toMatchObject({
        id: task.id,
        queued_by: { kind: 'mcp', client: 'test-assistant' },
      });
    } finally {
      await setAiWrites('approve');
    }
  });

  test('off: a write is refused as a tool error, nothing queued', async () => {
    await setAiWrites('off');
    try {
      const client = await connect(team.keyHeaders);
      const refused = await client.callTool({ name: 'like_post', arguments: { social_urn: URN } });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toMatch(/ai_writes: off/);
      expect(await claimTask(svc, ada)).toBeNull();
    } finally {
      await setAiWrites('approve');
    }
  });

  test('enroll_in_sequence needs allow', async () => {
    const client = await connect(team.keyHeaders);
    const refused = await client.callTool({
      name: 'enroll_in_sequence',
      arguments: { sequence_id: crypto.randomUUID(), profiles: ['ada-lovelace'] },
    });
    expect(refused.isError).toBe(true);
    expect(text(refused)).toMatch(/ai_writes set to 'allow'/);
  });
});

test('bad arguments are a tool error naming the field, in the REST words', async () => {
  const client = await connect(team.keyHeaders);
  const missing = await client.callTool({
    name: 'comment_post',
    arguments: { social_urn: 'urn:li:activity:7250000000000000001' },
  });
  expect(missing.isError).toBe(true);
  expect(text(missing)).toBe("Missing or invalid 'comment_text'");
  const rest = await svc.call('POST', '/network-agent/comment-post', {
    body: { social_urn: 'urn:li:activity:7250000000000000001' },
    headers: team.keyHeaders,
  });
  expect(((await rest.json()) as { error: string }).error).toBe(text(missing));
  const wait = await client.callTool({
    name: 'fetch_profile',
    arguments: { profile_slug: 'ada-lovelace', wait_seconds: 999 },
  });
  expect(wait.isError).toBe(true);
  expect(text(wait)).toMatch(/^Invalid 'wait_seconds'/);
  const unknown = await client.callTool({
    name: 'like_post',
    arguments: { social_urn: 'x', extra: 1 },
  });
  expect(unknown.isError).toBe(true);
});
