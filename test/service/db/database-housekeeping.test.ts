import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam } from '../../support/task-team.js';
import {
  ANALYZE_AT_MOST_EVERY_MS,
  dueAction,
  tidyEmbeddedDatabase,
} from '../../../src/service/db/housekeeping.js';
import { BACKGROUND_JOBS } from '../../../src/service/jobs.js';

// PGlite has no autovacuum: the service vacuums and analyzes it itself (db/housekeeping.ts). On a
// PostgreSQL server (CI's second pass) the server's autovacuum does, and the job leaves it alone.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const stats = async () => {
  // Counters reach the statistics views when the backend flushes them: force it, then read.
  await svc.ctx.db.query('SELECT pg_stat_force_next_flush()');
  await svc.ctx.db.query('SELECT 1');
  const [row] = await svc.ctx.db.query<{
    dead: number;
    last_vacuum: Date | null;
    last_analyze: Date | null;
    reltuples: number;
  }>(
    `SELECT s.n_dead_tup::int AS dead, s.last_vacuum, s.last_analyze, c.reltuples::float8 AS reltuples
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      WHERE s.relname = 'tasks' AND s.schemaname = current_schema()`,
  );
  return row!;
};

test('the background job runs it', () => {
  expect(BACKGROUND_JOBS.find((j) => j.name === 'tidy_embedded_database')).toBeDefined();
});

test('dead rows and stale sizes are tidied with autovacuum’s thresholds, once', async () => {
  const team = await createAgentTeam(svc, 'Tidy', [{ email: 'ada@tidy.test', role: 'admin' }]);
  await svc.ctx.db.query(
    `INSERT INTO tasks (id, team_id, type, input, status)
     SELECT gen_random_uuid(), $1, 'agent_profile_fetch', '{}'::jsonb, 'pending' FROM generate_series(1, 400)`,
    [team.id],
  );
  // Every task claimed and completed: two dead rows each, as the agent protocol leaves them.
  await svc.ctx.db.query(`UPDATE tasks SET status = 'processing' WHERE team_id = $1`, [team.id]);
  await svc.ctx.db.query(
    `UPDATE tasks SET status = 'completed', finished_at = now() WHERE team_id = $1`,
    [team.id],
  );
  const before = await stats();
  const tidied = await tidyEmbeddedDatabase(svc.ctx.db);
  const after = await stats();
  if (svc.ctx.db.kind === 'postgres') {
    expect(tidied).toEqual([]);
    return;
  }
  expect(before.dead).toBeGreaterThanOrEqual(800);
  expect(tidied).toContainEqual({ table: 'tasks', action: 'vacuum and analyze' });
  expect(after.dead).toBe(0);
  expect(after.last_vacuum).not.toBeNull();
  expect(after.last_analyze).not.toBeNull();
  expect(after.reltuples).toBeGreaterThanOrEqual(400);
  // Nothing changed since: nothing to do.
  expect((await tidyEmbeddedDatabase(svc.ctx.db)).map((t) => t.table)).not.toContain('tasks');

  // Dead rows again within the minute: vacuumed, not analyzed again.
  await svc.ctx.db.query(`UPDATE tasks SET updated_at = now() WHERE team_id = $1`, [team.id]);
  await svc.ctx.db.query(`UPDATE tasks SET updated_at = now() WHERE team_id = $1`, [team.id]);
  // Past the vacuum's threshold for 400 rows (130), whatever the updates pruned as they went.
  expect((await stats()).dead).toBeGreaterThan(400);
  expect(await tidyEmbeddedDatabase(svc.ctx.db)).toContainEqual({
    table: 'tasks',
    action: 'vacuum',
  });
  const again = await stats();
  expect(again.dead).toBe(0);
  expect(again.last_analyze).toEqual(after.last_analyze);
});

test('the thresholds are autovacuum’s defaults', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  const table = {
    table: 't',
    live: 1000,
    dead: 0,
    changed: 0,
    inserted: 0,
    reltuples: 1000,
    analyzed_at: new Date(now - ANALYZE_AT_MOST_EVERY_MS),
  };
  expect(dueAction(table, now)).toBeNull();
  expect(dueAction({ ...table, dead: 250 }, now)).toBeNull(); // 50 + 20 % of 1000 = 250
  expect(dueAction({ ...table, dead: 251 }, now)).toBe('vacuum and analyze');
  expect(dueAction({ ...table, changed: 150 }, now)).toBeNull(); // 50 + 10 %
  expect(dueAction({ ...table, changed: 151 }, now)).toBe('analyze');
  expect(dueAction({ ...table, inserted: 1201 }, now)).toBe('vacuum and analyze'); // 1000 + 20 %
  // Never analyzed: its first changes get it analyzed.
  const fresh = { ...table, reltuples: -1, live: 60, changed: 60, analyzed_at: null };
  expect(dueAction(fresh, now)).toBe('analyze');
});

test('a table is analyzed at most once a minute, autovacuum’s naptime; vacuums run as due', () => {
  const now = Date.parse('2026-11-29T12:00:00Z');
  const recently = new Date(now - ANALYZE_AT_MOST_EVERY_MS + 1);
  const table = {
    table: 'memberships',
    live: 10_000,
    dead: 0,
    changed: 5_000,
    inserted: 0,
    reltuples: 10_000,
    analyzed_at: recently,
  };
  expect(dueAction(table, now)).toBeNull();
  expect(dueAction({ ...table, dead: 5_000 }, now)).toBe('vacuum');
  expect(dueAction({ ...table, dead: 5_000 }, now + 1)).toBe('vacuum and analyze');
  expect(dueAction(table, now + 1)).toBe('analyze');
});
