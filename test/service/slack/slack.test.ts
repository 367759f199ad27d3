import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
  networkPost,
  runAllTasks,
  setNextDue,
} from '../../support/collection-fixtures.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';
import { runSlackDelivery } from '../../../src/service/slack/slack-job.js';
import { deliverDue, MAX_DELIVERY_ATTEMPTS } from '../../../src/service/slack/deliver.js';
import { webhookUrlProblem } from '../../../src/service/http/webhook-url.js';
import { guardedLookup } from '../../../src/service/http/outbound-guard.js';

/** A local Slack stand-in: records every message, answers with the next scripted status (200 when none). */
let receiver: Server;
let hookUrl: string;
let received: {
  path: string;
  body: {
    text: string;
    blocks: { type: string; text?: { text: string }; elements?: { text: string }[] }[];
  };
}[];
let script: number[];

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(data) });
      const status = script.shift() ?? 200;
      res
        .writeHead(status, { 'content-type': 'text/plain' })
        .end(status === 200 ? 'ok' : 'no_service');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/services/T000/B000/XXXX`;
  svc = await startTestService({ ALLOW_PRIVATE_FETCH: '1' });
  team = await createAgentTeam(svc, 'Announcers', [{ email: 'ada@slack.test', role: 'admin' }]);
  ada = team.member('ada@slack.test');
});
afterAll(async () => {
  await svc.close();
  await new Promise((r) => receiver.close(r));
});
beforeEach(async () => {
  received = [];
  script = [];
  await svc.ctx.db.query('DELETE FROM watchlists');
  await svc.ctx.db.query('DELETE FROM tasks');
});

const deliveries = () =>
  svc.ctx.db.query<{ status: string; attempts: number; last_error: string | null; wait_s: number }>(
    `SELECT status, attempts, last_error, EXTRACT(EPOCH FROM (next_attempt_at - now()))::float8 AS wait_s FROM slack_deliveries ORDER BY created_at`,
  );
const backdateDeliveries = () =>
  svc.ctx.db.query(
    `UPDATE slack_deliveries SET next_attempt_at = now() - interval '1 second' WHERE status = 'pending'`,
  );

describe('Slack announcements', () => {
  test('one Block Kit message per cycle with author, snippet, link and counts; nothing twice', async () => {
    await svc.ctx.db.query('DELETE FROM slack_deliveries');
    const id = await insertKeywordWatchlist(svc, team.id, ['fusion', 'fission'], {
      name: 'Energy watch',
      webhook: hookUrl,
    });
    await schedulerTick(svc.ctx);
    const a = networkPost({
      content: 'Fusion breakthrough <today> & more',
      likes_count: 12,
      comments_count: 3,
      shares_count: 1,
    });
    // The network's answer gave no comment or share count: unknown, said so, never 0.
    const b = networkPost({
      content: 'Fission news',
      comments_count: null,
      shares_count: null,
      post_author: {
        author_slug: 'grace',
        author_type: 'person',
        full_name: 'Grace Hopper',
        headline: '',
        image_url: null,
      },
    });
    const first = (await claimTask(svc, ada))!;
    await completeTask(svc, ada, first, { posts: [a] });
    // One keyword's task is still open: the cycle is not over, nothing is announced yet.
    await runSlackDelivery(svc.ctx);
    expect(received).toHaveLength(0);
    await runAllTasks(svc, ada, () => ({ posts: [b] }));
    await runSlackDelivery(svc.ctx);

    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/services/T000/B000/XXXX');
    const msg = received[0]!.body;
    expect(msg.text).toBe('2 new posts for Energy watch');
    expect(msg.blocks[0]).toMatchObject({
      type: 'header',
      text: { text: '2 new posts for Energy watch' },
    });
    const sections = msg.blocks
      .filter((blk) => blk.type === 'section')
      .map((blk) => blk.text!.text);
    expect(sections).toEqual([
      '*<https://www.linkedin.com/in/ada-lovelace/|Ada Lovelace>*\nFusion breakthrough &lt;today&gt; &amp; more',
      '*<https://www.linkedin.com/in/grace/|Grace Hopper>*\nFission news',
    ]);
    const context = msg.blocks
      .filter((blk) => blk.type === 'context')
      .map((blk) => blk.elements![0]!.text);
    expect(context.slice(0, 2)).toEqual([
      `<${a.linkedin_post_url}|View post> · 12 likes · 3 comments · 1 shares`,
      `<${b.linkedin_post_url}|View post> · 1 likes · comments unknown · shares unknown`,
    ]);
    expect((await deliveries()).map((d) => d.status)).toEqual(['sent']);

    // Nothing new: no second message. A post seen again in the next cycle is not new either.
    await runSlackDelivery(svc.ctx);
    await setNextDue(svc.ctx.db, '-1 minute', id);
    await schedulerTick(svc.ctx);
    await runAllTasks(svc, ada, () => ({ posts: [{ ...a, likes_count: 50 }] }));
    await runSlackDelivery(svc.ctx);
    expect(received).toHaveLength(1);
  });

  test('a failure is retried with backoff, and sent once the webhook answers', async () => {
    await svc.ctx.db.query('DELETE FROM slack_deliveries');
    await insertKeywordWatchlist(svc, team.id, ['retry'], { webhook: hookUrl });
    await schedulerTick(svc.ctx);
    script = [500, 503];
    // The failing webhook does not touch collection: completing the task succeeds and files the post.
    await runAllTasks(svc, ada, () => ({ posts: [networkPost({ content: 'retry me' })] }));
    expect(await svc.ctx.db.query(`SELECT 1 FROM posts WHERE content = 'retry me'`)).toHaveLength(
      1,
    );

    await runSlackDelivery(svc.ctx);
    let [d] = await deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 1 });
    expect(d!.last_error).toMatch(/^HTTP 500/);
    expect(d!.wait_s).toBeGreaterThan(25);
    expect(d!.wait_s).toBeLessThanOrEqual(30);
    // Not due yet: nothing is sent.
    await runSlackDelivery(svc.ctx);
    expect(received).toHaveLength(1);

    await backdateDeliveries();
    await runSlackDelivery(svc.ctx);
    [d] = await deliveries();
    expect(d).toMatchObject({ status: 'pending', attempts: 2 });
    // Backoff doubles: 60 s after the second failure.
    expect(d!.wait_s).toBeGreaterThan(55);

    await backdateDeliveries();
    await runSlackDelivery(svc.ctx);
    expect((await deliveries())[0]).toMatchObject({
      status: 'sent',
      attempts: 3,
      last_error: null,
    });
    expect(received).toHaveLength(3);
    // The same one message each time.
    expect(new Set(received.map((r) => JSON.stringify(r.body))).size).toBe(1);
    expect(received[0]!.body.text).toMatch(/^1 new post for /);
  });

  test(`gives up after ${MAX_DELIVERY_ATTEMPTS} attempts; a 404 webhook fails at once`, async () => {
    await svc.ctx.db.query('DELETE FROM slack_deliveries');
    const w = await insertKeywordWatchlist(svc, team.id, ['giving up'], { webhook: hookUrl });
    await svc.ctx.db.query(
      `INSERT INTO slack_deliveries (id, watchlist_id, webhook_url, payload, status) VALUES ($1, $2, $3, '{"text":"a"}', 'pending'), ($4, $2, $3, '{"text":"b"}', 'pending')`,
      [crypto.randomUUID(), w, hookUrl, crypto.randomUUID()],
    );
    script = [404, 500];
    await deliverDue(svc.ctx);
    const statuses = (await deliveries()).map((d) => d.status).sort();
    expect(statuses).toEqual(['failed', 'pending']);
    for (let i = 1; i < MAX_DELIVERY_ATTEMPTS; i++) {
      script = [500];
      await backdateDeliveries();
      await deliverDue(svc.ctx);
    }
    const all = await deliveries();
    expect(all.map((d) => d.status)).toEqual(['failed', 'failed']);
    expect(Math.max(...all.map((d) => d.attempts))).toBe(MAX_DELIVERY_ATTEMPTS);
    expect(received).toHaveLength(MAX_DELIVERY_ATTEMPTS + 1);
  });

  test('a watchlist without a webhook announces nothing', async () => {
    await svc.ctx.db.query('DELETE FROM slack_deliveries');
    await insertKeywordWatchlist(svc, team.id, ['silent'], { webhook: null });
    await schedulerTick(svc.ctx);
    await runAllTasks(svc, ada, () => ({ posts: [networkPost({ content: 'quiet' })] }));
    await runSlackDelivery(svc.ctx);
    expect(received).toHaveLength(0);
    expect(await deliveries()).toHaveLength(0);
  });
});

describe('outbound guard', () => {
  test('without ALLOW_PRIVATE_FETCH an http or private webhook is refused and nothing is sent', async () => {
    await svc.ctx.db.query('DELETE FROM slack_deliveries');
    const w = await insertKeywordWatchlist(svc, team.id, ['guarded'], { webhook: hookUrl });
    await svc.ctx.db.query(
      `INSERT INTO slack_deliveries (id, watchlist_id, webhook_url, payload, status) VALUES ($1, $2, $3, '{"text":"x"}', 'pending')`,
      [crypto.randomUUID(), w, hookUrl],
    );
    const strict = { ...svc.ctx, config: { ...svc.ctx.config, ALLOW_PRIVATE_FETCH: false } };
    expect(await deliverDue(strict)).toEqual({ sent: 0, retrying: 0, failed: 1 });
    expect((await deliveries())[0]).toMatchObject({
      status: 'failed',
      last_error: 'Webhook URL must be an https URL',
    });
    expect(received).toHaveLength(0);
  });

  test.each([
    ['https://hooks.slack.com/services/T/B/X', null],
    ['http://hooks.slack.com/services/T/B/X', 'must be an https URL'],
    ['https://127.0.0.1/hook', 'must not point to a private or local address'],
    ['https://10.1.2.3/hook', 'must not point to a private or local address'],
    ['https://169.254.169.254/latest', 'must not point to a private or local address'],
    ['https://[::1]/hook', 'must not point to a private or local address'],
    ['https://[::ffff:192.168.0.1]/hook', 'must not point to a private or local address'],
    ['https://localhost/hook', 'must not point to a private or local address'],
    ['https://user:pw@hooks.slack.com/x', 'must not carry credentials'],
    ['not a url', 'must be an absolute URL'],
  ])('%s -> %s', (url, problem) => {
    expect(webhookUrlProblem(url, false)).toBe(problem);
  });

  test('a name that resolves to a private address is refused at connect time', async () => {
    const refused = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(false)('localhost', {}, (err) => resolve(err)),
    );
    expect(refused?.code).toBe('EPRIVATE');
    const allowed = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      guardedLookup(true)('localhost', {}, (err) => resolve(err)),
    );
    expect(allowed).toBeNull();
  });
});
