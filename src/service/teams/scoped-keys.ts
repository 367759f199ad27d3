import type { Queryable } from '../db/database.js';
import type { ApiKeyScope, ApiKeyView, CreatedApiKey } from '../../contract/api-keys.js';
import { constantTimeEqual, randomSecret, sha256 } from '../security/crypto.js';
import type { ScopedKey } from '../auth/identities.js';
import { credentialsChanged, type CredentialCache } from '../auth/credential-cache.js';
import { iso } from '../tasks/task-row.js';

/**
 * Keys with a purpose (docs/security.md, "Credentials"): made by an admin, each with one scope,
 * kept as a SHA-256 hash only. The secret is in the answer that makes the key and nowhere else:
 * unlike the team key, no member ever needs it revealed again, so it is not sealed either.
 * The same `nak_` form as the team key, so every client and validator takes it as is.
 */

/** At most this many keys per team: a team has a handful of programs and assistants. */
const MAX_KEYS_PER_TEAM = 50;
/** `last_used_at` is written at most this often per key: a call costs no write of its own. */
const USE_MARK_MS = 60_000;
/** Most keys whose last mark this process remembers (beyond it, one more write now and then). */
const MAX_MARKS = 10_000;

export class ScopedKeyLimitError extends Error {}

export async function createScopedKey(
  tx: Queryable,
  teamId: string,
  body: { name: string; scope: ApiKeyScope },
  createdBy: string,
): Promise<CreatedApiKey> {
  const [{ n }] = (await tx.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM team_api_keys WHERE team_id = $1',
    [teamId],
  )) as [{ n: number }];
  if (n >= MAX_KEYS_PER_TEAM)
    throw new ScopedKeyLimitError(
      `A team has at most ${MAX_KEYS_PER_TEAM} API keys; revoke one first`,
    );
  const id = crypto.randomUUID();
  const key = randomSecret('nak', 32);
  const [row] = await tx.query<{ created_at: Date }>(
    `INSERT INTO team_api_keys (id, team_id, name, scope, key_hash, created_by)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`,
    [id, teamId, body.name, body.scope, sha256(key), createdBy],
  );
  return {
    id,
    name: body.name,
    scope: body.scope,
    api_key: key,
    created_at: iso(row!.created_at)!,
  };
}

export async function listScopedKeys(db: Queryable, teamId: string): Promise<ApiKeyView[]> {
  const rows = await db.query<{
    id: string;
    name: string;
    scope: ApiKeyScope;
    created_by: string | null;
    created_at: Date;
    last_used_at: Date | null;
  }>(
    `SELECT k.id, k.name, k.scope, u.email AS created_by, k.created_at, k.last_used_at
       FROM team_api_keys k LEFT JOIN users u ON u.id = k.created_by
      WHERE k.team_id = $1
      ORDER BY k.created_at, k.id`,
    [teamId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    scope: r.scope,
    created_by: r.created_by,
    created_at: iso(r.created_at)!,
    last_used_at: iso(r.last_used_at),
  }));
}

/** Deletes the key: refused at once, here and (at commit) in every instance. False: no such key of the team. */
export async function revokeScopedKey(tx: Queryable, teamId: string, id: string): Promise<boolean> {
  const rows = await tx.query(
    'DELETE FROM team_api_keys WHERE id = $1 AND team_id = $2 RETURNING id',
    [id, teamId],
  );
  if (rows.length === 0) return false;
  await credentialsChanged(tx, { team: teamId });
  return true;
}

/**
 * The key of one purpose `apiKey` is, with its team, through the credential cache. The index finds
 * the row; the comparison that decides is done in constant time.
 */
export async function findScopedKey(
  db: Queryable,
  apiKey: string,
  cache: CredentialCache,
): Promise<ScopedKey | null> {
  if (!/^nak_[A-Za-z0-9_-]{20,80}$/.test(apiKey)) return null;
  const hash = sha256(apiKey);
  const known = cache.scopedKey(hash);
  if (known) return known;
  const seen = cache.generation;
  const [row] = await db.query<{
    id: string;
    name: string;
    scope: ScopedKey['scope'];
    key_hash: Buffer;
    team_id: string;
    team_name: string;
    plan: string;
  }>(
    `SELECT k.id, k.name, k.scope, k.key_hash, t.id AS team_id, t.name AS team_name, t.plan
       FROM team_api_keys k JOIN teams t ON t.id = k.team_id
      WHERE k.key_hash = $1`,
    [hash],
  );
  if (!row || !constantTimeEqual(Buffer.from(row.key_hash), hash)) return null;
  const key: ScopedKey = {
    id: row.id,
    name: row.name,
    scope: row.scope,
    team: { id: row.team_id, name: row.team_name, plan: row.plan },
  };
  cache.rememberScopedKey(hash, key, seen);
  return key;
}

/** When this process last wrote each key's `last_used_at`. */
const marked = new Map<string, number>();

/**
 * Records that a call carried the key: at most once a minute per key in this process, and the
 * statement itself skips a row another instance marked within the minute.
 */
export async function markScopedKeyUsed(
  db: Queryable,
  keyId: string,
  now = Date.now(),
): Promise<void> {
  const last = marked.get(keyId);
  if (last !== undefined && now - last < USE_MARK_MS) return;
  if (marked.size >= MAX_MARKS) marked.delete(marked.keys().next().value!);
  marked.delete(keyId);
  marked.set(keyId, now);
  await db.query(
    `UPDATE team_api_keys SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [keyId],
  );
}
