import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { insertKeywordWatchlist } from '../../support/collection-fixtures.js';
import {
  insertEnrollments,
  insertSequence,
  insertWatchlistPosts,
} from '../../support/stats-fixtures.js';
import { readOutbox } from '../../support/outbox-mail.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { sendWeeklySummaries } from '../../../src/service/summary/weekly-summary-job.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import type { WeeklySummary } from '../../../src/contract/weekly-summary.js';

/**
 * The weekly summary against hand-counted fixtures. "Now" is Wednesday 2026-03-11 09:00 UTC, so
 * the week summarized is Monday 2026-03-02 to Sunday 2026-03-08 (UTC), and the week before starts
 * on 2026-02-23.
 */
const NOW = new Date('2026-03-11T09:00:00Z');
const NEXT_WEEK = new Date('2026-03-18T09:00:00Z');
const SCRIPT = '<script>alert("x")</script> Robots take over';

let svc: TestService;
/** A second instance on the same PostgreSQL schema; on PGlite, the same service run twice at once. */
let twin: TestService;
let alpha: AgentTeam;
let beta: AgentTeam;
let wl: string;
let seq: string;
let receiver: LocalHttpServer;
let secret: string;

const allMail = async () => [
  ...(await readOutbox(svc.outboxDir)),
  ...(twin === svc ? [] : await readOutbox(twin.outboxDir)),
];
const deliveries = async () =>
  svc.ctx.db.query<{ team_id: string; event: string }>(
    'SELECT team_id, event FROM webhook_deliveries',
  );

beforeAll(async () => {
  receiver = await startLocalHttpServer((_req, res) => res.writeHead(204).end());
  svc = await startTestService({ ALLOW_PRIVATE_FETCH: '1' });
  twin = svc.schema
    ? await startTestService({ ALLOW_PRIVATE_FETCH: '1' }, { sharedSchema: svc.schema })
    : svc;
  alpha = await createAgentTeam(svc, 'Alpha & <Co>', [
    { email: 'ada@summary.test', role: 'admin' },
    { email: 'bob@summary.test' },
    { email: 'cy@summary.test' },
  ]);
  beta = await createAgentTeam(svc, 'Beta', [{ email: 'eve@summary.test', role: 'admin' }]);
  // Invited, never joined: no mail.
  await svc.ctx.db.query(
    `INSERT INTO memberships (team_id, email, role) VALUES ($1, 'ivy@summary.test', 'member')`,
    [alpha.id],
  );

  wl = await insertKeywordWatchlist(svc, alpha.id, ['robots'], { name: 'Robots <b>' });
  await insertWatchlistPosts(svc, alpha.id, wl, [
    // The week before: 2 posts, engagement 3 + 4 = 7.
    { at: '2026-02-24T10:00:00Z', likes: 4, author: 'Old' },
    { at: '2026-03-01T23:00:00Z', likes: 3, author: 'Eli' },
    // The week: 4 posts, engagement 10 + 7 + 4 + 2 = 23.
    { at: '2026-03-02T10:00:00Z', likes: 10, author: 'Ann', content: 'Ten likes' },
    // Its share count never given: not added, and said to be unknown.
    {
      at: '2026-03-02T23:30:00Z',
      likes: 5,
      comments: 1,
      author: 'Ben',
      content: SCRIPT,
      unknown: ['shares'],
    },
    { at: '2026-03-04T12:00:00Z', likes: 1, shares: 1, author: 'Ann', content: 'Four' },
    { at: '2026-03-08T23:30:00Z', likes: 2, author: 'Cat', content: 'Two' },
    // The week after: not counted.
    { at: '2026-03-09T01:00:00Z', likes: 100, author: 'Dan' },
  ]);
  const wlBeta = await insertKeywordWatchlist(svc, beta.id, ['robots']);
  await insertWatchlistPosts(svc, beta.id, wlBeta, [
    { at: '2026-03-02T10:00:00Z', likes: 1000, author: 'Ann', content: 'Beta only' },
    { at: '2026-03-04T12:00:00Z', likes: 1000, author: 'Zed' },
  ]);

  const ada = alpha.member('ada@summary.test').userId;
  const bob = alpha.member('bob@summary.test').userId;
  seq = await insertSequence(svc, alpha.id, ada);
  await insertEnrollments(svc, alpha.id, seq, [
    {
      sender: ada,
      enrolled: '2026-03-02T10:00:00Z',
      invited: '2026-03-02T11:00:00Z',
      accepted: '2026-03-03T09:00:00Z',
      messaged: '2026-03-03T10:00:00Z',
      replied: '2026-03-04T23:30:00Z',
    },
    { sender: ada, enrolled: '2026-03-02T10:00:00Z', invited: '2026-03-02T12:00:00Z' },
    {
      sender: bob,
      enrolled: '2026-03-02T23:30:00Z',
      invited: '2026-03-03T08:00:00Z',
      accepted: '2026-03-03T20:00:00Z',
      messaged: '2026-03-03T21:00:00Z',
    },
    // Enrolled the week before, invited the week after: in neither of the week's figures.
    { sender: bob, enrolled: '2026-02-25T10:00:00Z', invited: '2026-03-09T10:00:00Z' },
  ]);
  const eve = beta.member('eve@summary.test').userId;
  const seqBeta = await insertSequence(svc, beta.id, eve);
  await insertEnrollments(svc, beta.id, seqBeta, [
    { sender: eve, enrolled: '2026-03-02T10:00:00Z', invited: '2026-03-02T11:00:00Z' },
  ]);

  for (const team of [alpha, beta]) {
    const res = await svc.call('POST', '/api-webhooks', {
      headers: team.members[0]!.agentHeaders,
      body: { url: `${receiver.url}/hook`, events: ['summary.weekly'] },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    if (team === alpha) secret = ((await res.json()) as { secret: string }).secret;
  }
});

afterAll(async () => {
  if (twin !== svc) await twin.close();
  await svc.close();
  await receiver.close();
});

describe('the weekly summary', () => {
  test('is off by default: a run sends no mail and no event', async () => {
    const team = await svc.call('GET', '/api-team', { headers: alpha.members[0]!.agentHeaders });
    const view = (await team.json()) as {
      team: { weekly_summary: boolean };
      members: { email: string; weekly_summary_mail: boolean }[];
    };
    expect(view.team.weekly_summary).toBe(false);
    expect(view.members.find((m) => m.email === 'bob@summary.test')?.weekly_summary_mail).toBe(
      true,
    );
    expect(await sendWeeklySummaries(svc.ctx, NOW)).toEqual({ teams: 0, mails: 0 });
    expect(await allMail()).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });

  test('only an admin turns it on; a member turns the mail off for themselves only', async () => {
    const [ada, bob, cy] = alpha.members as [
      (typeof alpha.members)[0],
      (typeof alpha.members)[0],
      (typeof alpha.members)[0],
    ];
    let res = await svc.call('PATCH', '/api-team', {
      headers: bob.agentHeaders,
      body: { weekly_summary: true },
    });
    expect(res.status).toBe(403);
    res = await svc.call('PATCH', '/api-team', {
      headers: ada.agentHeaders,
      body: { weekly_summary: 'yes' },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid 'weekly_summary': must be true or false" });
    res = await svc.call('PATCH', '/api-team', {
      headers: ada.agentHeaders,
      body: { weekly_summary: true },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { team: { weekly_summary: boolean } }).team.weekly_summary).toBe(
      true,
    );

    res = await svc.call('PUT', '/api-team-members/weekly-summary-mail', {
      headers: bob.agentHeaders,
      body: { email: cy.email, weekly_summary_mail: false },
    });
    expect(res.status).toBe(403);
    res = await svc.call('PUT', '/api-team-members/weekly-summary-mail', {
      headers: cy.agentHeaders,
      body: { email: cy.email, weekly_summary_mail: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { weekly_summary_mail: boolean }).weekly_summary_mail).toBe(
      false,
    );
    res = await svc.call('PUT', '/api-team-members/weekly-summary-mail', {
      headers: ada.agentHeaders,
      body: { email: 'nobody@summary.test', weekly_summary_mail: false },
    });
    expect(res.status).toBe(404);
  });

  test('runs at once on two instances, then again: one mail per opted-in member, one event', async () => {
    const runs = await Promise.all([
      sendWeeklySummaries(svc.ctx, NOW),
      sendWeeklySummaries(twin.ctx, NOW),
    ]);
    runs.push(await sendWeeklySummaries(twin.ctx, NOW));
    expect(runs.reduce((n, r) => n + r.teams, 0)).toBe(1);
    const mails = await allMail();
    expect(mails.map((m) => m.to).sort()).toEqual(['ada@summary.test', 'bob@summary.test']);
    expect(await deliveries()).toEqual([{ team_id: alpha.id, event: 'summary.weekly' }]);
  });

  test('the event carries the hand-counted week, signed; nothing of the other team', async () => {
    const run = await deliverDueWebhooks(svc.ctx);
    expect(run.delivered).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const req = receiver.requests[0]!;
    expect(verifyWebhook(req, secret)).toBe(true);
    expect(req.headers['x-webhook-event']).toBe('summary.weekly');
    const body = JSON.parse(req.body) as { type: string; data: WeeklySummary };
    expect(body.type).toBe('summary.weekly');
    const data = body.data;
    expect(data.team).toEqual({ id: alpha.id, name: 'Alpha & <Co>' });
    expect(data.week).toEqual({ from: '2026-03-02', to: '2026-03-08', tz: 'UTC' });
    expect(data.watchlists).toHaveLength(1);
    const w = data.watchlists[0]!;
    expect({ ...w, top_posts: undefined }).toEqual({
      id: wl,
      name: 'Robots <b>',
      type: 'keyword',
      posts: 4,
      previous_posts: 2,
      posts_change: 2,
      posts_change_rate: 1,
      engagement: 23,
      previous_engagement: 7,
      unknown_counts: 1,
      previous_unknown_counts: 0,
      top_posts: undefined,
    });
    expect(
      w.top_posts.map((p) => [p.author_name, p.content, p.likes_count, p.shares_count]),
    ).toEqual([
      ['Ann', 'Ten likes', 10, 0],
      ['Ben', SCRIPT, 5, null],
      ['Ann', 'Four', 1, 1],
    ]);
    expect(data.sequences).toEqual([
      {
        id: seq,
        name: expect.any(String),
        enrolled: 3,
        invited: 3,
        accepted: 2,
        messaged: 2,
        replied: 1,
        acceptance_rate: 0.6667,
        reply_rate: 0.5,
      },
    ]);
    expect(req.body).not.toContain('Beta only');
  });

  test('the mail says the same in text and in escaped HTML', async () => {
    const [mail] = (await allMail()).filter((m) => m.to === 'ada@summary.test');
    expect(mail!.subject).toContain('2026-03-02');
    expect(mail!.text).toContain(
      'Robots <b>: 4 posts (+2 (+100%) on the week before), engagement 23; 1 post with counts unknown, not added (was 7)',
    );
    expect(mail!.text).toContain('(5 likes, 1 comments, shares unknown)');
    expect(mail!.text).toContain('(10 likes, 0 comments, 0 shares)');
    expect(mail!.text).toContain(SCRIPT);
    expect(mail!.text).toMatch(
      /3 enrolled, 3 invited, 2 accepted \(67%\), 2 messaged, 1 replied \(50%\)/,
    );
    expect(mail!.html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Robots take over',
    );
    expect(mail!.html).toContain('Robots &lt;b&gt;');
    expect(mail!.html).toContain('Alpha &amp; &lt;Co&gt;');
    expect(mail!.html).not.toContain('<script');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.html).not.toContain('Beta only');
  });

  test('the next week is sent once more', async () => {
    expect(await sendWeeklySummaries(svc.ctx, NEXT_WEEK)).toEqual({ teams: 1, mails: 2 });
    expect(await sendWeeklySummaries(svc.ctx, NEXT_WEEK)).toEqual({ teams: 0, mails: 0 });
    expect(await deliveries()).toHaveLength(2);
  });
});
