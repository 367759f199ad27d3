/**
 * How long an agent token lives. An extension's token ends after this many days without an
 * accepted `/agent/` call (each one counts as use, so a working extension never renews); a
 * dashboard sign-in's token ends a day after it was issued, or at sign-out. Revoked tokens (sign-out,
 * removal from the team, a move to another team) end at once.
 */
const EXTENSION_TOKEN_IDLE_DAYS = 30;
const DASHBOARD_TOKEN_HOURS = 24;

/** What a token was issued for (agent_tokens.kind). */
export type TokenKind = 'extension' | 'dashboard';

/** The answers for a token that no longer works: any 401 here means "sign in again". */
export const TOKEN_EXPIRED = 'Agent token expired; sign in again';
export const TOKEN_REVOKED = 'Agent token revoked; sign in again';
export const TOKEN_INVALID = 'Invalid agent token';

/** SQL (over `agent_tokens t`) that is true when the token has ended by age or disuse. */
export const TOKEN_EXPIRED_SQL = `(
  (t.kind = 'dashboard' AND t.created_at <= now() - make_interval(hours => ${DASHBOARD_TOKEN_HOURS}))
  OR coalesce(t.last_used_at, t.created_at) <= now() - make_interval(days => ${EXTENSION_TOKEN_IDLE_DAYS}))`;

/** SQL (over `agent_tokens t`): seconds until the token ends by age or disuse if not used again. */
export const TOKEN_LIVES_S_SQL = `EXTRACT(EPOCH FROM (LEAST(
  CASE WHEN t.kind = 'dashboard' THEN t.created_at + make_interval(hours => ${DASHBOARD_TOKEN_HOURS}) END,
  coalesce(t.last_used_at, t.created_at) + make_interval(days => ${EXTENSION_TOKEN_IDLE_DAYS})) - now()))`;
