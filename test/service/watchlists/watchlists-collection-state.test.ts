import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
  insertListWatchlist,
  networkPost,
  runAllTasks,
  setNextDue,
} from '../../support/collection-fixtures.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';

/**
 * What the watchlist views add for the dashboard: when a watchlist was last collected,
 * when it is next (none while paused, back once resumed), and what each recent cycle brought.
 */

let svc: TestService;
let team: AgentTeam;
let ada: TeamMember;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Cycles', [{ email: 'ada@cycles.test', role: 'admin' }]);
  ada = team.member('ada@cycles.test');
});
afterAll(() => svc.close());
beforeEach(async () => {
  await svc.ctx.db.query('DELETE FROM tasks');
  await svc.ctx.db.query('DELETE FROM watchlists');
});

type View = {
  disable: boolean;
  fetchFreqInHours: number;
  posts_count: number;
  last_collection_at: string | null;
  last_collected_at: string | null;
  extension_active: boolean;
  next_collection_at: string | null;
  recent_cycles: {
    started_at: string;
    finished_at: string | null;
    state: string;
    tasks: number;
    failed_tasks: number;
    new_posts: number;
  }[];
};

async function view(type: 'keyword' | 'people' | 'company', id: string): Promise<View> {
  const res = await svc.call('GET', `/api-${type}-watchlist?id=${id}`, {
    headers: team.keyHeaders,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as View;
}
async function listed(type: 'people' | 'company', id: string): Promise<View> {
  const res = await svc.call('GET', `/api-${type}-watchlist`, { headers: team.keyHeaders });
  return ((await res.json()) as { watchlists: (View & { id: string })[] }).watchlists.find(
    (w) => w.id === id,
  )!;
}
const patch = (type: 'keyword' | 'people' | 'company', body: unknown) =>
  svc.call('PATCH', `/api-${type}-watchlist`, { body, headers: team.keyHeaders });
/** The next cycle of `id` is due now, as if its frequency had passed. */
const dueNow = (id: string) => setNextDue(svc.ctx.db, '-1 minute', id);
const hours = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 3_600_000;

describe('last and next collection', () => {
  test('never collected: no last, the next is due; after a cycle: last is its start, next one frequency later', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['robots'], { freq: 6 });
    const before = await view('keyword', id);
    expect(before.last_collection_at).toBeNull();
    expect(Date.parse(before.next_collection_at!)).toBeLessThanOrEqual(Date.now());
    expect(before.recent_cycles).toEqual([]);

    await schedulerTick(svc.ctx);
    const after = await view('keyword', id);
    expect(after.last_collection_at).not.toBeNull();
    expect(hours(after.last_collection_at!, after.next_collection_at!)).toBeCloseTo(6, 5);
    expect(after.recent_cycles).toEqual([
      {
        started_at: after.last_collection_at,
        finished_at: null,
        state: 'running',
        tasks: 1,
        failed_tasks: 0,
        new_posts: 0,
      },
    ]);
  });

  test('last collected is when a task of it completed, not when a cycle was planned; the view says when no extension is active', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['robots']);
    await schedulerTick(svc.ctx);
    const setActive = (ago: string) =>
      svc.ctx.db.query(
        `UPDATE memberships SET last_active_at = now() - $2::interval WHERE team_id = $1`,
        [team.id, ago],
      );
    // Ada's extension last seen three days ago: the planned cycle has no one to run it.
    await setActive('3 days');
    try {
      const planned = await view('keyword', id);
      expect(planned.last_collection_at).not.toBeNull();
      expect(planned).toMatchObject({ last_collected_at: null, extension_active: false });
    } finally {
      await setActive('0 seconds');
    }
    expect(await view('keyword', id)).toMatchObject({
      last_collected_at: null,
      extension_active: true,
    });
    await runAllTasks(svc, ada, () => ({ posts: [networkPost({ content: 'robots at work' })] }));
    const collected = await view('keyword', id);
    expect(collected.recent_cycles[0]!.state).toBe('done');
    expect(collected.last_collected_at).toBe(collected.recent_cycles[0]!.finished_at);
    // A later cycle that only fails leaves the last collection where it was.
    await dueNow(id);
    await schedulerTick(svc.ctx);
    const task = await claimTask(svc, ada);
    await svc.call('POST', `/agent/tasks/${task!.id}/fail`, {
      body: {
        attempt: task!.attempt,
        error: { code: 'not_found', message: 'gone', retryable: false },
      },
      headers: ada.agentHeaders,
    });
    const failed = await view('keyword', id);
    expect(failed.recent_cycles[0]!.state).toBe('failed');
    expect(failed.last_collected_at).toBe(collected.last_collected_at);
  });

  test('pausing clears the next collection, resuming gives it back (keyword PATCH)', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['robots']);
    await schedulerTick(svc.ctx);
    const planned = await view('keyword', id);
    expect(planned.next_collection_at).not.toBeNull();

    expect((await patch('keyword', { id, disable: true })).status).toBe(200);
    const paused = await view('keyword', id);
    expect(paused).toMatchObject({
      disable: true,
      next_collection_at: null,
      last_collection_at: planned.last_collection_at,
    });
    // The queued collection was dropped with the pause: the cycle lost its task.
    expect(paused.recent_cycles).toEqual([]);

    expect((await patch('keyword', { id, disable: false })).status).toBe(200);
    const resumed = await view('keyword', id);
    expect(resumed.disable).toBe(false);
    // Due again at once: the scheduler's next tick plans it.
    expect(Date.parse(resumed.next_collection_at!)).toBeLessThanOrEqual(Date.now());
    await schedulerTick(svc.ctx);
    expect((await view('keyword', id)).recent_cycles).toHaveLength(1);
  });

  test('pausing and resuming a people and a company watchlist, in the one view and in the list', async () => {
    const people = await insertListWatchlist(svc, team.id, 'people', [
      { identifier: 'ada-lovelace', kind: 'profile_slug' },
    ]);
    const company = await insertListWatchlist(svc, team.id, 'company', [
      { identifier: 'acme', kind: 'company_slug' },
    ]);
    await schedulerTick(svc.ctx);
    for (const [type, id] of [
      ['people', people],
      ['company', company],
    ] as const) {
      expect((await listed(type, id)).next_collection_at).not.toBeNull();
      expect(await (await patch(type, { id, disable: true })).json()).toEqual({
        success: true,
        id,
        message: 'Watchlist updated',
        disable: true,
      });
      expect(await view(type, id)).toMatchObject({ disable: true, next_collection_at: null });
      expect(await listed(type, id)).toMatchObject({ disable: true, next_collection_at: null });
      // Paused: its queued task is gone and the scheduler leaves it alone.
      expect(
        (await svc.ctx.db.query('SELECT 1 FROM tasks WHERE watchlist_id = $1', [id])).length,
      ).toBe(0);
      await dueNow(id);
      await schedulerTick(svc.ctx);
      expect(
        (await svc.ctx.db.query('SELECT 1 FROM tasks WHERE watchlist_id = $1', [id])).length,
      ).toBe(0);

      await patch(type, { id, disable: false });
      const resumed = await listed(type, id);
      expect(resumed.disable).toBe(false);
      expect(Date.parse(resumed.next_collection_at!)).toBeLessThanOrEqual(Date.now());
      await schedulerTick(svc.ctx);
      expect((await view(type, id)).recent_cycles[0]).toMatchObject({ state: 'running', tasks: 1 });
    }
  });
});

describe('recent cycles', () => {
  test('each cycle with the new posts it brought, newest first; a post seen again is not new; failed and running cycles say so', async () => {
    const id = await insertKeywordWatchlist(svc, team.id, ['robots', 'drones']);
    const a = networkPost({ content: 'robots a' });
    const b = networkPost({ content: 'robots b' });
    const c = networkPost({ content: 'drones c' });

    // Cycle 1: two tasks, three new posts.
    await schedulerTick(svc.ctx);
    await runAllTasks(svc, ada, (task) => ({
      posts: task.input.keyword === 'robots' ? [a, b] : [c],
    }));
    // Cycle 2: a seen again and one new post; the other task fails for good.
    await dueNow(id);
    await schedulerTick(svc.ctx);
    const first = await claimTask(svc, ada);
    await completeTask(svc, ada, first!, {
      posts: [a, networkPost({ content: 'robots and drones d' })],
    });
    const second = await claimTask(svc, ada);
    const failed = await svc.call('POST', `/agent/tasks/${second!.id}/fail`, {
      body: {
        attempt: second!.attempt,
        error: { code: 'not_found', message: 'no such search', retryable: false },
      },
      headers: ada.agentHeaders,
    });
    expect(failed.status).toBe(200);
    // Cycle 3: both tasks fail. Cycle 4: queued, not run yet.
    await dueNow(id);
    await schedulerTick(svc.ctx);
    for (let task = await claimTask(svc, ada); task; task = await claimTask(svc, ada)) {
      await svc.call('POST', `/agent/tasks/${task.id}/fail`, {
        body: {
          attempt: task.attempt,
          error: { code: 'not_found', message: 'gone', retryable: false },
        },
        headers: ada.agentHeaders,
      });
    }
    await dueNow(id);
    await schedulerTick(svc.ctx);

    const w = await view('keyword', id);
    expect(w.posts_count).toBe(4);
    expect(
      w.recent_cycles.map(({ state, tasks, failed_tasks, new_posts }) => ({
        state,
        tasks,
        failed_tasks,
        new_posts,
      })),
    ).toEqual([
      { state: 'running', tasks: 2, failed_tasks: 0, new_posts: 0 },
      { state: 'failed', tasks: 2, failed_tasks: 2, new_posts: 0 },
      { state: 'done', tasks: 2, failed_tasks: 1, new_posts: 1 },
      { state: 'done', tasks: 2, failed_tasks: 0, new_posts: 3 },
    ]);
    expect(w.recent_cycles[0]!.finished_at).toBeNull();
    for (const cycle of w.recent_cycles.slice(1))
      expect(Date.parse(cycle.finished_at!)).toBeGreaterThanOrEqual(Date.parse(cycle.started_at));
    expect(w.last_collection_at).toBe(w.recent_cycles[0]!.started_at);
  });

  test('at most five cycles are listed; a filing count an agent wrote itself is not believed', async () => {
    const id = await insertListWatchlist(svc, team.id, 'company', [
      { identifier: 'acme', kind: 'company_slug' },
    ]);
    for (let i = 0; i < 7; i++) {
      await dueNow(id);
      await schedulerTick(svc.ctx);
      await runAllTasks(svc, ada, () => ({ posts: [networkPost({ content: `post ${i}` })] }));
    }
    // An output whose `filing` the service never wrote (its watchlist vanished) carries no count.
    await svc.ctx.db.query(
      `UPDATE tasks SET output = jsonb_build_object('filing', jsonb_build_object('added', 'lots')) WHERE watchlist_id = $1 AND created_at = (SELECT max(created_at) FROM tasks WHERE watchlist_id = $1)`,
      [id],
    );
    const w = await view('company', id);
    expect(w.recent_cycles).toHaveLength(5);
    expect(w.recent_cycles.map((c) => c.new_posts)).toEqual([0, 1, 1, 1, 1]);
    expect((await listed('company', id)).recent_cycles).toEqual(w.recent_cycles);
    expect(w.posts_count).toBe(7);
  });
});
