import type { Queryable } from '../db/database.js';
import {
  constantTimeEqual,
  decryptSecret,
  encryptSecret,
  randomSecret,
  sha256,
} from '../security/crypto.js';
import type { TeamRow } from '../auth/identities.js';
import { credentialsChanged, type CredentialCache } from '../auth/credential-cache.js';

/**
 * One API key per team. Stored as a SHA-256 hash (for look-up) and sealed with SECRET_KEY (so a
 * member can reveal it in the dashboard or the verify answer). Never logged.
 */
export function newApiKey(): string {
  return randomSecret('nak', 32);
}

export async function findTeamByApiKey(
  db: Queryable,
  apiKey: string,
  cache?: CredentialCache,
): Promise<TeamRow | null> {
  if (!/^nak_[A-Za-z0-9_-]{20,80}$/.test(apiKey)) return null;
  const hash = sha256(apiKey);
  const known = cache?.team(hash);
  if (known) return known;
  const rows = await db.query<TeamRow & { api_key_hash: Buffer }>(
    'SELECT id, name, plan, api_key_hash FROM teams WHERE api_key_hash = $1',
    [hash],
  );
  const row = rows[0];
  // The index finds the row; the comparison that decides is done in constant time.
  if (!row || !constantTimeEqual(Buffer.from(row.api_key_hash), hash)) return null;
  const team = { id: row.id, name: row.name, plan: row.plan };
  cache?.rememberTeam(hash, team);
  return team;
}

export async function revealApiKey(
  db: Queryable,
  secretKey: Buffer,
  teamId: string,
): Promise<string> {
  const [row] = await db.query<{ api_key_encrypted: string }>(
    'SELECT api_key_encrypted FROM teams WHERE id = $1',
    [teamId],
  );
  if (!row) throw new Error(`team ${teamId} not found`);
  return decryptSecret(secretKey, row.api_key_encrypted);
}

/** Operator's rotation: the old key stops working at once. Returns the new key. */
export async function rotateApiKey(
  db: Queryable,
  secretKey: Buffer,
  teamId: string,
): Promise<string> {
  const key = newApiKey();
  const rows = await db.query(
    'UPDATE teams SET api_key_hash = $2, api_key_encrypted = $3, api_key_rotated_at = now() WHERE id = $1 RETURNING id',
    [teamId, sha256(key), encryptSecret(secretKey, key)],
  );
  if (rows.length === 0) throw new Error(`team ${teamId} not found`);
  // The old key stops working at once, in every instance.
  await credentialsChanged(db, { team: teamId });
  return key;
}

export async function createTeam(
  db: Queryable,
  secretKey: Buffer,
  name: string,
): Promise<TeamRow & { apiKey: string }> {
  const key = newApiKey();
  const id = crypto.randomUUID();
  await db.query(
    'INSERT INTO teams (id, name, api_key_hash, api_key_encrypted) VALUES ($1, $2, $3, $4)',
    [id, name, sha256(key), encryptSecret(secretKey, key)],
  );
  return { id, name, plan: 'free', apiKey: key };
}
