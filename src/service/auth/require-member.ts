import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { checkAgentToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';
import { TOKEN_EXPIRED, TOKEN_INVALID, TOKEN_REVOKED } from './token-lifetimes.js';

const REFUSALS = { invalid: TOKEN_INVALID, revoked: TOKEN_REVOKED, expired: TOKEN_EXPIRED };

/**
 * After requireApiKey: `authorization: Bearer <agent_token>` -> the member of that team. A token
 * that is unknown or not this team's member's is `Invalid agent token`; one signed out or revoked
 * by a removal, or ended by its lifetime (auth/token-lifetimes.ts), says so and asks for a new
 * sign-in. `/agent/` calls also record the member's `last_active_at` (the 48-hour rule) and the
 * token's use, which keeps an extension's token alive.
 */
export function requireMember(opts: { recordActivity: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const { db, credentials, activity } = c.var.ctx;
    const check = token
      ? await checkAgentToken(db, c.var.team.id, token, credentials)
      : { refused: 'invalid' as const };
    if (!('agent' in check)) throw new HttpError(401, REFUSALS[check.refused]);
    const { agent } = check;
    c.set('agent', agent);
    // Recorded before the handler runs (a long-poll claim proves liveness when it arrives), at
    // most every few seconds per member (auth/activity-marks.ts); one round trip for both marks.
    if (opts.recordActivity && activity.due(c.var.team.id, agent.userId)) {
      try {
        await db.query(
          `WITH token AS (UPDATE agent_tokens SET last_used_at = now() WHERE token_hash = $3)
           UPDATE memberships SET last_active_at = now() WHERE team_id = $1 AND user_id = $2`,
          [c.var.team.id, agent.userId, agent.tokenHash],
        );
      } catch (err) {
        activity.undo(c.var.team.id, agent.userId);
        throw err;
      }
    }
    await next();
  });
}
