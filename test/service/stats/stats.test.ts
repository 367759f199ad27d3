import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { insertKeywordWatchlist } from '../../support/collection-fixtures.js';
import {
  insertEnrollments,
  insertMemberTasks,
  insertSequence,
  insertWatchlistPosts,
} from '../../support/stats-fixtures.js';
import type {
  FunnelFigures,
  MemberStats,
  SequenceStats,
  WatchlistStats,
} from '../../../src/contract/stats.js';

/**
 * The aggregates against hand-counted fixtures. 2026-03-02 is a Monday; Asia/Tokyo is UTC+9, so
 * a post at 23:30 UTC falls on the next day there; New York moves to summer time on 2026-03-08.
 */
let svc: TestService;
let alpha: AgentTeam;
let beta: AgentTeam;
let wl: string;
let wlBeta: string;
let seq: string;
let seqBeta: string;

beforeAll(async () => {
  svc = await startTestService();
  alpha = await createAgentTeam(svc, 'Alpha', [
    { email: 'ada@stats.test', role: 'admin' },
    { email: 'bob@stats.test' },
  ]);
  beta = await createAgentTeam(svc, 'Beta', [{ email: 'eve@stats.test', role: 'admin' }]);
  wl = await insertKeywordWatchlist(svc, alpha.id, ['robots']);
  wlBeta = await insertKeywordWatchlist(svc, beta.id, ['robots']);
  await insertWatchlistPosts(svc, alpha.id, wl, [
    { at: '2026-03-02T10:00:00Z', likes: 10, author: 'Ann' },
    { at: '2026-03-02T23:30:00Z', likes: 5, comments: 1, author: 'Ben', trending: true },
    // Its comment count never given: engagement adds the likes and shares only, and says so.
    { at: '2026-03-04T12:00:00Z', likes: 1, shares: 1, author: 'Ann', unknown: ['comments'] },
    { at: '2026-03-08T23:30:00Z', likes: 2, author: 'Cat' },
    { at: '2026-03-09T01:00:00Z', likes: 100, author: 'Dan' },
    { at: '2026-03-01T23:00:00Z', likes: 3, author: 'Eli' },
  ]);
  // The other team's posts, at the same instants: never in alpha's figures.
  await insertWatchlistPosts(svc, beta.id, wlBeta, [
    { at: '2026-03-02T10:00:00Z', likes: 1000, author: 'Ann' },
    { at: '2026-03-04T12:00:00Z', likes: 1000, author: 'Zed', trending: true },
  ]);

  const ada = alpha.member('ada@stats.test').userId;
  const bob = alpha.member('bob@stats.test').userId;
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
  ]);
  const eve = beta.member('eve@stats.test').userId;
  seqBeta = await insertSequence(svc, beta.id, eve);
  await insertEnrollments(svc, beta.id, seqBeta, [
    { sender: eve, enrolled: '2026-03-02T10:00:00Z', invited: '2026-03-02T11:00:00Z' },
  ]);

  await insertMemberTasks(svc, alpha.id, ada, [
    { type: 'agent_like_post', status: 'completed', finished: '2026-03-02T10:00:00Z' },
    { type: 'agent_like_post', status: 'completed', finished: '2026-03-02T23:30:00Z' },
    { type: 'agent_send_message', status: 'completed', finished: '2026-03-03T12:00:00Z' },
    { type: 'agent_like_post', status: 'failed', finished: '2026-03-03T12:00:00Z' },
    { type: 'agent_connection_request', status: 'completed', finished: { hoursAgo: 2 } },
    { type: 'agent_connection_request', status: 'completed', finished: { hoursAgo: 72 } },
    { type: 'agent_connection_request', status: 'processing', finished: null },
    { type: 'agent_connection_request', status: 'completed', finished: { hoursAgo: 20 * 24 } },
    { type: 'agent_connection_request', status: 'completed', finished: { hoursAgo: 40 * 24 } },
  ]);
  await insertMemberTasks(svc, alpha.id, bob, [
    { type: 'agent_like_post', status: 'completed', finished: '2026-03-02T12:00:00Z' },
  ]);
  await insertMemberTasks(svc, beta.id, eve, [
    { type: 'agent_like_post', status: 'completed', finished: '2026-03-02T12:00:00Z' },
  ]);
  await svc.ctx.db.query(
    `UPDATE teams SET budgets = '{"agent_connection_request": {"per_day": 10}}' WHERE id = $1`,
    [alpha.id],
  );
});
afterAll(() => svc.close());

async function get<T>(team: AgentTeam, path: string): Promise<{ status: number; body: T }> {
  const res = await svc.call('GET', path, { headers: team.keyHeaders });
  return { status: res.status, body: (await res.json()) as T };
}
const counts = (b: WatchlistStats['buckets']) =>
  b.map((x) => [x.start, x.posts, x.engagement, x.trending]);

describe('GET /api-stats/watchlists/{id}', () => {
  test('days in UTC: every day listed, hand-counted figures, top authors', async () => {
    const { status, body } = await get<WatchlistStats>(
      alpha,
      `/api-stats/watchlists/${wl}?from=2026-03-02&to=2026-03-08`,
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ from: '2026-03-02', to: '2026-03-08', bucket: 'day', tz: 'UTC' });
    expect(counts(body.buckets)).toEqual([
      ['2026-03-02', 2, 17, 1],
      ['2026-03-03', 0, 0, 0],
      ['2026-03-04', 1, 4, 0],
      ['2026-03-05', 0, 0, 0],
      ['2026-03-06', 0, 0, 0],
      ['2026-03-07', 0, 0, 0],
      ['2026-03-08', 1, 2, 0],
    ]);
    expect(body.buckets[0]!.trending_share).toBe(0.5);
    expect(body.buckets[1]!.trending_share).toBeNull();
    expect(body.buckets.map((b) => b.unknown_counts)).toEqual([0, 0, 1, 0, 0, 0, 0]);
    expect(body.totals).toMatchObject({
      posts: 4,
      engagement: 23,
      trending: 1,
      trending_share: 0.25,
      unknown_counts: 1,
    });
    expect(body.totals.top_authors.map((a) => [a.author_name, a.posts, a.engagement])).toEqual([
      ['Ann', 2, 14],
      ['Ben', 1, 7],
      ['Cat', 1, 2],
    ]);
  });

  test('Asia/Tokyo: the days end nine hours earlier', async () => {
    const { body } = await get<WatchlistStats>(
      alpha,
      `/api-stats/watchlists/${wl}?from=2026-03-02&to=2026-03-04&tz=Asia/Tokyo`,
    );
    expect(counts(body.buckets)).toEqual([
      ['2026-03-02', 2, 13, 0],
      ['2026-03-03', 1, 7, 1],
      ['2026-03-04', 1, 4, 0],
    ]);
    expect(body.tz).toBe('Asia/Tokyo');
  });

  test('America/New_York across the change to summer time', async () => {
    const { body } = await get<WatchlistStats>(
      alpha,
      `/api-stats/watchlists/${wl}?from=2026-03-07&to=2026-03-08&tz=America/New_York`,
    );
    expect(counts(body.buckets)).toEqual([
      ['2026-03-07', 0, 0, 0],
      ['2026-03-08', 2, 102, 0],
    ]);
  });

  test('weeks start on Monday; only the days of the range count', async () => {
    const { body } = await get<WatchlistStats>(
      alpha,
      `/api-stats/watchlists/${wl}?from=2026-03-04&to=2026-03-10&bucket=week`,
    );
    expect(counts(body.buckets)).toEqual([
      ['2026-03-02', 2, 6, 0],
      ['2026-03-09', 1, 100, 0],
    ]);
  });

  test('an empty range: zero buckets, no authors, no share', async () => {
    const { body } = await get<WatchlistStats>(
      alpha,
      `/api-stats/watchlists/${wl}?from=2025-01-01&to=2025-01-03`,
    );
    expect(counts(body.buckets)).toEqual([
      ['2025-01-01', 0, 0, 0],
      ['2025-01-02', 0, 0, 0],
      ['2025-01-03', 0, 0, 0],
    ]);
    expect(body.totals).toEqual({
      posts: 0,
      engagement: 0,
      trending: 0,
      trending_share: null,
      unknown_counts: 0,
      top_authors: [],
    });
  });

  test('without a range: the last 30 days up to today', async () => {
    const { body } = await get<WatchlistStats>(alpha, `/api-stats/watchlists/${wl}`);
    expect(body.buckets).toHaveLength(30);
    expect(body.to).toBe(new Date().toISOString().slice(0, 10));
  });

  test("another team's watchlist is not found, and its posts are its own", async () => {
    const other = await get<{ error: string }>(beta, `/api-stats/watchlists/${wl}`);
    expect(other).toEqual({ status: 404, body: { error: 'Watchlist not found or access denied' } });
    const own = await get<WatchlistStats>(
      beta,
      `/api-stats/watchlists/${wlBeta}?from=2026-03-02&to=2026-03-08`,
    );
    expect(own.body.totals).toMatchObject({ posts: 2, engagement: 2000, trending: 1 });
  });
});

describe('GET /api-stats/sequences/{id}', () => {
  test('per day and per sender in UTC, with rates', async () => {
    const { status, body } = await get<SequenceStats>(
      alpha,
      `/api-stats/sequences/${seq}?from=2026-03-02&to=2026-03-04`,
    );
    expect(status).toBe(200);
    const f = (x: FunnelFigures) => [x.enrolled, x.invited, x.accepted, x.messaged, x.replied];
    expect(body.buckets.map((b) => [b.start, ...f(b)])).toEqual([
      ['2026-03-02', 3, 2, 0, 0, 0],
      ['2026-03-03', 0, 1, 2, 2, 0],
      ['2026-03-04', 0, 0, 0, 0, 1],
    ]);
    expect(body.buckets[0]!.senders.map((s) => [s.email, ...f(s)])).toEqual([
      ['ada@stats.test', 2, 2, 0, 0, 0],
      ['bob@stats.test', 1, 0, 0, 0, 0],
    ]);
    expect(body.buckets[2]!.senders.map((s) => [s.email, s.reply_rate])).toEqual([
      ['ada@stats.test', null],
    ]);
    expect(f(body.totals)).toEqual([3, 3, 2, 2, 1]);
    expect(body.totals.acceptance_rate).toBe(0.6667);
    expect(body.totals.reply_rate).toBe(0.5);
    expect(
      body.totals.senders.map((s) => [s.email, ...f(s), s.acceptance_rate, s.reply_rate]),
    ).toEqual([
      ['ada@stats.test', 2, 2, 1, 1, 1, 0.5, 1],
      ['bob@stats.test', 1, 1, 1, 1, 0, 1, 0],
    ]);
  });

  test('Asia/Tokyo moves the late steps to the next day (bob’s acceptance, ada’s reply)', async () => {
    const { body } = await get<SequenceStats>(
      alpha,
      `/api-stats/sequences/${seq}?from=2026-03-02&to=2026-03-04&tz=Asia/Tokyo`,
    );
    expect(
      body.buckets.map((b) => [b.start, b.enrolled, b.invited, b.accepted, b.replied]),
    ).toEqual([
      ['2026-03-02', 2, 2, 0, 0],
      ['2026-03-03', 1, 1, 1, 0],
      ['2026-03-04', 0, 0, 1, 0],
    ]);
  });

  test('empty range and weeks', async () => {
    const empty = await get<SequenceStats>(
      alpha,
      `/api-stats/sequences/${seq}?from=2025-06-01&to=2025-06-02`,
    );
    expect(empty.body.buckets.map((b) => [b.start, b.enrolled, b.senders.length])).toEqual([
      ['2025-06-01', 0, 0],
      ['2025-06-02', 0, 0],
    ]);
    expect(empty.body.totals).toMatchObject({ enrolled: 0, acceptance_rate: null, senders: [] });
    const weeks = await get<SequenceStats>(
      alpha,
      `/api-stats/sequences/${seq}?from=2026-03-01&to=2026-03-08&bucket=week`,
    );
    expect(weeks.body.buckets.map((b) => [b.start, b.enrolled, b.replied])).toEqual([
      ['2026-02-23', 0, 0],
      ['2026-03-02', 3, 1],
    ]);
  });

  test("another team's sequence is not found, and its people are its own", async () => {
    expect((await get(beta, `/api-stats/sequences/${seq}`)).status).toBe(404);
    const own = await get<SequenceStats>(
      beta,
      `/api-stats/sequences/${seqBeta}?from=2026-03-02&to=2026-03-04`,
    );
    expect(own.body.totals).toMatchObject({ enrolled: 1, invited: 1 });
  });
});

describe('GET /api-stats/members', () => {
  test('actions per kind per day, and each budget’s windows', async () => {
    const { status, body } = await get<MemberStats>(
      alpha,
      '/api-stats/members?email=ADA@stats.test&from=2026-03-02&to=2026-03-03',
    );
    expect(status).toBe(200);
    expect(body.email).toBe('ada@stats.test');
    // No invitations filed: their figures are zeros (member-invitations.test.ts counts them).
    const invitations = { sent: 0, accepted: 0, acceptance_rate: null, pending: 0 };
    expect(body.buckets).toEqual([
      { start: '2026-03-02', total: 2, actions: { agent_like_post: 2 }, invitations },
      { start: '2026-03-03', total: 1, actions: { agent_send_message: 1 }, invitations },
    ]);
    expect(body.totals.total).toBe(3);
    expect(body.totals.actions).toEqual({ agent_like_post: 2, agent_send_message: 1 });
    const invites = body.totals.budgets.find((b) => b.task_type === 'agent_connection_request')!;
    expect(invites).toMatchObject({
      per_day: 10,
      per_week: 100,
      used_last_day: 2,
      used_last_7_days: 3,
      used_last_30_days: 4,
    });
    const hour = 3_600_000;
    expect(Date.parse(invites.day_frees_at!) - Date.now()).toBeGreaterThan(21 * hour);
    expect(Date.parse(invites.day_frees_at!) - Date.now()).toBeLessThan(23 * hour);
    expect(Date.parse(invites.week_frees_at!) - Date.now()).toBeGreaterThan(95 * hour);
    expect(Date.parse(invites.week_frees_at!) - Date.now()).toBeLessThan(97 * hour);
    const likes = body.totals.budgets.find((b) => b.task_type === 'agent_like_post')!;
    expect(likes).toMatchObject({ per_day: 100, used_last_day: 0, day_frees_at: null });
  });

  test('Asia/Tokyo', async () => {
    const { body } = await get<MemberStats>(
      alpha,
      '/api-stats/members?email=ada@stats.test&from=2026-03-02&to=2026-03-03&tz=Asia/Tokyo',
    );
    expect(body.buckets.map((b) => [b.start, b.actions])).toEqual([
      ['2026-03-02', { agent_like_post: 1 }],
      ['2026-03-03', { agent_like_post: 1, agent_send_message: 1 }],
    ]);
  });

  test("an empty range, and another team's member is not found", async () => {
    const { body } = await get<MemberStats>(
      alpha,
      '/api-stats/members?email=bob@stats.test&from=2026-03-03&to=2026-03-04',
    );
    expect(body.totals.total).toBe(0);
    expect(body.buckets.map((b) => b.total)).toEqual([0, 0]);
    expect(await get(alpha, '/api-stats/members?email=eve@stats.test')).toEqual({
      status: 404,
      body: { error: 'No member with that e-mail in the team' },
    });
  });
});

describe('bad input', () => {
  const path = () => `/api-stats/watchlists/${wl}`;
  test.each([
    ['?tz=Mars/Olympus', "Invalid 'tz': must be an IANA time zone such as Europe/Paris"],
    ['?tz=%2B05:00', "Invalid 'tz': must be an IANA time zone such as Europe/Paris"],
    ['?bucket=month', "Invalid 'bucket': must be 'day' or 'week'"],
    ['?from=2026-02-30', "Invalid 'from': must be a date YYYY-MM-DD"],
    ['?to=yesterday', "Invalid 'to': must be a date YYYY-MM-DD"],
    ['?from=2026-03-05&to=2026-03-04', "Invalid 'to': must not be before 'from'"],
    ['?from=2020-01-01&to=2026-01-01', "Invalid 'from': the range may span at most 731 days"],
    ['?since=2026-01-01', "Unknown parameter: 'since'"],
  ])('%s is a 400 naming the field', async (query, error) => {
    expect(await get(alpha, `${path()}${query}`)).toEqual({ status: 400, body: { error } });
  });

  test('a range at the end of the calendar stops at 9999-12-31', async () => {
    const { status, body } = await get<WatchlistStats>(alpha, `${path()}?from=9999-12-31`);
    expect(status).toBe(200);
    expect(body.buckets.map((b) => b.start)).toEqual(['9999-12-31']);
  });

  test('ids, e-mails and keys', async () => {
    expect((await get(alpha, '/api-stats/watchlists/nope')).status).toBe(400);
    expect((await get(alpha, '/api-stats/sequences/nope')).body).toEqual({
      error: 'Invalid sequence id',
    });
    expect(await get(alpha, '/api-stats/members')).toEqual({
      status: 400,
      body: { error: "Missing or invalid 'email'" },
    });
    const res = await svc.call('GET', path());
    expect(res.status).toBe(401);
  });
});
