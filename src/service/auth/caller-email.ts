import type { Context } from 'hono';
import type { AppEnv } from '../context.js';
import { findAgentByToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';

/**
 * The e-mail of the signed-in member whose agent token rides along with a key-authorised call (the
 * dashboard sends it), or null when the team's API key alone made it.
 */
export async function callerEmail(c: Context<AppEnv>): Promise<string | null> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) return null;
  const { db, credentials } = c.var.ctx;
  const member = await findAgentByToken(db, c.var.team.id, token, credentials);
  return member?.email ?? null;
}
