import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  getPosts,
  insertKeywordWatchlist,
  networkPost,
  type ClaimedTask,
  setNextDue,
} from '../../support/collection-fixtures.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';
import { countedPosts, foldDeltas } from '../../../src/service/collection/post-counts.js';
import { withScratchDatabase } from '../../support/scratch-database.js';
import { migrate } from '../../../src/service/db/migrate.js';
import type { NetworkPost } from '../../../src/contract/task-outputs.js';

/**
 * The exact totals of GET /api-posts without a filter, or with seniority alone, come from
 * post_count_deltas (007, by level since 014): after every kind of change, the counter answer must
 * equal a real count(*) of the rows.
 */
let svc: TestService;
let alpha: AgentTeam;
let beta: AgentTeam;
let w1: string;
let w2: string;
let w3: string;
let wBeta: string;

beforeAll(async () => {
  svc = await startTestService();
  alpha = await createAgentTeam(svc, 'Alpha', [
    { email: 'ada@counts.test', role: 'admin' },
    { email: 'bob@counts.test' },
  ]);
  beta = await createAgentTeam(svc, 'Beta', [{ email: 'eve@counts.test', role: 'admin' }]);
  w1 = await insertKeywordWatchlist(svc, alpha.id, ['robots']);
  w2 = await insertKeywordWatchlist(svc, alpha.id, [
    'drones',
    { keyword: 'rockets', excluded: ['crypto'] },
  ]);
  w3 = await insertKeywordWatchlist(svc, alpha.id, ['boats']);
  wBeta = await insertKeywordWatchlist(svc, beta.id, ['robots too']);
});
afterAll(() => svc.close());

const db = () => svc.ctx.db;
const realCount = async (sql: string, params: unknown[]) =>
  Number((await db().query<{ n: string }>(sql, params))[0]!.n);

/** Every team and watchlist: the counters, directly and over HTTP, against count(*). Returns the totals. */
async function expectExactCounts(): Promise<Record<string, number>> {
  const totals: Record<string, number> = {};
  for (const team of [alpha, beta]) {
    const exists = await realCount('SELECT count(*) AS n FROM teams WHERE id = $1', [team.id]);
    if (!exists) continue;
    const teamReal = await realCount('SELECT count(*) AS n FROM posts WHERE team_id = $1', [
      team.id,
    ]);
    expect(await countedPosts(db(), team.id), `team ${team.id}`).toBe(teamReal);
    expect((await getPosts(svc, team.apiKey)).body.count).toBe(teamReal);
    totals[team.id] = teamReal;
    const watchlists = await db().query<{ id: string }>(
      'SELECT id FROM watchlists WHERE team_id = $1',
      [team.id],
    );
    for (const { id } of watchlists) {
      const real = await realCount(
        'SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1',
        [id],
      );
      expect(await countedPosts(db(), team.id, id), `watchlist ${id}`).toBe(real);
      const { status, body } = await getPosts(svc, team.apiKey, { watchlist_id: id });
      expect(status).toBe(200);
      expect(body.count).toBe(real);
      totals[id] = real;
    }
    // Seniority alone is counted too (014): every level set, team-wide and per watchlist.
    for (const levels of LEVEL_SETS) {
      const teamLevels = await realCount(
        'SELECT count(*) AS n FROM posts WHERE team_id = $1 AND author_seniority = ANY($2::text[])',
        [team.id, levels],
      );
      expect(
        await countedPosts(db(), team.id, undefined, levels),
        `team ${team.id} ${levels}`,
      ).toBe(teamLevels);
      expect(
        (await getPosts(svc, team.apiKey, { seniority_level: levels.join(',') })).body.count,
      ).toBe(teamLevels);
      for (const { id } of watchlists) {
        const real = await realCount(
          'SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1 AND author_seniority = ANY($2::text[])',
          [id, levels],
        );
        expect(await countedPosts(db(), team.id, id, levels), `watchlist ${id} ${levels}`).toBe(
          real,
        );
        expect(
          (
            await getPosts(svc, team.apiKey, {
              watchlist_id: id,
              seniority_level: levels.join(','),
            })
          ).body.count,
        ).toBe(real);
        totals[`${id} ${levels}`] = real;
      }
    }
  }
  return totals;
}

const LEVEL_SETS = [['cxo'], ['intern'], ['cxo', 'vp'], ['vp', 'unknown', 'entry']];

/** Deterministic pseudo-random choices, so a failing series can be replayed. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * One collection cycle of every due watchlist: all tasks claimed first by every member, then
 * completed at once (on PostgreSQL concurrently, each filing in its own transaction).
 */
async function cycle(members: TeamMember[], postsFor: (task: ClaimedTask) => NetworkPost[]) {
  await setNextDue(db(), '-1 minute');
  await schedulerTick(svc.ctx);
  const claimed: [TeamMember, ClaimedTask][] = [];
  for (const m of members)
    for (let t = await claimTask(svc, m); t; t = await claimTask(svc, m)) claimed.push([m, t]);
  await Promise.all(claimed.map(([m, t]) => completeTask(svc, m, t, { posts: postsFor(t) })));
  return claimed.length;
}

describe('post totals kept by 007_posts_counts', () => {
  test('a series of filings: new posts, posts filed again, shared between watchlists and teams, dropped by rules', async () => {
    const next = random(7);
    // A pool of posts; the same URNs reach several watchlists and both teams, and come back later.
    const pool: NetworkPost[] = Array.from({ length: 60 }, (_, i) =>
      networkPost({
        content: i % 7 === 0 ? 'rockets and crypto' : `post ${i}`,
        headline: i % 3 ? 'CEO' : 'Intern',
        hoursAgo: 1 + i,
      }),
    );
    const pick = (n: number) =>
      Array.from({ length: n }, () => pool[Math.floor(next() * pool.length)]!);
    const members = [...alpha.members, ...beta.members];
    let rounds = 0;
    for (let round = 0; round < 6; round++) {
      const tasks = await cycle(members, () => {
        const posts = pick(1 + Math.floor(next() * 12));
        // Seen-again posts with fresh counts, and one brand-new post now and then.
        // Some come back with another headline: the author's level moves (an update, 014 counts it).
        const refreshed = posts.map((p) => ({
          ...p,
          likes_count: (p.likes_count ?? 0) + round,
          post_author:
            next() < 0.3
              ? { ...p.post_author, headline: next() < 0.5 ? 'VP of Sales' : 'CEO' }
              : p.post_author,
        }));
        return next() < 0.5
          ? [...refreshed, networkPost({ content: `fresh ${round}` })]
          : refreshed;
      });
      expect(tasks).toBe(5); // robots, drones, rockets, boats for alpha; robots too for beta
      rounds++;
      await expectExactCounts();
    }
    expect(rounds).toBe(6);
    const totals = await expectExactCounts();
    // The series did file: every scope holds posts, and the rule on 'rockets' dropped some.
    for (const id of [alpha.id, beta.id, w1, w2, w3, wBeta]) expect(totals[id]).toBeGreaterThan(0);
    // Authors of every level counted.
    for (const level of ['cxo', 'intern', 'vp']) {
      expect(
        await realCount(
          'SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1 AND author_seniority = $2',
          [w1, level],
        ),
      ).toBeGreaterThan(0);
    }
    const teamwide = await realCount('SELECT count(*) AS n FROM posts WHERE team_id = $1', [
      alpha.id,
    ]);
    expect(teamwide).toBeLessThan(totals[w1]! + totals[w2]! + totals[w3]!); // shared posts are one team post
  });

  test('filing the same output again changes no total', async () => {
    const again = [networkPost({ content: 'steady' }), networkPost({ content: 'steady too' })];
    await cycle(alpha.members, () => again);
    const before = await expectExactCounts();
    await cycle(alpha.members, () => again.map((p) => ({ ...p, likes_count: 99 })));
    expect(await expectExactCounts()).toEqual(before);
  });

  test('a post filed again under another level moves from one level to the other (014)', async () => {
    const post = networkPost({ content: 'moving up', headline: 'Intern' });
    await cycle(alpha.members, (t) => (t.input.watchlist_id === w1 ? [post] : []));
    const before = await expectExactCounts();
    await cycle(alpha.members, (t) =>
      t.input.watchlist_id === w1
        ? [{ ...post, post_author: { ...post.post_author, headline: 'CEO' } }]
        : [],
    );
    const after = await expectExactCounts();
    expect(after[`${w1} intern`]).toBe(before[`${w1} intern`]! - 1);
    expect(after[`${w1} cxo`]).toBe(before[`${w1} cxo`]! + 1);
    expect(after[w1]).toBe(before[w1]);
  });

  test('a deleted post leaves its team and every watchlist that held it', async () => {
    const before = await expectExactCounts();
    const [shared] = await db().query<{ post_id: string }>(
      `SELECT post_id FROM watchlist_posts WHERE watchlist_id = ANY($1::uuid[]) GROUP BY post_id HAVING count(*) >= 2 LIMIT 1`,
      [[w1, w2, w3]],
    );
    expect(shared).toBeDefined();
    const holders = (
      await db().query<{ watchlist_id: string }>(
        'SELECT watchlist_id FROM watchlist_posts WHERE post_id = $1',
        [shared!.post_id],
      )
    ).map((r) => r.watchlist_id);
    await db().query('DELETE FROM posts WHERE id = $1', [shared!.post_id]);
    const after = await expectExactCounts();
    expect(after[alpha.id]).toBe(before[alpha.id]! - 1);
    for (const w of [w1, w2, w3]) expect(after[w]).toBe(before[w]! - (holders.includes(w) ? 1 : 0));
    expect(after[beta.id]).toBe(before[beta.id]);
  });

  test('a deleted watchlist takes its count rows along; the team total keeps its posts', async () => {
    const before = await expectExactCounts();
    await db().query('DELETE FROM watchlists WHERE id = $1', [w3]);
    expect(
      await realCount('SELECT count(*) AS n FROM post_count_deltas WHERE watchlist_id = $1', [w3]),
    ).toBe(0);
    expect((await getPosts(svc, alpha.apiKey, { watchlist_id: w3 })).status).toBe(404);
    const after = await expectExactCounts();
    expect(after[alpha.id]).toBe(before[alpha.id]);
    expect(after[w1]).toBe(before[w1]);
    // New filings after the deletion count on as before.
    await cycle(alpha.members, (t) =>
      t.input.watchlist_id === w1 ? [networkPost({ content: 'after delete' })] : [],
    );
    expect((await expectExactCounts())[w1]).toBe(before[w1]! + 1);
  });

  test('many small changes are folded by a read into one row per level, and the total does not move', async () => {
    const before = (await expectExactCounts())[w1]!;
    const added: string[] = [];
    for (let i = 0; i < 40; i++) {
      const id = crypto.randomUUID();
      added.push(id);
      await db().query(
        `INSERT INTO posts (id, team_id, activity_urn, post_url, posted_at) VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/', now())`,
        [id, alpha.id, `urn:li:activity:${8_100_000_000_000_000_000n + BigInt(i)}`],
      );
      await db().query(
        'INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at) VALUES ($1, $2, $3, now())',
        [w1, id, alpha.id],
      );
    }
    await db().query(
      'DELETE FROM watchlist_posts WHERE watchlist_id = $1 AND post_id = ANY($2::uuid[])',
      [w1, added.slice(0, 5)],
    );
    expect(
      await realCount('SELECT count(*) AS n FROM post_count_deltas WHERE watchlist_id = $1', [w1]),
    ).toBeGreaterThan(32);
    expect(await countedPosts(db(), alpha.id, w1)).toBe(before + 35);
    // One row per seniority level the scope holds (014).
    const levels = (sql: string, id: string) =>
      realCount(`SELECT count(DISTINCT author_seniority) AS n FROM ${sql}`, [id]);
    expect(
      await realCount('SELECT count(*) AS n FROM post_count_deltas WHERE watchlist_id = $1', [w1]),
    ).toBe(await levels('watchlist_posts WHERE watchlist_id = $1', w1));
    expect(await countedPosts(db(), alpha.id)).toBe(
      await realCount('SELECT count(*) AS n FROM posts WHERE team_id = $1', [alpha.id]),
    );
    expect(
      await realCount(
        'SELECT count(*) AS n FROM post_count_deltas WHERE team_id = $1 AND watchlist_id IS NULL',
        [alpha.id],
      ),
    ).toBe(await levels('posts WHERE team_id = $1', alpha.id));
    expect((await expectExactCounts())[w1]).toBe(before + 35);
  });

  test('folds running alongside inserts and each other keep the sum', async () => {
    const inserts = Array.from({ length: 12 }, async (_, i) => {
      const id = crypto.randomUUID();
      await db().transaction(async (tx) => {
        await tx.query(
          `INSERT INTO posts (id, team_id, activity_urn, post_url, posted_at) VALUES ($1, $2, $3, 'https://www.linkedin.com/feed/', now())`,
          [id, alpha.id, `urn:li:activity:${8_200_000_000_000_000_000n + BigInt(i)}`],
        );
        await tx.query(
          'INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at) VALUES ($1, $2, $3, now())',
          [w2, id, alpha.id],
        );
      });
    });
    const folds = Array.from({ length: 6 }, (_, i) =>
      foldDeltas(db(), alpha.id, i % 2 ? w2 : undefined),
    );
    await Promise.all([...inserts, ...folds]);
    await expectExactCounts();
  });

  test('moving a row to another watchlist or team is refused, not miscounted', async () => {
    const [row] = await db().query<{ post_id: string }>(
      'SELECT post_id FROM watchlist_posts WHERE watchlist_id = $1 LIMIT 1',
      [w1],
    );
    await expect(
      db().query(
        'UPDATE watchlist_posts SET watchlist_id = $2 WHERE watchlist_id = $1 AND post_id = $3',
        [w1, wBeta, row!.post_id],
      ),
    ).rejects.toThrow(/never changes/);
    await expect(
      db().query('UPDATE posts SET team_id = $2 WHERE id = $1', [row!.post_id, beta.id]),
    ).rejects.toThrow(/never changes/);
    // Updating anything else of the row is as before.
    await db().query(
      'UPDATE watchlist_posts SET engagement = engagement + 1 WHERE watchlist_id = $1 AND post_id = $2',
      [w1, row!.post_id],
    );
    await expectExactCounts();
  });

  test('filtered totals are exact counts of the matching rows', async () => {
    const checks: [Record<string, string>, string, unknown[]][] = [
      [
        { watchlist_id: w1, seniority_level: 'cxo' },
        `SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1 AND author_seniority = 'cxo'`,
        [w1],
      ],
      [
        { watchlist_id: w1, seniority_level: 'cxo,intern' },
        `SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1 AND author_seniority IN ('cxo', 'intern')`,
        [w1],
      ],
      [
        { seniority_level: 'intern' },
        `SELECT count(*) AS n FROM posts WHERE team_id = $1 AND author_seniority = 'intern'`,
        [alpha.id],
      ],
      [
        { watchlist_id: w1, trending: 'false' },
        'SELECT count(*) AS n FROM watchlist_posts WHERE watchlist_id = $1',
        [w1],
      ],
    ];
    for (const [query, sql, params] of checks) {
      const real = await realCount(sql, params);
      expect(real, JSON.stringify(query)).toBeGreaterThan(0);
      expect((await getPosts(svc, alpha.apiKey, query)).body.count, JSON.stringify(query)).toBe(
        real,
      );
    }
  });

  test('a deleted team takes all its count rows along; the other team is untouched', async () => {
    const before = await expectExactCounts();
    await db().query('DELETE FROM teams WHERE id = $1', [beta.id]);
    expect(
      await realCount('SELECT count(*) AS n FROM post_count_deltas WHERE team_id = $1', [beta.id]),
    ).toBe(0);
    const after = await expectExactCounts();
    expect(after[alpha.id]).toBe(before[alpha.id]);
    expect(after[w1]).toBe(before[w1]);
  });
});

describe('007 and 014 backfill', () => {
  test('rows written before the migration are counted by it', async () => {
    await withScratchDatabase(async (raw) => {
      await migrate(raw, { through: '006_collection.sql' });
      const teams = [crypto.randomUUID(), crypto.randomUUID()];
      const watchlists = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      for (const [i, t] of teams.entries()) {
        await raw.query(
          `INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, $2, $3, 'x')`,
          [t, `t${i}`, Buffer.from(t)],
        );
      }
      for (const [i, w] of watchlists.entries()) {
        await raw.query(
          `INSERT INTO watchlists (id, team_id, type, name, slug) VALUES ($1, $2, 'keyword', $3, $3)`,
          [w, teams[i % 2], `w${i}`],
        );
      }
      // Team 0: 30 posts in watchlists 0 and 2 (overlapping); team 1: 7 posts in watchlist 1, 3 in none.
      await raw.query(
        `INSERT INTO posts (id, team_id, activity_urn, post_url, posted_at, author_seniority)
         SELECT gen_random_uuid(), CASE WHEN g <= 30 THEN $1::uuid ELSE $2::uuid END, 'urn:li:activity:' || g, 'https://x/', now(),
                CASE WHEN g % 3 = 0 THEN 'cxo' ELSE 'unknown' END
           FROM generate_series(1, 40) g`,
        [teams[0], teams[1]],
      );
      await raw.query(
        `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at)
         SELECT $1::uuid, id, team_id, posted_at FROM posts WHERE team_id = $3
         UNION ALL SELECT $2::uuid, id, team_id, posted_at FROM posts WHERE team_id = $3 AND split_part(activity_urn, ':', 4)::int % 3 = 0`,
        [watchlists[0], watchlists[2], teams[0]],
      );
      await raw.query(
        `INSERT INTO watchlist_posts (watchlist_id, post_id, team_id, posted_at)
         SELECT $1, id, team_id, posted_at FROM posts WHERE team_id = $2 AND split_part(activity_urn, ':', 4)::int <= 37`,
        [watchlists[1], teams[1]],
      );
      expect(await migrate(raw)).toContain('007_posts_counts.sql');
      expect(await countedPosts(raw, teams[0]!)).toBe(30);
      expect(await countedPosts(raw, teams[1]!)).toBe(10);
      expect(await countedPosts(raw, teams[0]!, watchlists[0])).toBe(30);
      expect(await countedPosts(raw, teams[1]!, watchlists[1])).toBe(7);
      expect(await countedPosts(raw, teams[0]!, watchlists[2])).toBe(10);
      // By level (014): team 0 has posts 1-30, of which 10 by a cxo; watchlist_posts keep their own
      // level, 'unknown' here (the column's default).
      expect(await countedPosts(raw, teams[0]!, undefined, ['cxo'])).toBe(10);
      expect(await countedPosts(raw, teams[0]!, undefined, ['unknown', 'vp'])).toBe(20);
      expect(await countedPosts(raw, teams[1]!, undefined, ['cxo'])).toBe(3);
      expect(await countedPosts(raw, teams[0]!, watchlists[0], ['unknown'])).toBe(30);
      // And from then on the triggers count.
      await raw.query(
        'DELETE FROM watchlist_posts WHERE watchlist_id = $1 AND post_id IN (SELECT post_id FROM watchlist_posts WHERE watchlist_id = $1 LIMIT 4)',
        [watchlists[0]],
      );
      expect(await countedPosts(raw, teams[0]!, watchlists[0])).toBe(26);
    });
  });
});
