import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  getPosts,
  insertKeywordWatchlist,
  insertListWatchlist,
  networkPost,
  runAllTasks,
  type ClaimedTask,
  setNextDue,
} from '../../support/collection-fixtures.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';
import { classifySeniority } from '../../../src/service/collection/seniority.js';
import { matchesKeywordRule } from '../../../src/service/collection/keyword-filter.js';
import type { NetworkPost } from '../../../src/contract/task-outputs.js';

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Collectors', [{ email: 'ada@collect.test', role: 'admin' }]);
  ada = team.member('ada@collect.test');
});
afterAll(() => svc.close());

/** One cycle: plan due watchlists, then the agent answers every task with `posts`. */
async function cycle(posts: (task: ClaimedTask) => NetworkPost[]) {
  await schedulerTick(svc.ctx);
  return runAllTasks(svc, ada, (task) => ({ posts: posts(task) }));
}
const dueNow = (id: string) => setNextDue(svc.ctx.db, '-1 minute', id);

describe('filing collection outputs', () => {
  test('posts become the watchlist posts, one row per activity URN, counts refreshed when seen again', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['robots']);
    const a = networkPost({
      content: 'Robots are here',
      likes_count: 3,
      comments_count: 1,
      headline: 'CTO at Acme',
    });
    const b = networkPost({ content: 'More robots', hoursAgo: 10 });
    // The same post twice in one output is filed once.
    const done = await cycle(() => [a, b, a]);
    expect(done).toHaveLength(1);
    let { body } = await getPosts(svc, team.apiKey, { watchlist_id: id });
    expect(body.count).toBe(2);
    expect(body.data[0]).toMatchObject({
      content: 'Robots are here',
      author_name: 'Ada Lovelace',
      author_url: 'https://www.linkedin.com/in/ada-lovelace/',
      linkedin_post_url: a.linkedin_post_url,
      posted_at: new Date(a.posted_at).toISOString(),
      likes_count: 3,
      comments_count: 1,
      liked: false,
      commented: false,
      seniority_level: 'cxo',
    });

    await dueNow(id);
    await cycle(() => [{ ...a, likes_count: 40, comments_count: 7, shares_count: 2 }]);
    ({ body } = await getPosts(svc, team.apiKey, { watchlist_id: id }));
    expect(body.count).toBe(2);
    expect(body.data.find((p) => p.linkedin_post_url === a.linkedin_post_url)).toMatchObject({
      likes_count: 40,
      comments_count: 7,
    });
    const rows = await svc.ctx.db.query(
      'SELECT 1 FROM posts WHERE team_id = $1 AND activity_urn = $2',
      [team.id, a.social_urn],
    );
    expect(rows).toHaveLength(1);
  });

  test('one odd post never drops its neighbours: counts past the column are capped, a date outside 1970-2100 is skipped and said, text the database cannot store is cleaned', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['odd batch']);
    const good = networkPost({ content: 'good post' });
    const huge = networkPost({
      content: 'viral post',
      likes_count: 2 ** 31,
      comments_count: 2 ** 40,
      shares_count: 5,
    });
    const ancient = networkPost({ content: 'year zero', posted_at: '0000-01-01T00:00:00.000Z' });
    const cut = networkPost({
      content: 'cut mid emoji \ud83d and a NUL \u0000 here',
      post_author: { ...good.post_author, full_name: 'Ada\u0000' },
    });
    const [task] = await cycle(() => [good, huge, ancient, cut]);
    const { body } = await getPosts(svc, team.apiKey, { watchlist_id: id });
    expect(body.data.map((p) => p.content).sort()).toEqual([
      'cut mid emoji \ufffd and a NUL  here',
      'good post',
      'viral post',
    ]);
    expect(body.data.find((p) => p.content === 'viral post')).toMatchObject({
      likes_count: 100_000_000,
      comments_count: 100_000_000,
    });
    expect(body.data.find((p) => String(p.content).startsWith('cut'))).toMatchObject({
      author_name: 'Ada',
    });
    const status = await svc.call(
      'GET',
      `/network-agent/get-task-status?api_agent_task_id=${task!.id}`,
      { headers: team.keyHeaders },
    );
    const data = (
      (await status.json()) as {
        data: { status: string; task_output: { filing: Record<string, unknown> } };
      }
    ).data;
    expect(data.status).toBe('completed');
    expect(data.task_output.filing).toEqual({
      filed: 3,
      added: 3,
      filtered_out: 0,
      skipped: [
        {
          social_urn: ancient.social_urn,
          reason: 'posted_at 0000-01-01T00:00:00.000Z is outside 1970-2100',
        },
      ],
    });
  });

  test('one post collected by two watchlists is one team post in both', async () => {
    const one = await insertKeywordWatchlist(svc, team.id, ['shared one']);
    const two = await insertKeywordWatchlist(svc, team.id, ['shared two']);
    const p = networkPost({ content: 'shared news' });
    await cycle(() => [p]);
    const first = await getPosts(svc, team.apiKey, { watchlist_id: one });
    const second = await getPosts(svc, team.apiKey, { watchlist_id: two });
    expect(first.body.data.map((x) => x.id)).toEqual(second.body.data.map((x) => x.id));
    const all = await getPosts(svc, team.apiKey, { range_from: '0', range_to: '99' });
    expect(all.body.data.filter((x) => x.linkedin_post_url === p.linkedin_post_url)).toHaveLength(
      1,
    );
  });

  test('required keywords (AND) and excluded keywords (NOT) apply case-insensitively, from the watchlist_keywords row', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, [
      { keyword: 'energy', required: ['Solar', 'grid'], excluded: ['CRYPTO'] },
    ]);
    await schedulerTick(svc.ctx);
    // The rule changes after the task was queued: the service files by the row as it is now.
    await svc.ctx.db.query(
      `UPDATE watchlist_keywords SET required_keywords = '["Solar","grid","storage"]' WHERE watchlist_id = $1`,
      [id],
    );
    await runAllTasks(svc, ada, () => ({
      posts: [
        networkPost({ content: 'SOLAR on the GRID with storage' }),
        networkPost({ content: 'solar and grid, no batteries' }),
        networkPost({ content: 'Solar grid storage for crypto mining' }),
        networkPost({ content: 'wind only' }),
      ],
    }));
    const { body } = await getPosts(svc, team.apiKey, { watchlist_id: id });
    expect(body.data.map((p) => p.content)).toEqual(['SOLAR on the GRID with storage']);
  });

  test('people and company outputs are filed to their watchlists; a plain fetch-profiles-posts task is not', async () => {
    const people = await insertListWatchlist(svc, team.id, 'people', [
      { identifier: 'ACoAAxyz123', kind: 'profile_id' },
    ]);
    const company = await insertListWatchlist(svc, team.id, 'company', [
      { identifier: 'acme', kind: 'company_slug' },
    ]);
    const personPost = networkPost({ content: 'from a person' });
    const companyPost = networkPost({
      content: 'from a company',
      post_author: {
        author_slug: 'acme',
        author_type: 'company',
        full_name: 'Acme',
        headline: '',
        image_url: null,
      },
    });
    await cycle((task) => (task.type === 'agent_company_tracking' ? [companyPost] : [personPost]));
    expect(
      (await getPosts(svc, team.apiKey, { watchlist_id: people })).body.data.map((p) => p.content),
    ).toEqual(['from a person']);
    const c = (await getPosts(svc, team.apiKey, { watchlist_id: company })).body.data;
    expect(c.map((p) => [p.content, p.author_url])).toEqual([
      ['from a company', 'https://www.linkedin.com/company/acme/'],
    ]);

    const direct = await svc.call('POST', '/network-agent/fetch-profiles-posts', {
      headers: team.keyHeaders,
      body: { profile_urns: ['urn:li:fsd_profile:ACoAAdirect1'] },
    });
    expect(direct.status).toBe(200);
    const stray = networkPost({ content: 'not for any watchlist' });
    await runAllTasks(svc, ada, () => ({ posts: [stray] }));
    expect(
      await svc.ctx.db.query('SELECT 1 FROM posts WHERE activity_urn = $1', [stray.social_urn]),
    ).toHaveLength(0);
  });

  test('a filed post is the team’s only: another team collecting it gets its own row', async () => {
    const other = await createAgentTeam(svc, 'Others', [
      { email: 'bob@collect.test', role: 'admin' },
    ]);
    const mine = await insertKeywordWatchlist(svc, team.id, ['overlap']);
    const theirs = await insertKeywordWatchlist(svc, other.id, ['overlap']);
    const p = networkPost({ content: 'overlap post' });
    await schedulerTick(svc.ctx);
    await runAllTasks(svc, ada, () => ({ posts: [p] }));
    await runAllTasks(svc, other.member('bob@collect.test'), () => ({
      posts: [{ ...p, likes_count: 99 }],
    }));
    const rows = await svc.ctx.db.query<{ team_id: string; likes_count: number }>(
      'SELECT team_id, likes_count FROM posts WHERE activity_urn = $1 ORDER BY likes_count',
      [p.social_urn],
    );
    expect(rows.map((r) => [r.team_id, r.likes_count])).toEqual([
      [team.id, 1],
      [other.id, 99],
    ]);
    expect((await getPosts(svc, team.apiKey, { watchlist_id: mine })).body.data[0]).toMatchObject({
      likes_count: 1,
    });
    expect(
      (await getPosts(svc, other.apiKey, { watchlist_id: theirs })).body.data[0],
    ).toMatchObject({ likes_count: 99 });
  });
});

describe('trending', () => {
  test('a post with twice the watchlist median engagement per hour is trending; the norm posts are not', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['trend']);
    // Ten ordinary posts at 10 hours old with 20 engagement points: 2 per hour each.
    const ordinary = Array.from({ length: 10 }, () =>
      networkPost({ content: 'ordinary', likes_count: 20, hoursAgo: 10 }),
    );
    // 4 hours old, 60 likes + 2*10 comments = 80 points: 20 per hour, ten times the median.
    const hot = networkPost({ content: 'hot', likes_count: 60, comments_count: 10, hoursAgo: 4 });
    // 2 hours old, 5 points: 2.5 per hour, 1.25 times the median.
    const warm = networkPost({ content: 'warm', likes_count: 5, hoursAgo: 2 });
    await cycle(() => [...ordinary, hot, warm]);
    const { body } = await getPosts(svc, team.apiKey, {
      watchlist_id: id,
      range_from: '0',
      range_to: '20',
    });
    const score = (content: string) =>
      body.data.find((p) => p.content === content)!.trending_score as number;
    expect(score('hot')).toBeGreaterThan(9);
    expect(score('hot')).toBeLessThan(11);
    expect(score('ordinary')).toBeCloseTo(1, 1);
    expect(score('warm')).toBeCloseTo(1.25, 1);
    const trending = await getPosts(svc, team.apiKey, { watchlist_id: id, trending: 'true' });
    expect(trending.body.data.map((p) => p.content)).toEqual(['hot']);
    expect(trending.body.count).toBe(1);
  });

  test('a quiet watchlist (median 0) does not call every like trending', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['quiet']);
    const silent = Array.from({ length: 5 }, () =>
      networkPost({ content: 'silent', likes_count: 0, hoursAgo: 5 }),
    );
    const oneLike = networkPost({ content: 'one like', likes_count: 1, hoursAgo: 20 });
    await cycle(() => [...silent, oneLike]);
    const trending = await getPosts(svc, team.apiKey, { watchlist_id: id, trending: 'true' });
    expect(trending.body.count).toBe(0);
  });
});

describe('unknown counts', () => {
  test('a count the network did not give stays unknown end to end, never overwrites a known one, and is not scored', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['hollow']);
    const unknown = { likes_count: null, comments_count: null, shares_count: null };
    // The norm: ten posts at 2 points an hour; the post under test is read hollow first.
    const ordinary = Array.from({ length: 10 }, () =>
      networkPost({ content: 'hollow ordinary', likes_count: 20, hoursAgo: 10 }),
    );
    const post = networkPost({ content: 'hollow post', hoursAgo: 4, ...unknown });
    const watched = async () => {
      const { body } = await getPosts(svc, team.apiKey, {
        watchlist_id: id,
        range_from: '0',
        range_to: '20',
      });
      return body.data.find((p) => p.content === 'hollow post')!;
    };
    const stored = async () => {
      const [row] = await svc.ctx.db.query<Record<string, unknown>>(
        `SELECT likes_count, comments_count, shares_count, likes_known, comments_known, shares_known
           FROM posts WHERE team_id = $1 AND activity_urn = $2`,
        [team.id, post.social_urn],
      );
      return row;
    };
    const reread = async (counts: Partial<typeof unknown> | Record<string, number | null>) => {
      await dueNow(id);
      await cycle(() => [{ ...post, ...counts }]);
    };

    await cycle(() => [...ordinary, post]);
    // Null in the task's output as the agent completed it.
    const [task] = await svc.ctx.db.query<{ output: { posts: Array<Record<string, unknown>> } }>(
      `SELECT output FROM tasks WHERE watchlist_id = $1 AND status = 'completed'`,
      [id],
    );
    expect(task!.output.posts.find((p) => p.content === 'hollow post')).toMatchObject(unknown);
    expect(await stored()).toEqual({
      likes_count: 0,
      comments_count: 0,
      shares_count: 0,
      likes_known: false,
      comments_known: false,
      shares_known: false,
    });
    // The spec's numbers stay numbers (0 while never known); counts_known says so. No score from a zero.
    expect(await watched()).toMatchObject({
      likes_count: 0,
      comments_count: 0,
      shares_count: 0,
      counts_known: false,
      trending_score: 0,
    });
    expect(
      (await getPosts(svc, team.apiKey, { watchlist_id: id, range_to: '20' })).body.data.find(
        (p) => p.content === 'hollow ordinary',
      ),
    ).toMatchObject({ counts_known: true });

    // Known at last: 60 likes + 2 × 10 comments, 20 points an hour, ten times the norm.
    await reread({ likes_count: 60, comments_count: 10, shares_count: 0 });
    const known = await watched();
    expect(known).toMatchObject({ likes_count: 60, comments_count: 10, counts_known: true });
    expect(known.trending_score).toBeGreaterThan(8);

    // A hollow re-read keeps every known count, and the score.
    await reread(unknown);
    expect(await watched()).toMatchObject({
      likes_count: 60,
      comments_count: 10,
      shares_count: 0,
      counts_known: true,
    });
    expect((await watched()).trending_score).toBeGreaterThan(8);
    // A partial one replaces only what it gave.
    await reread({ likes_count: null, comments_count: 12, shares_count: null });
    expect(await stored()).toEqual({
      likes_count: 60,
      comments_count: 12,
      shares_count: 0,
      likes_known: true,
      comments_known: true,
      shares_known: true,
    });
  });
});

describe('seniority and keyword rule', () => {
  test.each([
    ['Founder & CEO at Startup', 'owner'],
    ['Co-founder | Investor', 'owner'],
    ['Chief Technology Officer', 'cxo'],
    ['CFO @ Globex', 'cxo'],
    ['Senior Vice President, Sales', 'vp'],
    ['VP Engineering at Acme', 'vp'],
    ['Senior Director of Product', 'director'],
    ['Head of Growth', 'director'],
    ['Engineering Manager at Initech', 'manager'],
    ['Senior Software Engineer', 'senior'],
    ['Principal Consultant', 'senior'],
    ['Junior Developer', 'entry'],
    ['Graduate Analyst', 'entry'],
    ['Marketing Intern at Chief Inc', 'intern'],
    ['Software Engineer at Chief Inc', 'unknown'],
    ['', 'unknown'],
  ])('%s -> %s', (headline, level) => {
    expect(classifySeniority(headline)).toBe(level);
  });

  test('filed posts carry the classified seniority', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['levels']);
    await cycle(() => [
      networkPost({ content: 'by a vp', headline: 'Vice President of Operations' }),
    ]);
    const { body } = await getPosts(svc, team.apiKey, { watchlist_id: id });
    expect(body.data[0]).toMatchObject({ content: 'by a vp', seniority_level: 'vp' });
  });

  test('AND/NOT rule', () => {
    expect(matchesKeywordRule('Alpha BETA gamma', ['alpha', 'beta'], ['delta'])).toBe(true);
    expect(matchesKeywordRule('Alpha gamma', ['alpha', 'beta'], [])).toBe(false);
    expect(matchesKeywordRule('Alpha beta Delta', ['alpha'], ['DELTA'])).toBe(false);
    expect(matchesKeywordRule('anything', [], ['', '  '])).toBe(true);
  });
});
