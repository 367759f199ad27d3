import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { findAgentByToken } from './agent-tokens.js';

/** The agent token of `authorization: Bearer <token>`, if the header carries one. */
export const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/**
 * After requireApiKey: `authorization: Bearer <agent_token>` -> the member of that team.
 * `/agent/` calls also record the member's `last_active_at` (the 48-hour rule).
 */
export function requireMember(opts: { recordActivity: boolean }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    const { db, credentials, activity } = c.var.ctx;
    const agent = token ? await findAgentByToken(db, c.var.team.id, token, credentials) : null;
    if (!agent) throw new HttpError(401, 'Invalid agent token');
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
