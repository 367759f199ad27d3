import type { Queryable } from '../db/database.js';
import { constantTimeEqual, randomSecret, sha256 } from '../security/crypto.js';
import type { AgentIdentity } from './identities.js';
import { credentialsChanged, type CredentialCache } from './credential-cache.js';
import { TOKEN_EXPIRED_SQL, TOKEN_LIVES_S_SQL, type TokenKind } from './token-lifetimes.js';

/** docs/agent-protocol.md "Identity": a random secret (192 bits) bound to a user; only its hash is kept. */
export async function issueAgentToken(
  db: Queryable,
  userId: string,
  kind: TokenKind = 'extension',
): Promise<string> {
  const token = randomSecret('nat', 24);
  await db.query('INSERT INTO agent_tokens (token_hash, user_id, kind) VALUES ($1, $2, $3)', [
    sha256(token),
    userId,
    kind,
  ]);
  return token;
}

/** Why a token is refused: not one of this team's members', signed out or removed, or ended by age. */
type TokenRefusal = 'invalid' | 'revoked' | 'expired';
type TokenCheck = { agent: AgentIdentity } | { refused: TokenRefusal };

/** The member behind a token, if the token is live and its user belongs to `teamId`; else why not. */
export async function checkAgentToken(
  db: Queryable,
  teamId: string,
  token: string,
  cache?: CredentialCache,
): Promise<TokenCheck> {
  if (!/^nat_[A-Za-z0-9_-]{20,80}$/.test(token)) return { refused: 'invalid' };
  const hash = sha256(token);
  const known = cache?.agent(hash, teamId);
  if (known) return { agent: known };
  const seen = cache?.generation ?? 0;
  const [row] = await db.query<{
    token_hash: Buffer;
    user_id: string;
    email: string;
    full_name: string;
    role: 'admin' | 'member' | null;
    revoked: boolean;
    expired: boolean;
    use_stale: boolean;
    lives_s: number | string;
  }>(
    `SELECT t.token_hash, u.id AS user_id, u.email, u.full_name, m.role,
            t.revoked_at IS NOT NULL AS revoked, ${TOKEN_EXPIRED_SQL} AS expired,
            t.last_used_at < now() - interval '1 day' AS use_stale, ${TOKEN_LIVES_S_SQL} AS lives_s
       FROM agent_tokens t
       JOIN users u ON u.id = t.user_id
       LEFT JOIN memberships m ON m.user_id = u.id AND m.team_id = $2
      WHERE t.token_hash = $1`,
    [hash, teamId],
  );
  if (!row || !constantTimeEqual(Buffer.from(row.token_hash), hash)) return { refused: 'invalid' };
  if (row.revoked) return { refused: 'revoked' };
  if (row.expired) return { refused: 'expired' };
  if (row.role === null) return { refused: 'invalid' };
  // `/agent/` calls mark use (auth/require-member.ts) once per member every few seconds, so one of
  // a member's two browsers may seldom win the mark: a token in use is marked here at least daily.
  if (row.use_stale)
    await db.query('UPDATE agent_tokens SET last_used_at = now() WHERE token_hash = $1', [hash]);
  const agent = {
    userId: row.user_id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    tokenHash: hash,
  };
  cache?.rememberAgent(hash, teamId, agent, seen, Number(row.lives_s) * 1000);
  return { agent };
}

/** The member behind a token, only if the token is live and its user belongs to `teamId`. */
export async function findAgentByToken(
  db: Queryable,
  teamId: string,
  token: string,
  cache?: CredentialCache,
): Promise<AgentIdentity | null> {
  const check = await checkAgentToken(db, teamId, token, cache);
  return 'agent' in check ? check.agent : null;
}

/** What a token was issued for, to give a token that replaces it (a move to another team) the same kind. */
export async function tokenKind(db: Queryable, tokenHash: Buffer): Promise<TokenKind> {
  const [row] = await db.query<{ kind: TokenKind }>(
    'SELECT kind FROM agent_tokens WHERE token_hash = $1',
    [tokenHash],
  );
  return row?.kind ?? 'extension';
}

export async function revokeAgentToken(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query(
    'UPDATE agent_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash],
  );
  await credentialsChanged(db, { token: tokenHash.toString('hex') });
}
