import type { Context } from 'hono';
import type { AppEnv } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { checkAgentToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';
import { TOKEN_EXPIRED, TOKEN_INVALID, TOKEN_REVOKED } from './token-lifetimes.js';

const REFUSALS = { invalid: TOKEN_INVALID, revoked: TOKEN_REVOKED, expired: TOKEN_EXPIRED };

export const OUTBOUND_NEEDS_ADMIN =
  "Access denied: only an admin sets where the team's data is sent (slack_webhook_url): send the team key with an admin's agent token";
export const OUTBOUND_NOT_OVER_MCP =
  "Access denied: an AI client never sets where the team's data is sent (slack_webhook_url); an admin sets it in the dashboard";
export const OUTBOUND_NOT_FOR_AI =
  "Access denied: this API key's scope is ai (an AI client never sets where the team's data is sent)";

/**
 * After requireApiKey, on a call that sets a URL the service will send the team's data to (a
 * keyword watchlist's Slack webhook; team webhooks use requireAdmin): only an admin's sign-in may,
 * as for webhooks. A key alone, of any scope, is refused, and an `ai` key even with an admin's
 * token: an assistant holding both must not open a channel out of the team.
 */
export async function requireOutboundAdmin(c: Context<AppEnv>): Promise<void> {
  if (c.var.keyScope === 'ai') throw new HttpError(403, OUTBOUND_NOT_FOR_AI);
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new HttpError(403, OUTBOUND_NEEDS_ADMIN);
  const { db, credentials } = c.var.ctx;
  const check = await checkAgentToken(db, c.var.team.id, token, credentials);
  if (!('agent' in check)) throw new HttpError(401, REFUSALS[check.refused]);
  if (check.agent.role !== 'admin') throw new HttpError(403, OUTBOUND_NEEDS_ADMIN);
}
