import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';

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

test('a failing database is 503 down without its error text, which goes to the log', async () => {
  const logged: { event: string; fields?: Record<string, unknown> }[] = [];
  const log = svc.ctx.log;
  svc.ctx.log = {
    info: (event, fields) => logged.push({ event, fields }),
    warn: (event, fields) => logged.push({ event, fields }),
    error: (event, fields) => logged.push({ event, fields }),
  };
  // The probe's query fails as it would on a database that lost its schema.
  await svc.ctx.db.query('ALTER TABLE schema_migrations RENAME TO schema_migrations_away');
  try {
    const res = await svc.call('GET', '/health');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBeTruthy();
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({
      status: 'down',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
    expect(body).not.toContain('schema_migrations');
    const entry = logged.find((l) => l.event === 'health_database_down');
    expect(String(entry?.fields?.message)).toContain('schema_migrations');
  } finally {
    await svc.ctx.db.query('ALTER TABLE schema_migrations_away RENAME TO schema_migrations');
    svc.ctx.log = log;
  }
  expect((await svc.call('GET', '/health')).status).toBe(200);
});
