import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../support/test-service.js';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService();
});
afterAll(() => svc.close());

test('GET /health answers ok with the database kind once migrated', async () => {
  const res = await svc.call('GET', '/health');
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    status: 'ok',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    listen: 'up',
  });
});

test('an unknown path answers 404 in the error shape', async () => {
  const res = await svc.call('GET', '/nope');
  expect(res.status).toBe(404);
  expect(await res.json()).toEqual({ error: 'Not found' });
});
