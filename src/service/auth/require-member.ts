import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { checkAgentToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';
import { writeMarks } from './activity-marks.js';
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
    // Recorded as the call arrives (a long-poll claim proves liveness then), at most every few
    // seconds per member, and after the member's first mark together with other members' marks
    // (auth/activity-marks.ts).
    const mark = { teamId: c.var.team.id, userId: agent.userId, tokenHash: agent.tokenHash };
    const first = !activity.seen(mark.teamId, mark.userId);
    if (opts.recordActivity && activity.due(mark.teamId, mark.userId)) {
      if (!first) activity.queue(mark);
      else
        await writeMarks(db, [mark]).catch((err: unknown) => {
          activity.undo(mark.teamId, mark.userId);
          throw err;
        });
    }
    return next();
  });
}
