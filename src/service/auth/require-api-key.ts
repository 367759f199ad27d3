import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { findTeamByApiKey } from '../teams/api-keys.js';
import { HttpError } from '../http/http-error.js';

/**
 * `x-api-key` -> the team. Network and task operations answer `Missing API Key` / `Invalid API Key`;
 * watchlist operations answer `Unauthorized` for both, as the spec's error table says.
 */
export function requireApiKey(style: 'network' | 'watchlist' = 'network') {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('x-api-key')?.trim();
    if (!key) throw new HttpError(401, style === 'watchlist' ? 'Unauthorized' : 'Missing API Key');
    const team = await findTeamByApiKey(c.var.ctx.db, key, c.var.ctx.credentials);
    if (!team) throw new HttpError(401, style === 'watchlist' ? 'Unauthorized' : 'Invalid API Key');
    c.set('team', team);
    await next();
  });
}
