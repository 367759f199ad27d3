import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable.js';
import { undocumented } from '../http/describe.js';

/**
 * `ok` when the database answers and is migrated; `degraded` while signals between instances cannot
 * arrive (the LISTEN connection is being re-opened: claims poll meanwhile); 503 `down` when the
 * database cannot be reached. A probe for the operator and the load balancer, not part of the API
 * reference.
 */
export const healthRoutes = new Hono<AppEnv>().get('/health', undocumented(), async (c) => {
  const { db, signals } = c.var.ctx;
  try {
    await db.query('SELECT 1 FROM schema_migrations LIMIT 1');
  } catch (err) {
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    return c.json(
      { status: 'down', database: db.kind, message: (err as Error).message.slice(0, 200) },
      503,
    );
  }
  return c.json({
    status: signals.healthy ? 'ok' : 'degraded',
    database: db.kind,
    listen: signals.healthy ? 'up' : 'reconnecting',
  });
});
