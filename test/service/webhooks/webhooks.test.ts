import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
  networkPost,
  runAllTasks,
  type ClaimedTask,
  setNextDue,
} from '../../support/collection-fixtures.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { startLocalHttpServer, waitFor, type LocalHttpServer } from '../../support/local-http.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { startBackgroundJobs, BACKGROUND_JOBS } from '../../../src/service/jobs.js';

/**
 * Signed webhooks end to end: registered through the API, fed by the service's own task and
 * collection paths, delivered by its job to a local receiver (a real HTTP server), verified the way
 * docs/webhooks.md tells a receiver to.
 */
let svc: TestService;
let acme: AgentTeam;
let ada: TeamMember;
let other: AgentTeam;
let receiver: LocalHttpServer;
/** Statuses the receiver answers, in order (200 when none is left). */
let script: number[];

beforeAll(async () => {
  receiver = await startLocalHttpServer((_req, res) => {
    const status = script.shift() ?? 200;
    res.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'ok' : 'try later');
  });
  svc = await startTestService({ ALLOW_PRIVATE_FETCH: '1' });
  acme = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@hooks.test', role: 'admin' },
    { email: 'cy@hooks.test', role: 'member' },
  ]);
  ada = acme.member('ada@hooks.test');
  other = await createAgentTeam(svc, 'Other', [{ email: 'bob@hooks.test', role: 'admin' }]);
});
afterAll(async () => {
  await svc.close();
  await receiver.close();
});
beforeEach(async () => {
  script = [];
  receiver.requests.length = 0;
  await svc.ctx.db.query('DELETE FROM webhooks');
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
});

/** The team's first member is its admin: webhooks are managed with the key and the admin's own agent token. */
const adminOf = (team: AgentTeam) => team.members[0]!.agentHeaders;

async function register(
  team: AgentTeam,
  events: string[],
  path = '/hook',
): Promise<{ id: string; secret: string }> {
  const res = await svc.call('POST', '/api-webhooks', {
    headers: adminOf(team),
    body: { url: `${receiver.url}${path}`, events },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { webhook: { id: string }; secret: string };
  return { id: body.webhook.id, secret: body.secret };
}

const verify = verifyWebhook;

async function likeTask(team: AgentTeam, n = 1): Promise<string> {
  const res = await svc.call('POST', '/network-agent/like-post', {
    headers: team.keyHeaders,
    body: {
      social_urn: `urn:li:activity:72500000000000000${String(n).padStart(2, '0')}`,
      reaction_type: 'LIKE',
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
}

async function fail(member: TeamMember, task: ClaimedTask, retryable: boolean) {
  const res = await svc.call('POST', `/agent/tasks/${task.id}/fail`, {
    headers: member.agentHeaders,
    body: {
      attempt: task.attempt,
      error: { code: 'network_error', message: 'The post is gone', retryable },
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
}

const deliveryLog = async (team: AgentTeam, id: string) => {
  const res = await svc.call('GET', `/api-webhooks/${id}/deliveries`, { headers: adminOf(team) });
  expect(res.status).toBe(200);
  return (
    (await res.json()) as {
      deliveries: {
        id: string;
        event: string;
        status: string;
        attempts: number;
        last_status: number | null;
        last_error: string | null;
        next_attempt_at: string | null;
      }[];
    }
  ).deliveries;
};
const backdate = () =>
  svc.ctx.db.query(
    `UPDATE webhook_deliveries SET next_attempt_at = now() - interval '1 second' WHERE status = 'pending'`,
  );

describe('registering', () => {
  test('the secret is shown once; the list shows the webhook with its delivery counts, never the secret', async () => {
    const { id, secret } = await register(acme, [
      'task.completed',
      'task.completed',
      'posts.collected',
    ]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{30,}$/);
    const list = await svc.call('GET', '/api-webhooks', { headers: adminOf(acme) });
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).not.toContain(secret);
    expect(JSON.parse(text)).toEqual({
      webhooks: [
        {
          id,
          url: `${receiver.url}/hook`,
          events: ['task.completed', 'posts.collected'],
          created_at: expect.any(String),
          deliveries: { pending: 0, delivered: 0, failed: 0, last_delivered_at: null },
        },
      ],
    });
    // Sealed at rest.
    const [row] = await svc.ctx.db.query<{ secret_encrypted: string }>(
      'SELECT secret_encrypted FROM webhooks WHERE id = $1',
      [id],
    );
    expect(row!.secret_encrypted).not.toContain(secret);
  });

  test('bad input is a 400 naming the field, and nothing is stored', async () => {
    const cases: [unknown, string | RegExp][] = [
      [{ events: ['task.completed'] }, "Missing or invalid 'url'"],
      [
        { url: 'ftp://example.com/x', events: ['task.completed'] },
        "Invalid 'url': must be an https URL",
      ],
      [{ url: 'not a url', events: ['task.completed'] }, "Invalid 'url': must be an absolute URL"],
      [
        { url: 'https://user:pw@example.com/x', events: ['task.completed'] },
        "Invalid 'url': must not carry credentials",
      ],
      [{ url: 'https://example.com/x' }, /^Missing or invalid 'events'/],
      [{ url: 'https://example.com/x', events: [] }, /^Missing or invalid 'events'/],
      [{ url: 'https://example.com/x', events: ['task.started'] }, /^Missing or invalid 'events'/],
      [{ url: 'https://example.com/x', events: ['task.completed'], secret: 'mine' }, /secret/],
    ];
    for (const [body, error] of cases) {
      const res = await svc.call('POST', '/api-webhooks', { headers: adminOf(acme), body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(error);
    }
    expect(await svc.ctx.db.query('SELECT 1 FROM webhooks')).toHaveLength(0);
    const valid = { url: 'https://example.com/x', events: ['task.failed'] };
    expect((await svc.call('POST', '/api-webhooks', { body: valid })).status).toBe(401);
    expect(
      (await svc.call('POST', '/api-webhooks', { body: valid, headers: acme.keyHeaders })).status,
    ).toBe(401);
    const member = await svc.call('POST', '/api-webhooks', {
      body: valid,
      headers: acme.member('cy@hooks.test').agentHeaders,
    });
    expect(member.status).toBe(403);
    expect(await member.json()).toEqual({ error: 'Access denied' });
    expect(
      (
        await svc.call('GET', '/api-webhooks', {
          headers: acme.member('cy@hooks.test').agentHeaders,
        })
      ).status,
    ).toBe(403);
    expect(
      (await svc.call('GET', '/api-webhooks/not-a-uuid/deliveries', { headers: adminOf(acme) }))
        .status,
    ).toBe(400);
  });

  test('a private address is refused unless the operator allows it', async () => {
    const strict = await startTestService();
    try {
      const team = await createAgentTeam(strict, 'Strict', [
        { email: 'eve@hooks.test', role: 'admin' },
      ]);
      for (const url of [
        'https://127.0.0.1/x',
        'https://10.0.0.8/x',
        'https://metadata.internal/x',
        'http://example.com/x',
      ]) {
        const res = await strict.call('POST', '/api-webhooks', {
          headers: adminOf(team),
          body: { url, events: ['task.failed'] },
        });
        expect(res.status, url).toBe(400);
        expect(((await res.json()) as { error: string }).error).toMatch(
          /^Invalid 'url': must (not point to a private or local address|be an https URL)$/,
        );
      }
    } finally {
      await strict.close();
    }
  });

  test('a team sees, reads and deletes only its own webhooks', async () => {
    const mine = await register(acme, ['task.completed']);
    expect(
      await svc.call('GET', '/api-webhooks', { headers: adminOf(other) }).then((r) => r.json()),
    ).toEqual({ webhooks: [] });
    expect(
      (await svc.call('GET', `/api-webhooks/${mine.id}/deliveries`, { headers: adminOf(other) }))
        .status,
    ).toBe(404);
    const theirs = await svc.call('DELETE', `/api-webhooks/${mine.id}`, {
      headers: adminOf(other),
    });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: 'Webhook not found' });
    const own = await svc.call('DELETE', `/api-webhooks/${mine.id}`, { headers: adminOf(acme) });
    expect(await own.json()).toEqual({ success: true, message: 'Webhook deleted' });
    expect(
      (await svc.call('DELETE', `/api-webhooks/${mine.id}`, { headers: adminOf(acme) })).status,
    ).toBe(404);
  });
});

describe('delivering', () => {
  test('a completed task reaches the receiver within a second, signed, with the task and its output', async () => {
    const hook = await register(acme, ['task.completed']);
    const jobs = startBackgroundJobs(
      svc.ctx,
      BACKGROUND_JOBS.filter((j) => j.name === 'webhook_delivery'),
    );
    try {
      await likeTask(acme);
      const task = (await claimTask(svc, ada))!;
      const finished = Date.now();
      await completeTask(svc, ada, task, { liked: true });
      await waitFor(
        async () => receiver.requests.length,
        (n) => n === 1,
        5_000,
      );
      expect(Date.now() - finished).toBeLessThan(1_000);
    } finally {
      await jobs.stop();
    }
    const [req] = receiver.requests;
    expect(req!.url).toBe('/hook');
    expect(req!.headers['x-webhook-event']).toBe('task.completed');
    expect(verify(req!, hook.secret)).toBe(true);
    expect(verify(req!, 'whsec_someone-else')).toBe(false);
    expect(verify({ ...req!, body: req!.body.replace('true', 'false') }, hook.secret)).toBe(false);
    const event = JSON.parse(req!.body);
    expect(event).toEqual({
      id: req!.headers['x-webhook-id'],
      type: 'task.completed',
      created_at: expect.any(String),
      data: {
        task: expect.objectContaining({
          type: 'agent_like_post',
          status: 'completed',
          task_output: { liked: true },
          error: null,
        }),
      },
    });
    expect((await deliveryLog(acme, hook.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 1,
      last_status: 200,
      next_attempt_at: null,
    });
  });

  test('a failed task is sent to task.failed subscribers only; a retried failure is not an end', async () => {
    const failed = await register(acme, ['task.failed'], '/failed');
    await register(acme, ['task.completed'], '/completed');
    await likeTask(acme);
    await fail(ada, (await claimTask(svc, ada))!, true);
    await deliverDueWebhooks(svc.ctx);
    expect(receiver.requests).toHaveLength(0);
    await svc.ctx.db.query('UPDATE tasks SET run_after = now()');
    await fail(ada, (await claimTask(svc, ada))!, false);
    await deliverDueWebhooks(svc.ctx);
    expect(receiver.requests.map((r) => r.url)).toEqual(['/failed']);
    expect(verify(receiver.requests[0]!, failed.secret)).toBe(true);
    expect(JSON.parse(receiver.requests[0]!.body).data.task).toMatchObject({
      status: 'failed',
      task_output: null,
      error: { code: 'network_error', message: 'The post is gone' },
    });
  });

  test('5xx and unreachable endpoints are retried with backoff under the same id; a 4xx fails at once', async () => {
    const hook = await register(acme, ['task.completed']);
    script = [503, 500];
    await likeTask(acme);
    await completeTask(svc, ada, (await claimTask(svc, ada))!, { liked: true });

    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    let [d] = await deliveryLog(acme, hook.id);
    expect(d).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_status: 503,
      last_error: 'HTTP 503: try later',
    });
    const wait = (Date.parse(d!.next_attempt_at!) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(5);
    expect(wait).toBeLessThanOrEqual(10);
    // Not due yet: nothing is sent.
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    await backdate();
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    [d] = await deliveryLog(acme, hook.id);
    expect((Date.parse(d!.next_attempt_at!) - Date.now()) / 1000).toBeGreaterThan(20);
    await backdate();
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 1, retrying: 0, failed: 0 });
    expect(new Set(receiver.requests.map((r) => r.headers['x-webhook-id'])).size).toBe(1);
    expect(receiver.requests).toHaveLength(3);
    expect(receiver.requests.every((r) => verify(r, hook.secret))).toBe(true);
    expect((await deliveryLog(acme, hook.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      last_status: 200,
      last_error: null,
    });

    script = [410];
    await likeTask(acme, 2);
    await completeTask(svc, ada, (await claimTask(svc, ada))!, { liked: true });
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect((await deliveryLog(acme, hook.id))[0]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_status: 410,
    });

    const list = (await svc
      .call('GET', '/api-webhooks', { headers: adminOf(acme) })
      .then((r) => r.json())) as { webhooks: { deliveries: unknown }[] };
    expect(list.webhooks[0]!.deliveries).toEqual({
      pending: 0,
      delivered: 1,
      failed: 1,
      last_delivered_at: expect.any(String),
    });
  });

  test('an event older than a day is given up after its last failure', async () => {
    const hook = await register(acme, ['task.completed']);
    await likeTask(acme);
    await completeTask(svc, ada, (await claimTask(svc, ada))!, { liked: true });
    await svc.ctx.db.query(
      `UPDATE webhook_deliveries SET created_at = now() - interval '23 hours 59 minutes 55 seconds'`,
    );
    script = [502];
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 0, failed: 1 });
    expect((await deliveryLog(acme, hook.id))[0]).toMatchObject({
      status: 'failed',
      last_status: 502,
    });
  });

  test('an endpoint that is down never holds up the task: the agent is answered and the status is final', async () => {
    const down = await startLocalHttpServer(() => undefined);
    const url = `${down.url}/gone`;
    await down.close();
    const res = await svc.call('POST', '/api-webhooks', {
      headers: adminOf(acme),
      body: { url, events: ['task.completed'] },
    });
    const { webhook } = (await res.json()) as { webhook: { id: string } };
    const taskId = await likeTask(acme);
    await completeTask(svc, ada, (await claimTask(svc, ada))!, { liked: true });
    const status = await svc.call(
      'GET',
      `/network-agent/get-task-status?api_agent_task_id=${taskId}`,
      { headers: acme.keyHeaders },
    );
    expect(await status.json()).toMatchObject({ success: true, data: { status: 'completed' } });
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 1, failed: 0 });
    expect((await deliveryLog(acme, webhook.id))[0]).toMatchObject({
      status: 'pending',
      last_status: null,
      last_error: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  test("another team's tasks never reach a team's webhook", async () => {
    await register(acme, ['task.completed']);
    const bob = other.member('bob@hooks.test');
    await likeTask(other);
    await completeTask(svc, bob, (await claimTask(svc, bob))!, { liked: true });
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.requests).toHaveLength(0);
  });

  test('posts.collected names the watchlist and the posts filed; a cycle with nothing new sends nothing', async () => {
    const hook = await register(acme, ['posts.collected']);
    const watchlistId = await insertKeywordWatchlist(svc, acme.id, ['fusion']);
    await schedulerTick(svc.ctx);
    const post = networkPost({ content: 'Fusion breakthrough' });
    await runAllTasks(svc, ada, () => ({ posts: [post] }));
    await deliverDueWebhooks(svc.ctx);
    expect(receiver.requests).toHaveLength(1);
    const event = JSON.parse(receiver.requests[0]!.body);
    expect(verify(receiver.requests[0]!, hook.secret)).toBe(true);
    expect(event.type).toBe('posts.collected');
    expect(event.data).toMatchObject({
      watchlist_id: watchlistId,
      added: 1,
      post_ids: [expect.any(String)],
    });
    const posts = await svc.ctx.db.query<{ id: string }>(
      'SELECT id FROM posts WHERE team_id = $1',
      [acme.id],
    );
    expect(event.data.post_ids).toEqual(posts.map((p) => p.id));

    await setNextDue(svc.ctx.db, '-1 second');
    await schedulerTick(svc.ctx);
    await runAllTasks(svc, ada, () => ({ posts: [post] }));
    await deliverDueWebhooks(svc.ctx);
    expect(receiver.requests).toHaveLength(1);
  });

  test('deleting a webhook drops what it had pending', async () => {
    const hook = await register(acme, ['task.completed']);
    await likeTask(acme);
    await completeTask(svc, ada, (await claimTask(svc, ada))!, { liked: true });
    await svc.call('DELETE', `/api-webhooks/${hook.id}`, { headers: adminOf(acme) });
    expect(await deliverDueWebhooks(svc.ctx)).toEqual({ delivered: 0, retrying: 0, failed: 0 });
    expect(receiver.requests).toHaveLength(0);
  });
});
