import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { enqueueTask } from '../../../src/service/tasks/enqueue.js';

/**
 * One rule for text at the boundary, with its exact messages: every body and query is
 * checked before its schema (depth, text the database cannot store), agent results are cleaned
 * instead, and the cases the bad-input sweep found answer 4xx or their result, never 500.
 */

let svc: TestService;
let team: AgentTeam;
beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Boundary', [{ email: 'boundary@example.com', role: 'admin' }]);
});
afterAll(() => svc.close());

const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

test('JSON nested deeper than 32 levels is refused naming the depth; 32 levels pass the rule', async () => {
  const refused = await svc.call('POST', '/api-keyword-watchlist', {
    headers: team.keyHeaders,
    body: `{"keywords":${deep(10_000)}}`,
  });
  expect([refused.status, await refused.json()]).toEqual([
    400,
    { error: 'Request body nests deeper than 32 levels' },
  ]);
  // 31 levels inside the body object: the depth rule lets it through, the schema answers.
  const schema = await svc.call('POST', '/api-keyword-watchlist', {
    headers: team.keyHeaders,
    body: `{"keywords":${deep(31)}}`,
  });
  expect(schema.status).toBe(400);
  expect(((await schema.json()) as { error: string }).error).toMatch(/^Invalid 'keywords'/);
});

test('a NUL or a lone surrogate in any string of a body or query is refused naming the field', async () => {
  const cases: [string, string, string, string][] = [
    [
      'POST',
      '/api-keyword-watchlist',
      '{"keywords":["robotics"],"labels":[{"name":"a\\u0000b"}]}',
      'labels.0.name',
    ],
    ['POST', '/api-keyword-watchlist', '{"keywords":["robo\\ud83etics"]}', 'keywords.0'],
    ['POST', '/api-company-watchlist', '{"companies":["\\udc00acme"]}', 'companies.0'],
    [
      'POST',
      '/network-agent/comment-post',
      '{"social_urn":"urn:li:activity:7250000000000000001","comment_text":"hi \\u0000"}',
      'comment_text',
    ],
    ['GET', '/api-posts?sort_by=recent%00', '', 'sort_by'],
  ];
  for (const [method, path, body, field] of cases) {
    const res = await svc.call(method, path, { headers: team.keyHeaders, body: body || undefined });
    expect([method, path, res.status, await res.json()]).toEqual([
      method,
      path,
      400,
      { error: `Invalid '${field}': contains a character that cannot be stored` },
    ]);
  }
  // A whole emoji (a surrogate pair) is text like any other.
  const emoji = await svc.call('POST', '/api-keyword-watchlist', {
    headers: team.keyHeaders,
    body: { keywords: ['robotics 🤖'] },
  });
  expect(emoji.status).toBe(201);
});

test('an agent result, a failure report or a heartbeat with such text is cleaned, not refused', async () => {
  const member = team.members[0]!;
  const beat = await svc.call('POST', '/agent/heartbeat', {
    headers: member.agentHeaders,
    body: '{"extension_version":"1.0.0","browser":"Chrome","network":{"signed_in":true,"public_identifier":"ada\\u0000\\ud800"},"paused":false}',
  });
  expect(beat.status).toBe(200);
  const [row] = await svc.ctx.db.query<{ network_public_identifier: string }>(
    'SELECT network_public_identifier FROM memberships WHERE user_id = $1',
    [member.userId],
  );
  expect(row!.network_public_identifier).toBe('ada\uFFFD');
  const task = await enqueueTask(svc.ctx.db, svc.ctx.signals, {
    teamId: team.id,
    type: 'agent_send_message',
    input: { task_type: 'agent_send_message' },
    assignedUserId: member.userId,
  });
  const claim = (await (
    await svc.call('POST', '/agent/tasks/claim', {
      headers: member.agentHeaders,
      body: { wait_s: 0 },
    })
  ).json()) as { task: { id: string; attempt: number } };
  expect(claim.task.id).toBe(task!.id);
  const body = `{"attempt":${claim.task.attempt},"output":{"sent":true,"conversation_urn":"urn:li:msg\\u0000:1\\ud800","delivered_at":null}}`;
  const done = await svc.call('POST', `/agent/tasks/${task!.id}/complete`, {
    headers: member.agentHeaders,
    body,
  });
  expect([done.status, await done.json()]).toEqual([200, { status: 'completed' }]);
  const status = (await (
    await svc.call('GET', `/network-agent/get-task-status?api_agent_task_id=${task!.id}`, {
      headers: team.keyHeaders,
    })
  ).json()) as {
    data: { task_output: { conversation_urn: string } };
  };
  expect(status.data.task_output.conversation_urn).toBe('urn:li:msg:1\uFFFD');
});

test('the sweep’s finds: extreme dates on /api-posts, and identifiers longer than any slug', async () => {
  const far = await svc.call('GET', '/api-posts?start_date=2020-01-01&end_date=9999-12-31', {
    headers: team.keyHeaders,
  });
  expect([far.status, await far.json()]).toEqual([200, { data: [], count: 0 }]);
  for (const param of ['start_date', 'end_date']) {
    const zero = await svc.call('GET', `/api-posts?${param}=0000-01-01`, {
      headers: team.keyHeaders,
    });
    expect([zero.status, await zero.json()]).toEqual([
      400,
      { error: `Invalid '${param}': must be a date YYYY-MM-DD` },
    ]);
  }
  const slug = 'a'.repeat(3000);
  const company = await svc.call('POST', '/api-company-watchlist', {
    headers: team.keyHeaders,
    body: { companies: [slug] },
  });
  expect(company.status).toBe(400);
  const error = ((await company.json()) as { error: string }).error;
  expect(error).toMatch(/^Invalid company identifier: 'a+…$/);
  expect(error.length).toBeLessThanOrEqual(301);
  const profile = await svc.call('POST', '/network-agent/fetch-company', {
    headers: team.keyHeaders,
    body: { company: slug },
  });
  expect([profile.status, await profile.json()]).toEqual([
    400,
    { error: "Invalid 'company': must be 2000 characters or fewer" },
  ]);
});

test('comment text has no cap but the 1 MiB body (spec, Limits)', async () => {
  const res = await svc.call('POST', '/network-agent/comment-post', {
    headers: team.keyHeaders,
    body: { social_urn: 'urn:li:activity:7250000000000000001', comment_text: 'x'.repeat(900_000) },
  });
  expect(res.status).toBe(200);
});
