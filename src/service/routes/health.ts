import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable.js';
import { undocumented } from '../http/describe.js';

/**
 * `ok` when the database answers and is migrated; `degraded` while signals between instances cannot
 * arrive (the LISTEN connection is being re-opened: claims poll meanwhile); 503 `down` when the
 * database cannot be reached (why is logged, never answered). A probe for the operator and the load balancer, not part of the API
 * reference.
 */
export const healthRoutes = new Hono<AppEnv>().get('/health', undocumented(), async (c) => {
  const { db, signals, log } = c.var.ctx;
  try {
    await db.query('SELECT 1 FROM schema_migrations LIMIT 1');
  } catch (err) {
    // The probe is public: the database's own words (host names, users, schema) go to the log only.
    log.warn('health_database_down', { message: (err as Error).message.slice(0, 500) });
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    return c.json({ status: 'down', database: db.kind }, 503);
  }
  return c.json({
    status: signals.healthy ? 'ok' : 'degraded',
    database: db.kind,
    listen: signals.healthy ? 'up' : 'reconnecting',
  });
});
