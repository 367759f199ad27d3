import type { Context } from 'hono';
import type { AppEnv } from '../context.js';
import type { QueuedBy } from '../tasks/enqueue.js';
import { findAgentByToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';

/**
 * Who queues a task with this call (after requireApiKey), for the member it runs as to see: the
 * signed-in member whose agent token rides along (the dashboard sends it), or else the team's API
 * key. A token that is not a member's of this team says nothing: the key alone authorised the call.
 */
export async function queuedBy(c: Context<AppEnv>): Promise<QueuedBy> {
  const token = bearerToken(c.req.header('authorization'));
  const { db, credentials } = c.var.ctx;
  const member = token ? await findAgentByToken(db, c.var.team.id, token, credentials) : null;
  return member ? { kind: 'member', userId: member.userId } : { kind: 'api_key' };
}
