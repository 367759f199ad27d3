import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import {
  insertKeywordWatchlist,
  insertListWatchlist,
  networkPost,
  runAllTasks,
  setNextDue,
} from '../../support/collection-fixtures.js';
import {
  planDueWatchlists,
  planWatchlistNow,
  schedulerTick,
} from '../../../src/service/scheduler/index.js';
import { MAX_PER_TICK } from '../../../src/service/scheduler/tick.js';
import { runSchedulerWhenDue } from '../../../src/service/scheduler/scheduler-job.js';
import { closeServiceContext, createServiceContext } from '../../../src/service/boot.js';
import { createLogger } from '../../../src/service/logger.js';

let svc: TestService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Planners', [{ email: 'ada@plan.test', role: 'admin' }]);
});
afterAll(() => svc.close());

// Each test starts with no watchlists and no open tasks, so a tick plans only what the test made.
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
});

const tasksOf = (watchlistId: string) =>
  svc.ctx.db.query<{
    id: string;
    type: string;
    input: Record<string, unknown>;
    target_key: string;
    status: string;
    team_id: string;
  }>(
    'SELECT id, type, input, target_key, status, team_id FROM tasks WHERE watchlist_id = $1 ORDER BY created_at, target_key',
    [watchlistId],
  );
const dueInfo = async (id: string) =>
  (
    await svc.ctx.db.query<{ hours: number | null; planned: boolean }>(
      `SELECT (EXTRACT(EPOCH FROM (next_due_at - now())) / 3600)::float8 AS hours, last_planned_at IS NOT NULL AS planned FROM watchlist_schedule WHERE watchlist_id = $1`,
      [id],
    )
  )[0]!;
const backdate = (id: string, hours = 1) => setNextDue(svc.ctx.db, `-${hours} hours`, id);
const finishAll = (id: string) =>
  svc.ctx.db.query(`UPDATE tasks SET status = 'completed' WHERE watchlist_id = $1`, [id]);

describe('keyword watchlists', () => {
  test('a new watchlist is due at the first tick: one agent_keyword_tracking task per keyword', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, [
      { keyword: 'AI agents', required: ['llm'], excluded: ['crypto'] },
      'robotics',
    ]);
    const r = await schedulerTick(svc.ctx);
    expect(r).toMatchObject({ planned: [id], queued: 2, more: false });
    const tasks = await tasksOf(id);
    expect(tasks.map((t) => t.type)).toEqual(['agent_keyword_tracking', 'agent_keyword_tracking']);
    expect(tasks.every((t) => t.status === 'pending' && t.team_id === team.id)).toBe(true);
    expect(
      tasks.map((t) => t.input).sort((a, b) => String(a.keyword).localeCompare(String(b.keyword))),
    ).toEqual([
      {
        task_type: 'agent_keyword_tracking',
        watchlist_id: id,
        keyword: 'AI agents',
        required_keywords: ['llm'],
        excluded_keywords: ['crypto'],
        count: 20,
      },
      {
        task_type: 'agent_keyword_tracking',
        watchlist_id: id,
        keyword: 'robotics',
        required_keywords: [],
        excluded_keywords: [],
        count: 20,
      },
    ]);
    expect(tasks.map((t) => t.target_key).sort()).toEqual([
      `keyword:${id}:ai agents`,
      `keyword:${id}:robotics`,
    ]);
    // Next cycle after fetchFreqInHours (default 12).
    const info = await dueInfo(id);
    expect(info.planned).toBe(true);
    expect(info.hours).toBeGreaterThan(11.9);
    expect(info.hours).toBeLessThanOrEqual(12);
  });

  test('not due again before its due time; due again once it has passed', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['quantum'], { freq: 3 });
    await schedulerTick(svc.ctx);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([]);
    expect(await tasksOf(id)).toHaveLength(1);
    await finishAll(id);
    await backdate(id);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([id]);
    const tasks = await tasksOf(id);
    expect(tasks.map((t) => t.status)).toEqual(['completed', 'pending']);
    expect((await dueInfo(id)).hours).toBeGreaterThan(2.9);
  });

  test('the next cycle carries what the watchlist holds for each keyword: its newest posts’ URNs, at most 50', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, [
      'DuckDB',
      { keyword: 'polars', excluded: ['crypto'] },
    ]);
    await schedulerTick(svc.ctx);
    for (const t of await tasksOf(id)) expect(t.input).not.toHaveProperty('known_post_urns');
    // The agent files 60 DuckDB posts, one an hour, and one about polars.
    const duck = Array.from({ length: 60 }, (_, i) =>
      networkPost({ content: `Why duckdb ${i}`, hoursAgo: i + 1 }),
    );
    const polars = networkPost({ content: 'Polars or pandas?', hoursAgo: 30 });
    await runAllTasks(svc, team.members[0]!, (task) => ({
      posts: task.input.keyword === 'DuckDB' ? duck : [polars],
    }));
    await backdate(id);
    await schedulerTick(svc.ctx);
    const next = (await tasksOf(id)).filter((t) => t.status === 'pending');
    const input = (keyword: string) => next.find((t) => t.input.keyword === keyword)!.input;
    expect(input('DuckDB').known_post_urns).toEqual(duck.slice(0, 50).map((p) => p.social_urn));
    expect(input('polars')).toMatchObject({
      known_post_urns: [polars.social_urn],
      excluded_keywords: ['crypto'],
    });
  });

  test('never two open tasks for one target: a keyword whose last task is still open is skipped', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['solar', 'wind']);
    await schedulerTick(svc.ctx);
    const [first] = await tasksOf(id);
    await svc.ctx.db.query(`UPDATE tasks SET status = 'completed' WHERE id = $1`, [first!.id]);
    await backdate(id);
    const r = await schedulerTick(svc.ctx);
    expect(r.planned).toEqual([id]);
    expect(r.queued).toBe(1);
    const open = (await tasksOf(id)).filter((t) => t.status === 'pending');
    expect(open.map((t) => t.target_key).sort()).toEqual([
      `keyword:${id}:solar`,
      `keyword:${id}:wind`,
    ]);
  });

  test('a changed frequency applies from the next cycle', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['batteries'], { freq: 24 });
    await schedulerTick(svc.ctx);
    await svc.ctx.db.query('UPDATE watchlists SET fetch_freq_hours = 1 WHERE id = $1', [id]);
    // The cycle already planned keeps its due time...
    expect((await dueInfo(id)).hours).toBeGreaterThan(23.9);
    await finishAll(id);
    await backdate(id);
    await schedulerTick(svc.ctx);
    // ...and the next one is planned with the new frequency.
    const hours = (await dueInfo(id)).hours!;
    expect(hours).toBeGreaterThan(0.9);
    expect(hours).toBeLessThanOrEqual(1);
  });

  test('disabled watchlists are skipped, and planned again once enabled', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['paused topic'], { disabled: true });
    expect((await schedulerTick(svc.ctx)).planned).toEqual([]);
    expect(await tasksOf(id)).toHaveLength(0);
    await svc.ctx.db.query('UPDATE watchlists SET disabled = false WHERE id = $1', [id]);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([id]);
  });

  test('a watchlist without keywords yet (prompt mode still generating) stays due', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, []);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([]);
    // Still due, never planned: only its place in the scheduler's order moved.
    expect(await dueInfo(id)).toMatchObject({ planned: false });
    expect((await dueInfo(id)).hours).toBeLessThanOrEqual(0);
    await svc.ctx.db.query(
      `INSERT INTO watchlist_keywords (id, watchlist_id, keyword) VALUES ($1, $2, 'late keyword')`,
      [crypto.randomUUID(), id],
    );
    expect((await schedulerTick(svc.ctx)).planned).toEqual([id]);
  });

  test('a batch of watchlists with nothing to collect does not hold up one behind it, and ticking ends', async () => {
    // A batch of keyword watchlists still without keywords, older than the one that has some, so
    // first in the scheduler's order.
    await svc.ctx.db.query(
      `INSERT INTO watchlists (id, team_id, type, name, slug, created_at)
       SELECT gen_random_uuid(), $1, 'keyword', 'empty ' || g, 'empty-' || g, now() - interval '1 hour'
         FROM generate_series(1, $2::int) g`,
      [team.id, MAX_PER_TICK],
    );
    const id = await insertKeywordWatchlist(svc, team.id, ['behind them']);
    // The first tick finds only them: it plans nothing, and ticking stops there.
    expect(await planDueWatchlists(svc.ctx)).toEqual({ planned: 0, queued: 0 });
    // They are still due, but now behind the one that has something to collect.
    expect(await schedulerTick(svc.ctx)).toMatchObject({ planned: [id], queued: 1 });
    const [{ n }] = (await svc.ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM watchlists w JOIN watchlist_schedule s ON s.watchlist_id = w.id
        WHERE w.name LIKE 'empty %' AND s.next_due_at <= now() AND s.last_planned_at IS NULL`,
    )) as [{ n: number }];
    expect(n).toBe(MAX_PER_TICK);
  });

  test('the 48-hour rule does not stop planning: the tasks wait unclaimed', async () => {
    const idle = await createAgentTeam(svc, 'Idle', [
      { email: 'idle@plan.test', role: 'admin', activeHoursAgo: 100 },
    ]);
    const id = await insertKeywordWatchlist(svc, idle.id, ['dormant']);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([id]);
    expect((await tasksOf(id)).map((t) => t.status)).toEqual(['pending']);
  });
});

describe('company and people watchlists', () => {
  test('company: one agent_company_tracking task per company', async () => {
    const id = await insertListWatchlist(svc, team.id, 'company', [
      { identifier: 'acme', kind: 'company_slug' },
      { identifier: 'globex', kind: 'company_slug' },
    ]);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([id]);
    const tasks = await tasksOf(id);
    expect(tasks.map((t) => [t.type, t.input, t.target_key])).toEqual([
      [
        'agent_company_tracking',
        { task_type: 'agent_company_tracking', watchlist_id: id, company: 'acme', count: 20 },
        `company:${id}:acme`,
      ],
      [
        'agent_company_tracking',
        { task_type: 'agent_company_tracking', watchlist_id: id, company: 'globex', count: 20 },
        `company:${id}:globex`,
      ],
    ]);
    expect((await dueInfo(id)).hours).toBeGreaterThan(11.9);
  });

  test('people: planWatchlistNow creates batches of at most 25 profiles at once, with watchlist_id', async () => {
    const members = Array.from({ length: 30 }, (_, i) => ({
      identifier: `ACoAAprofile${String(i).padStart(2, '0')}`,
      kind: 'profile_id' as const,
    }));
    members.push({ identifier: 'grace-hopper', kind: 'profile_slug' as never });
    const id = await insertListWatchlist(svc, team.id, 'people', members, { freq: 6 });
    expect(await planWatchlistNow(svc.ctx, id)).toBe(2);
    const tasks = await tasksOf(id);
    expect(tasks.map((t) => t.type)).toEqual([
      'agent_profiles_tracking',
      'agent_profiles_tracking',
    ]);
    const batches = tasks.map((t) => t.input.profile_urns as string[]);
    expect(batches.map((b) => b.length).sort()).toEqual([25, 6]);
    expect(batches.flat()).toContain('urn:li:fsd_profile:ACoAAprofile00');
    expect(batches.flat()).toContain('grace-hopper');
    expect(
      tasks.every(
        (t) => t.input.watchlist_id === id && t.input.task_type === 'agent_profiles_tracking',
      ),
    ).toBe(true);
    // Planned now, so the scheduler does not plan it again until fetchFreqInHours has passed.
    expect((await dueInfo(id)).hours).toBeGreaterThan(5.9);
    expect((await schedulerTick(svc.ctx)).planned).toEqual([]);
    // Planning again while the batches are open queues nothing new.
    expect(await planWatchlistNow(svc.ctx, id)).toBe(0);
    expect(await tasksOf(id)).toHaveLength(2);
  });

  test('planWatchlistNow of an unknown or disabled watchlist queues nothing', async () => {
    expect(await planWatchlistNow(svc.ctx, crypto.randomUUID())).toBe(0);
    const id = await insertListWatchlist(svc, team.id, 'company', [
      { identifier: 'initech', kind: 'company_slug' },
    ]);
    await svc.ctx.db.query('UPDATE watchlists SET disabled = true WHERE id = $1', [id]);
    expect(await planWatchlistNow(svc.ctx, id)).toBe(0);
  });
});

describe('the background job', () => {
  test('ticks at most once per SCHEDULER_INTERVAL_S', async () => {
    const first = await insertKeywordWatchlist(svc, team.id, ['first']);
    await runSchedulerWhenDue(svc.ctx);
    expect(await tasksOf(first)).toHaveLength(1);
    // Within the interval (60 s by default) the job does not tick again.
    const second = await insertKeywordWatchlist(svc, team.id, ['second']);
    await runSchedulerWhenDue(svc.ctx);
    expect(await tasksOf(second)).toHaveLength(0);
  });
});

if (process.env.DATABASE_URL) {
  test('two service instances on one PostgreSQL schema ticking at once: each watchlist is planned once between them', async () => {
    const [{ schema }] = (await svc.ctx.db.query<{ schema: string }>(
      'SELECT current_schema() AS schema',
    )) as [{ schema: string }];
    const other = await createServiceContext(svc.config, {
      log: createLogger({ silent: true }),
      databaseUrl: process.env.DATABASE_URL,
      databaseSchema: schema,
    });
    try {
      // Several rounds: a double planning needs one tick to commit between the other's snapshot
      // and its row locks, which a single round of four ticks hits only now and then.
      for (let round = 0; round < 8; round++) {
        const ids = [];
        for (let i = 0; i < 20; i++)
          ids.push(
            await insertKeywordWatchlist(svc, team.id, [`r${round} ${i}`, `o${round} ${i}`]),
          );
        const results = await Promise.all([
          schedulerTick(svc.ctx),
          schedulerTick(other),
          schedulerTick(svc.ctx),
          schedulerTick(other),
        ]);
        const planned = results.flatMap((r) => r.planned);
        // Every watchlist was planned by exactly one tick (the list holds none twice), and each
        // target has one task.
        expect(planned.sort()).toEqual([...ids].sort());
        const [{ n }] = (await svc.ctx.db.query<{ n: string }>(
          'SELECT count(*) AS n FROM tasks',
        )) as [{ n: string }];
        expect(Number(n)).toBe(40 * (round + 1));
      }
    } finally {
      await closeServiceContext(other);
    }
  });
} else {
  test('single instance (PGlite): ticks running at once plan each watchlist once', async () => {
    const ids = [];
    for (let i = 0; i < 20; i++)
      ids.push(await insertKeywordWatchlist(svc, team.id, [`topic ${i}`, `other ${i}`]));
    const results = await Promise.all([
      schedulerTick(svc.ctx),
      schedulerTick(svc.ctx),
      schedulerTick(svc.ctx),
    ]);
    expect(results.flatMap((r) => r.planned).sort()).toEqual([...ids].sort());
    const [{ n }] = (await svc.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM tasks')) as [
      { n: string },
    ];
    expect(Number(n)).toBe(40);
  });
}
