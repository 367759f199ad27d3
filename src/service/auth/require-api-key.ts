import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { findTeamByApiKey, findTeamByRetiredKey } from '../teams/api-keys.js';
import { HttpError } from '../http/http-error.js';
import { checkAgentToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';
import { TOKEN_EXPIRED, TOKEN_REVOKED } from './token-lifetimes.js';

/**
 * `x-api-key` -> the team. Network and task operations answer `Missing API Key` / `Invalid API Key`;
 * watchlist operations answer `Unauthorized` for both, as the spec's error table says.
 *
 * A key the team has rotated out still names the team when the call also carries a live agent
 * token of one of its members: the extension and the dashboard, which send both, keep working
 * across a rotation without a new sign-in. Alone, such a key is refused like any unknown key.
 */
export function requireApiKey(style: 'network' | 'watchlist' = 'network') {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('x-api-key')?.trim();
    if (!key) throw new HttpError(401, style === 'watchlist' ? 'Unauthorized' : 'Missing API Key');
    const { db, credentials } = c.var.ctx;
    const team =
      (await findTeamByApiKey(db, key, credentials)) ??
      (await retiredKeyWithMember(c.req.header('authorization'), key));
    if (!team) throw new HttpError(401, style === 'watchlist' ? 'Unauthorized' : 'Invalid API Key');
    c.set('team', team);
    return next();

    async function retiredKeyWithMember(authorization: string | undefined, retired: string) {
      const token = bearerToken(authorization);
      if (!token) return null;
      const old = await findTeamByRetiredKey(db, retired, credentials);
      if (!old) return null;
      const check = await checkAgentToken(db, old.id, token, credentials);
      if ('agent' in check) return old;
      // The key was this team's: say what is wrong with the token, which is what needs renewing.
      if (check.refused === 'expired') throw new HttpError(401, TOKEN_EXPIRED);
      if (check.refused === 'revoked') throw new HttpError(401, TOKEN_REVOKED);
      return null;
    }
  });
}
