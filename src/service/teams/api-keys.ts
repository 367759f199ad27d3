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
function newApiKey(): string {
  return randomSecret('nak', 32);
}

export async function findTeamByApiKey(
  db: Queryable,
  apiKey: string,
  cache?: CredentialCache,
): Promise<TeamRow | null> {
  return findTeamByKeyHash(
    db,
    apiKey,
    'SELECT id, name, plan, api_key_hash AS key_hash FROM teams WHERE api_key_hash = $1',
    [],
    cache && {
      known: (h) => cache.team(h),
      generation: () => cache.generation,
      remember: (h, t, seen) => cache.rememberTeam(h, t, seen),
    },
  );
}

/**
 * The team whose row `sql` finds by a well-formed key's hash ($1, answered as `key_hash`; `params`
 * follow it), through the credential cache when one is given. The index finds the row; the
 * comparison that decides is done in constant time. A row that answers `lives_ms` is remembered no
 * longer than that.
 */
async function findTeamByKeyHash(
  db: Queryable,
  apiKey: string,
  sql: string,
  params: unknown[],
  cache?: {
    known(hash: Buffer): TeamRow | undefined;
    generation(): number;
    remember(hash: Buffer, team: TeamRow, seen: number, livesMs: number): void;
  },
): Promise<TeamRow | null> {
  if (!/^nak_[A-Za-z0-9_-]{20,80}$/.test(apiKey)) return null;
  const hash = sha256(apiKey);
  const known = cache?.known(hash);
  if (known) return known;
  const seen = cache?.generation();
  const [row] = await db.query<TeamRow & { key_hash: Buffer; lives_ms?: number }>(sql, [
    hash,
    ...params,
  ]);
  if (!row || !constantTimeEqual(Buffer.from(row.key_hash), hash)) return null;
  const team = { id: row.id, name: row.name, plan: row.plan };
  cache?.remember(hash, team, seen!, row.lives_ms ?? Infinity);
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

/**
 * The team of the key it rotated out last, for `retiredKeyHours` (RETIRED_KEY_HOURS) after the
 * rotation. Such a key is accepted only together with a live agent token of a current member
 * (auth/require-api-key.ts), never alone: long enough for members' extensions and dashboards to
 * take the new key, not so long that a key copied before the rotation keeps a door open.
 */
export async function findTeamByRetiredKey(
  db: Queryable,
  apiKey: string,
  retiredKeyHours: number,
  cache?: CredentialCache,
): Promise<TeamRow | null> {
  return findTeamByKeyHash(
    db,
    apiKey,
    `SELECT t.id, t.name, t.plan, r.key_hash,
            extract(epoch FROM r.retired_at + make_interval(hours => $2::int) - now())::float8 * 1000 AS lives_ms
       FROM team_retired_keys r JOIN teams t ON t.id = r.team_id
      WHERE r.key_hash = $1 AND r.retired_at > now() - make_interval(hours => $2::int)`,
    [retiredKeyHours],
    cache && {
      known: (h) => cache.retiredTeam(h),
      generation: () => cache.generation,
      remember: (h, t, seen, livesMs) => cache.rememberRetiredTeam(h, t, seen, livesMs),
    },
  );
}

/** Rotated-out keys past RETIRED_KEY_HOURS are never accepted again (housekeeping deletes them). */
export async function deleteExpiredRetiredKeys(
  db: Queryable,
  retiredKeyHours: number,
): Promise<number> {
  const rows = await db.query(
    'DELETE FROM team_retired_keys WHERE retired_at <= now() - make_interval(hours => $1::int) RETURNING 1',
    [retiredKeyHours],
  );
  return rows.length;
}

/**
 * A new key for the team (an admin's or the operator's rotation, or a key holder leaving): the old
 * key alone stops working at once, in every instance. It becomes the team's one retired key (see
 * findTeamByRetiredKey), and the key retired before it stops working altogether. Returns the new
 * key and when it was made.
 */
export async function rotateApiKey(
  db: Queryable,
  secretKey: Buffer,
  teamId: string,
): Promise<string> {
  return (await rotateApiKeyAt(db, secretKey, teamId)).key;
}

export async function rotateApiKeyAt(
  db: Queryable,
  secretKey: Buffer,
  teamId: string,
): Promise<{ key: string; rotatedAt: Date }> {
  const key = newApiKey();
  const rows = await db.query<{ old_hash: Buffer; rotated_at: Date }>(
    `WITH old AS (SELECT id, api_key_hash FROM teams WHERE id = $1 FOR UPDATE)
     UPDATE teams t SET api_key_hash = $2, api_key_encrypted = $3, api_key_rotated_at = now()
       FROM old WHERE t.id = old.id
     RETURNING old.api_key_hash AS old_hash, t.api_key_rotated_at AS rotated_at`,
    [teamId, sha256(key), encryptSecret(secretKey, key)],
  );
  const [row] = rows;
  if (!row) throw new Error(`team ${teamId} not found`);
  await db.query(
    `INSERT INTO team_retired_keys (key_hash, team_id) VALUES ($1, $2)
     ON CONFLICT (team_id) DO UPDATE SET key_hash = excluded.key_hash, retired_at = now()`,
    [row.old_hash, teamId],
  );
  await credentialsChanged(db, { team: teamId });
  return { key, rotatedAt: new Date(row.rotated_at) };
}

/**
 * The key, handed to a member (sign-in, a move to the team, the dashboard's reveal): remembered on
 * their membership, so that their leaving rotates it. Dated by the clock after the key is read,
 * not by the transaction's start: a key read after a concurrent rotation is dated after it.
 */
export async function handKeyTo(
  db: Queryable,
  secretKey: Buffer,
  teamId: string,
  userId: string,
): Promise<string> {
  const key = await revealApiKey(db, secretKey, teamId);
  await db.query(
    'UPDATE memberships SET api_key_seen_at = clock_timestamp() WHERE team_id = $1 AND user_id = $2',
    [teamId, userId],
  );
  return key;
}

/**
 * Someone leaves the team (removed, or moved to another team): when they were shown the key the
 * team has now, it is rotated, so what they hold stops working. `seenAt` is their membership's
 * api_key_seen_at, read before the membership row goes.
 */
export async function rotateIfHeld(
  db: Queryable,
  secretKey: Buffer,
  teamId: string,
  seenAt: Date | null,
): Promise<boolean> {
  if (!seenAt) return false;
  const [team] = await db.query<{ held: boolean }>(
    'SELECT api_key_rotated_at <= $2 AS held FROM teams WHERE id = $1',
    [teamId, seenAt],
  );
  if (!team?.held) return false;
  await rotateApiKey(db, secretKey, teamId);
  return true;
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
