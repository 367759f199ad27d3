import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { DATABASE_RETRY_AFTER_S } from '../db/unavailable.js';
import { undocumented } from '../http/describe.js';
import { isOperator } from '../metrics/operator-token.js';
import { operatorDetail } from '../metrics/operator-detail.js';

/**
 * `ok` when the database answers and is migrated; `degraded` while signals between instances cannot
 * arrive (the LISTEN connection is being re-opened: claims poll meanwhile); 503 `down` when the
 * database cannot be reached (why is logged, never answered). A probe for the operator and the load balancer, not part of the API
 * reference. With the operator's `METRICS_TOKEN` as Bearer, a `detail` block adds the figures of
 * GET /metrics; without it (or with a wrong one) the answer is the public one.
 */
export const healthRoutes = new Hono<AppEnv>().get('/health', undocumented(), async (c) => {
  const { db, signals, config, metrics, log } = c.var.ctx;
  try {
    await db.query('SELECT 1 FROM schema_migrations LIMIT 1');
  } catch (err) {
    // The probe is public: the database's own words (host names, users, schema) go to the log only.
    log.warn('health_database_down', { message: (err as Error).message.slice(0, 500) });
    c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
    return c.json({ status: 'down', database: db.kind }, 503);
  }
  const operator = isOperator(c.req.header('authorization'), config.METRICS_TOKEN);
  return c.json({
    status: signals.healthy ? 'ok' : 'degraded',
    database: db.kind,
    listen: signals.healthy ? 'up' : 'reconnecting',
    ...(operator ? { detail: await operatorDetail(metrics) } : {}),
  });
});
