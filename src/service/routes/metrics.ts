import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { undocumented } from '../http/describe.js';
import { isOperator } from '../metrics/operator-token.js';

/**
 * Prometheus text format for the operator (docs/operations.md, "Metrics"), not part of the API
 * reference. 404 while `METRICS_TOKEN` is unset (the endpoint does not exist); 401 without it.
 */
export const metricsRoutes = new Hono<AppEnv>().get('/metrics', undocumented(), async (c) => {
  const { config, metrics } = c.var.ctx;
  if (!config.METRICS_TOKEN) return c.json({ error: 'Not found' }, 404);
  if (!isOperator(c.req.header('authorization'), config.METRICS_TOKEN)) {
    c.header('WWW-Authenticate', 'Bearer realm="metrics"');
    return c.json({ error: 'Invalid metrics token' }, 401);
  }
  c.header('Content-Type', metrics.registry.contentType);
  c.header('Cache-Control', 'no-store');
  return c.body(await metrics.registry.metrics());
});
