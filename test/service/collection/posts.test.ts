import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { getPosts, insertKeywordWatchlist } from '../../support/collection-fixtures.js';

let svc: TestService;
let team: AgentTeam;
let other: AgentTeam;
let wl: string;
let wl2: string;
let otherWl: string;

interface Seed {
  content: string;
  postedAt: string;
  likes?: number;
  comments?: number;
  shares?: number;
  seniority?: string;
  trending?: number;
}

/** Posts written as filing leaves them (posts + watchlist_posts), with exact dates and scores. */
async function seed(teamId: string, watchlistIds: string[], s: Seed): Promise<string> {
  const id = crypto.randomUUID();
  const urn = `urn:li:activity:${Math.floor(Math.random() * 1e15)}`;
  const [row] = await svc.ctx.db.query<{ engagement: number }>(
    `INSERT INTO posts (id, team_id, activity_urn, post_url, content, author_name, author_url, author_seniority, posted_at,
                        likes_count, comments_count, shares_count, trending_score)
     VALUES ($1, $2, $3, $4, $5, 'Author', 'https://www.linkedin.com/in/author/', $6, $7, $8, $9, $10, $11)
     RETURNING engagement`,
    [
      id,
      teamId,
      urn,
      `https://www.linkedin.com/feed/update/${urn}/`,
      s.content,
      s.seniority ?? 'unknown',
      s.postedAt,
      s.likes ?? 0,
      s.comments ?? 0,
      s.shares ?? 0,
      s.trending ?? 0,
    ],
  );
  for (const w of watchlistIds) {
    await svc.ctx.db.query(
      `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at, engagement, author_seniority, trending_score, trending)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        w,
        id,
        teamId,
        s.postedAt,
        row!.engagement,
        s.seniority ?? 'unknown',
        s.trending ?? 0,
        (s.trending ?? 0) >= 2,
      ],
    );
  }
  return id;
}

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Readers', [{ email: 'ada@posts.test', role: 'admin' }]);
  other = await createAgentTeam(svc, 'Strangers', [{ email: 'eve@posts.test', role: 'admin' }]);
  wl = await insertKeywordWatchlist(svc, team.id, ['main']);
  wl2 = await insertKeywordWatchlist(svc, team.id, ['second']);
  otherWl = await insertKeywordWatchlist(svc, other.id, ['theirs']);
  // 25 posts in wl, one a day from 2026-01-01 to 2026-01-25 at 12:00 UTC; p1 has the least engagement.
  for (let d = 1; d <= 25; d++) {
    await seed(team.id, [wl], {
      content: `p${d}`,
      postedAt: `2026-01-${String(d).padStart(2, '0')}T12:00:00Z`,
      likes: d,
      comments: d % 5 === 0 ? 10 : 0,
      seniority: d % 3 === 0 ? 'cxo' : d % 3 === 1 ? 'manager' : 'unknown',
      trending: d === 7 || d === 20 ? 3.5 : 0.5,
    });
  }
  // At the very last second of Jan 31 (end_date inclusive must keep it) and in both watchlists.
  await seed(team.id, [wl, wl2], { content: 'late', postedAt: '2026-01-31T23:59:59Z', likes: 1 });
  await seed(team.id, [wl2], { content: 'feb', postedAt: '2026-02-01T00:00:00Z', likes: 1 });
  await seed(other.id, [otherWl], {
    content: 'not yours',
    postedAt: '2026-01-10T12:00:00Z',
    likes: 500,
  });
});
afterAll(() => svc.close());

const contents = (b: { data: Record<string, unknown>[] }) => b.data.map((p) => p.content);

describe('GET /api-posts', () => {
  test('recent first, 20 a page, count is the total; fields of the spec plus seniority and trending score', async () => {
    const { status, body } = await getPosts(svc, team.apiKey, { watchlist_id: wl });
    expect(status).toBe(200);
    expect(body.count).toBe(26);
    expect(body.data).toHaveLength(20);
    expect(contents(body).slice(0, 3)).toEqual(['late', 'p25', 'p24']);
    expect(Object.keys(body.data[0]!).sort()).toEqual(
      [
        'author_name',
        'author_url',
        'comments_count',
        'commented',
        'content',
        'counts_known',
        'id',
        'liked',
        'likes_count',
        'linkedin_post_url',
        'posted_at',
        'seniority_level',
        'shares_count',
        'trending_score',
      ].sort(),
    );
    expect(body.data[1]).toMatchObject({
      posted_at: '2026-01-25T12:00:00.000Z',
      likes_count: 25,
      comments_count: 10,
      liked: false,
    });
  });

  test('page 2 holds the rest; a page past the end is empty with the same count', async () => {
    const page2 = await getPosts(svc, team.apiKey, { watchlist_id: wl, page: '2' });
    expect(contents(page2.body)).toEqual(['p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect(page2.body.count).toBe(26);
    const page9 = await getPosts(svc, team.apiKey, { watchlist_id: wl, page: '9' });
    expect(page9.body).toEqual({ data: [], count: 26 });
  });

  test('range_from..range_to is 0-indexed and inclusive', async () => {
    const { body } = await getPosts(svc, team.apiKey, {
      watchlist_id: wl,
      range_from: '1',
      range_to: '3',
    });
    expect(contents(body)).toEqual(['p25', 'p24', 'p23']);
    const from = await getPosts(svc, team.apiKey, { watchlist_id: wl, range_from: '24' });
    expect(contents(from.body)).toEqual(['p2', 'p1']);
    const to = await getPosts(svc, team.apiKey, { watchlist_id: wl, range_to: '0' });
    expect(contents(to.body)).toEqual(['late']);
  });

  test('start_date and end_date are inclusive whole days (UTC)', async () => {
    const { body } = await getPosts(svc, team.apiKey, {
      watchlist_id: wl,
      start_date: '2026-01-10',
      end_date: '2026-01-12',
    });
    expect(contents(body)).toEqual(['p12', 'p11', 'p10']);
    expect(body.count).toBe(3);
    const lastDay = await getPosts(svc, team.apiKey, { watchlist_id: wl2, end_date: '2026-01-31' });
    expect(contents(lastDay.body)).toEqual(['late']);
    const sameDay = await getPosts(svc, team.apiKey, {
      watchlist_id: wl2,
      start_date: '2026-02-01',
      end_date: '2026-02-01',
    });
    expect(contents(sameDay.body)).toEqual(['feb']);
  });

  test('seniority_level: one value or a comma-separated list', async () => {
    const one = await getPosts(svc, team.apiKey, { watchlist_id: wl, seniority_level: 'cxo' });
    expect(one.body.count).toBe(8);
    expect(one.body.data.every((p) => p.seniority_level === 'cxo')).toBe(true);
    const two = await getPosts(svc, team.apiKey, {
      watchlist_id: wl,
      seniority_level: 'cxo, Manager',
      range_from: '0',
      range_to: '99',
    });
    expect(two.body.count).toBe(17);
    expect(new Set(two.body.data.map((p) => p.seniority_level))).toEqual(
      new Set(['cxo', 'manager']),
    );
  });

  test('sort_by popular_first and its alias engagement order by likes + 2*comments + 3*shares', async () => {
    for (const sort of ['popular_first', 'engagement']) {
      const { body } = await getPosts(svc, team.apiKey, {
        watchlist_id: wl,
        sort_by: sort,
        range_from: '0',
        range_to: '2',
      });
      // p25: 25 + 2*10 = 45, p20: 20 + 20 = 40, p15: 15 + 20 = 35 (p24: 24).
      expect(contents(body)).toEqual(['p25', 'p20', 'p15']);
    }
    const recent = await getPosts(svc, team.apiKey, {
      watchlist_id: wl,
      sort_by: 'recent',
      range_from: '0',
      range_to: '0',
    });
    expect(contents(recent.body)).toEqual(['late']);
  });

  test('trending=true keeps trending posts; false does not filter', async () => {
    const t = await getPosts(svc, team.apiKey, { watchlist_id: wl, trending: 'true' });
    expect(contents(t.body)).toEqual(['p20', 'p7']);
    expect(t.body.count).toBe(2);
    expect(t.body.data[0]!.trending_score).toBe(3.5);
    const f = await getPosts(svc, team.apiKey, { watchlist_id: wl, trending: 'false' });
    expect(f.body.count).toBe(26);
  });

  test('filters combine', async () => {
    const { body } = await getPosts(svc, team.apiKey, {
      watchlist_id: wl,
      start_date: '2026-01-01',
      end_date: '2026-01-15',
      seniority_level: 'cxo',
      sort_by: 'popular_first',
    });
    expect(contents(body)).toEqual(['p15', 'p12', 'p9', 'p6', 'p3']);
  });

  test('without watchlist_id: every post of the team once, never another team’s', async () => {
    const { body } = await getPosts(svc, team.apiKey, { range_from: '0', range_to: '99' });
    expect(body.count).toBe(27);
    expect(contents(body).slice(0, 2)).toEqual(['feb', 'late']);
    expect(contents(body)).not.toContain('not yours');
    const trending = await getPosts(svc, team.apiKey, { trending: 'true' });
    expect(contents(trending.body)).toEqual(['p20', 'p7']);
    const popular = await getPosts(svc, team.apiKey, {
      sort_by: 'engagement',
      range_to: '1',
      seniority_level: 'manager',
    });
    // Managers: p25 (25 + 20 = 45), then p10 (10 + 20 = 30) before p22 (22).
    expect(contents(popular.body)).toEqual(['p25', 'p10']);
  });

  test('another team’s watchlist, an unknown id or a malformed id: 404', async () => {
    for (const id of [otherWl, crypto.randomUUID(), 'not-a-uuid']) {
      const { status, body } = await getPosts(svc, team.apiKey, { watchlist_id: id });
      expect(status).toBe(404);
      expect(body).toEqual({ error: 'Watchlist not found or access denied' });
    }
  });

  test('API key: 401 Missing API Key / Invalid API Key', async () => {
    const missing = await svc.call('GET', '/api-posts');
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Missing API Key' });
    const invalid = await svc.call('GET', '/api-posts', {
      headers: { 'x-api-key': 'nak_wrongwrongwrongwrongwrongwrong' },
    });
    expect(invalid.status).toBe(401);
    expect(await invalid.json()).toEqual({ error: 'Invalid API Key' });
  });

  test.each([
    [{ page: '0' }, "Invalid 'page': must be a whole number from 1 to 5000"],
    [{ page: 'two' }, "Invalid 'page': must be a whole number from 1 to 5000"],
    [{ page: '-1' }, "Invalid 'page': must be a whole number from 1 to 5000"],
    [
      { range_from: '5', range_to: '2' },
      "Invalid range: 'range_to' must not be less than 'range_from'",
    ],
    [{ range_from: '0', range_to: '100' }, 'Invalid range: at most 100 posts per request'],
    [{ range_to: '100' }, 'Invalid range: at most 100 posts per request'],
    [{ range_from: '1.5' }, "Invalid 'range_from': must be a whole number from 0 to 100000"],
    [{ page: '1', range_from: '0' }, "Use either 'page' or 'range_from'/'range_to', not both"],
    [{ start_date: '2026-13-01' }, "Invalid 'start_date': must be a date YYYY-MM-DD"],
    [{ end_date: '2026-02-30' }, "Invalid 'end_date': must be a date YYYY-MM-DD"],
    [{ end_date: 'yesterday' }, "Invalid 'end_date': must be a date YYYY-MM-DD"],
    [
      { start_date: '2026-02-02', end_date: '2026-02-01' },
      "Invalid dates: 'start_date' must not be after 'end_date'",
    ],
    [
      { seniority_level: 'boss' },
      "Invalid 'seniority_level': allowed values are owner, cxo, vp, director, manager, senior, entry, intern, unknown",
    ],
    [
      { seniority_level: ',' },
      "Invalid 'seniority_level': allowed values are owner, cxo, vp, director, manager, senior, entry, intern, unknown",
    ],
    [
      { sort_by: 'oldest' },
      "Invalid 'sort_by': allowed values are recent, popular_first, engagement",
    ],
    [{ trending: 'yes' }, "Invalid 'trending': must be true or false"],
    [{ watchlist_id: '' }, "Invalid 'watchlist_id': must not be empty"],
    [{ limit: '5' }, "Unknown query parameter: 'limit'"],
  ])('bad value %j -> 400 %s', async (query, error) => {
    const { status, body } = await getPosts(svc, team.apiKey, query as Record<string, string>);
    expect(status).toBe(400);
    expect(body).toEqual({ error });
  });
});
