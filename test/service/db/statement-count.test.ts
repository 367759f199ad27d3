import { afterAll, beforeAll, expect, test } from 'vitest';
import { databaseBusyMs, statementsRun } from '../../../src/service/db/statement-count.js';
import { startTestService, type TestService } from '../../support/test-service.js';

/**
 * What the service's database counts for the operator: statements run, and the time at least one
 * was in flight, which statements running side by side do not count twice.
 */
let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

test('a statement in flight counts as busy time, during it and after; statements side by side once', async () => {
  const { db } = svc.ctx;
  const statements = statementsRun(db);
  const before = databaseBusyMs(db);
  const started = performance.now();
  const sleeping = db.query('SELECT pg_sleep(0.2)');
  await new Promise((r) => setTimeout(r, 100));
  // Counted while it runs, not only when it ends.
  expect(databaseBusyMs(db) - before).toBeGreaterThanOrEqual(90);
  await Promise.all([
    sleeping,
    db.transaction(async (tx) => {
      await tx.query('SELECT pg_sleep(0.2)');
    }),
  ]);
  const wall = performance.now() - started;
  const busy = databaseBusyMs(db) - before;
  expect(statementsRun(db) - statements).toBe(2);
  expect(busy).toBeGreaterThanOrEqual(290);
  // Never more than the time that passed: overlapping statements are not summed.
  expect(busy).toBeLessThanOrEqual(wall + 1);
  const idle = databaseBusyMs(db);
  await new Promise((r) => setTimeout(r, 50));
  expect(databaseBusyMs(db)).toBe(idle);
});

test('a statement that fails still ends its busy time', async () => {
  const { db } = svc.ctx;
  await expect(db.query('SELECT no_such_column FROM teams')).rejects.toThrow();
  const idle = databaseBusyMs(db);
  await new Promise((r) => setTimeout(r, 30));
  expect(databaseBusyMs(db)).toBe(idle);
});
