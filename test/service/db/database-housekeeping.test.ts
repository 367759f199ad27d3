import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam } from '../../support/task-team.js';
import { dueAction, tidyEmbeddedDatabase } from '../../../src/service/db/housekeeping.js';
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
  expect(tidied).toContainEqual({ table: 'tasks', action: 'vacuum' });
  expect(after.dead).toBe(0);
  expect(after.last_vacuum).not.toBeNull();
  expect(after.last_analyze).not.toBeNull();
  expect(after.reltuples).toBeGreaterThanOrEqual(400);
  // Nothing changed since: nothing to do.
  expect((await tidyEmbeddedDatabase(svc.ctx.db)).map((t) => t.table)).not.toContain('tasks');
});

test('the thresholds are autovacuum’s defaults', () => {
  const table = { table: 't', live: 1000, dead: 0, changed: 0, inserted: 0, reltuples: 1000 };
  expect(dueAction(table)).toBeNull();
  expect(dueAction({ ...table, dead: 250 })).toBeNull(); // 50 + 20 % of 1000 = 250
  expect(dueAction({ ...table, dead: 251 })).toBe('vacuum');
  expect(dueAction({ ...table, changed: 150 })).toBeNull(); // 50 + 10 %
  expect(dueAction({ ...table, changed: 151 })).toBe('analyze');
  expect(dueAction({ ...table, inserted: 1201 })).toBe('vacuum'); // 1000 + 20 %
  // Never analyzed: its first changes get it analyzed.
  expect(dueAction({ ...table, reltuples: -1, live: 60, changed: 60 })).toBe('analyze');
});
