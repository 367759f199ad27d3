import { Hono } from 'hono';
import { z } from '../../contract/zod.js';
import { NetworkMapRollbackBody } from '../../contract/operator.js';
import type { AppEnv } from '../context.js';
import { requireOperator } from '../auth/require-operator.js';
import { undocumented } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { validate } from '../http/route-input.js';
import {
  MapRefused,
  parseNetworkMap,
  publishNetworkMap,
  rollBackNetworkMap,
} from '../network-map/publish.js';
import { networkMapStatus } from '../network-map/status.js';
import { networkHealthReport } from '../network-health/report.js';

/**
 * The operator's routes, called by the ops CLI while the service holds the embedded database
 * (docs/operations.md): publish a network map, roll it back, see which extension runs which one.
 * Authenticated by the operator token, not a team's key; not part of the team API's reference.
 */
export const operatorRoutes = new Hono<AppEnv>()
  .use('/ops/*', requireOperator)
  .post(
    '/ops/network-map',
    undocumented(),
    validate('json', z.record(z.string(), z.unknown())),
    async (c) => {
      const map = refusedAs400(() => parseNetworkMap(c.req.valid('json')));
      return c.json(await refusedAs409(publishNetworkMap(c.var.ctx.db, map)));
    },
  )
  .post(
    '/ops/network-map/rollback',
    undocumented(),
    validate('json', NetworkMapRollbackBody),
    async (c) => {
      const { version } = c.req.valid('json');
      return c.json(await refusedAs409(rollBackNetworkMap(c.var.ctx.db, version)));
    },
  )
  .get('/ops/network-map/status', undocumented(), async (c) =>
    c.json(await networkMapStatus(c.var.ctx.db)),
  )
  .get('/ops/network-health', undocumented(), async (c) =>
    c.json(await networkHealthReport(c.var.ctx.db)),
  );

function refusedAs400<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof MapRefused) throw new HttpError(400, `The body is ${err.message}`);
    throw err;
  }
}

async function refusedAs409<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (err) {
    if (err instanceof MapRefused) throw new HttpError(409, err.message);
    throw err;
  }
}
