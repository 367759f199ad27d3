import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { PREPARED } from '../../../src/service/db/database.js';

// A prepared statement (QueryOptions.prepare) runs on one plan made for any values; every other
// statement is planned for its own values. Left to PostgreSQL's default, a prepared claim was
// re-planned at every call once the tasks table's statistics changed, and on one team's data each
// claim then spent longer planning than running (bench/queue.ts). On PGlite and on PostgreSQL.

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

const PLANS = `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1`;
// The setting as a statement with parameters sees it: one without has a single plan either way.
const mode = async (q: { query: TestService['ctx']['db']['query'] }) =>
  (await q.query<{ mode: string }>('SELECT current_setting($1) AS mode', ['plan_cache_mode']))[0]!
    .mode;

test('a prepared statement is planned once, for any values', async () => {
  const sql = 'SELECT count(*)::int AS n FROM tasks WHERE team_id = $1 AND status = $2';
  // One after another: each goes to the connection the last one left (on PostgreSQL, a pool's).
  for (let i = 0; i < 8; i++)
    await svc.ctx.db.query(sql, [crypto.randomUUID(), i % 2 ? 'pending' : 'failed'], PREPARED);
  const [plans] = await svc.ctx.db.query<{ generic: number; custom: number }>(
    PLANS,
    [sql],
    PREPARED,
  );
  // PostgreSQL's default makes a custom plan for each of the first five calls, and may go on so.
  expect(plans).toEqual({ generic: 8, custom: 0 });
});

test('every other statement is still planned for its values', async () => {
  await svc.ctx.db.query('SELECT 1', [], PREPARED);
  expect(await mode(svc.ctx.db)).toBe('auto');
});

test('a transaction asks for one plan per statement, and only for itself', async () => {
  const inside = await svc.ctx.db.transaction((tx) => mode(tx), { genericPlans: true });
  expect(inside).toBe('force_generic_plan');
  expect(await svc.ctx.db.transaction((tx) => mode(tx))).toBe('auto');
  expect(await mode(svc.ctx.db)).toBe('auto');
  // Rolled back, it leaves nothing behind either.
  await svc.ctx.db
    .transaction(async () => Promise.reject(new Error('undone')), { genericPlans: true })
    .catch(() => {});
  expect(await mode(svc.ctx.db)).toBe('auto');
});
