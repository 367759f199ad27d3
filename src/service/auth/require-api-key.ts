import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { findTeamByApiKey, findTeamByRetiredKey } from '../teams/api-keys.js';
import { HttpError } from '../http/http-error.js';
import { checkAgentToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';
import { TOKEN_EXPIRED, TOKEN_REVOKED } from './token-lifetimes.js';
import { findScopedKey, markScopedKeyUsed } from '../teams/scoped-keys.js';
import { checkKeyScope } from './key-scope.js';

/**
 * `x-api-key` -> the team. Network and task operations answer `Missing API Key` / `Invalid API Key`;
 * watchlist operations answer `Unauthorized` for both, as the spec's error table says.
 *
 * A key an admin made for one purpose (teams/scoped-keys.ts) names its team too, and what its scope
 * allows on this route is decided before the route runs (auth/key-scope.ts): `keyScope` says which.
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
    const teamKey = await findTeamByApiKey(db, key, credentials);
    const scoped = teamKey ? null : await findScopedKey(db, key, credentials);
    const team =
      teamKey ?? scoped?.team ?? (await retiredKeyWithMember(c.req.header('authorization'), key));
    if (!team) throw new HttpError(401, style === 'watchlist' ? 'Unauthorized' : 'Invalid API Key');
    c.set('team', team);
    c.set('keyScope', scoped?.scope ?? 'team');
    c.set('scopedKey', scoped);
    c.set('aiWrites', null);
    if (scoped) {
      await markScopedKeyUsed(db, scoped.id);
      c.set('aiWrites', await checkKeyScope(c, scoped));
    }
    return next();

    async function retiredKeyWithMember(authorization: string | undefined, retired: string) {
      const token = bearerToken(authorization);
      if (!token) return null;
      const old = await findTeamByRetiredKey(
        db,
        retired,
        c.var.ctx.config.RETIRED_KEY_HOURS,
        credentials,
      );
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
