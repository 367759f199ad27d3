import type { Queryable } from '../db/database.js';
import { constantTimeEqual, randomSecret, sha256 } from '../security/crypto.js';
import type { AgentIdentity } from './identities.js';
import { credentialsChanged, type CredentialCache } from './credential-cache.js';

/** docs/agent-protocol.md "Identity": a random secret (192 bits) bound to a user; only its hash is kept. */
export async function issueAgentToken(db: Queryable, userId: string): Promise<string> {
  const token = randomSecret('nat', 24);
  await db.query('INSERT INTO agent_tokens (token_hash, user_id) VALUES ($1, $2)', [
    sha256(token),
    userId,
  ]);
  return token;
}

/** The member behind a token, only if the token is live and its user belongs to `teamId`. */
export async function findAgentByToken(
  db: Queryable,
  teamId: string,
  token: string,
  cache?: CredentialCache,
): Promise<AgentIdentity | null> {
  if (!/^nat_[A-Za-z0-9_-]{20,80}$/.test(token)) return null;
  const hash = sha256(token);
  const known = cache?.agent(hash, teamId);
  if (known) return known;
  const [row] = await db.query<{
    token_hash: Buffer;
    user_id: string;
    email: string;
    full_name: string;
    role: 'admin' | 'member';
  }>(
    `SELECT t.token_hash, u.id AS user_id, u.email, u.full_name, m.role
       FROM agent_tokens t
       JOIN users u ON u.id = t.user_id
       JOIN memberships m ON m.user_id = u.id AND m.team_id = $2
      WHERE t.token_hash = $1 AND t.revoked_at IS NULL`,
    [hash, teamId],
  );
  if (!row || !constantTimeEqual(Buffer.from(row.token_hash), hash)) return null;
  const agent = {
    userId: row.user_id,
    email: row.email,
    fullName: row.full_name,
    role: row.role,
    tokenHash: hash,
  };
  cache?.rememberAgent(hash, teamId, agent);
  return agent;
}

export async function revokeAgentToken(db: Queryable, tokenHash: Buffer): Promise<void> {
  await db.query(
    'UPDATE agent_tokens SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
    [tokenHash],
  );
  await credentialsChanged(db, { token: tokenHash.toString('hex') });
}
