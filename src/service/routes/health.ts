import { Hono } from 'hono';
import type { AppEnv } from '../context.js';

export const healthRoutes = new Hono<AppEnv>().get('/health', async (c) => {
  const { db } = c.var.ctx;
  // Answers ok only once the database is reachable and migrated.
  await db.query('SELECT 1 FROM schema_migrations LIMIT 1');
  return c.json({ status: 'ok', database: db.kind });
});
