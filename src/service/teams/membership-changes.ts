import type { Queryable } from '../db/database.js';
import type { Role } from '../../contract/auth.js';
import { HttpError } from '../http/http-error.js';
import { failDepartedMemberTasks } from '../tasks/fail-departed-member-tasks.js';
import { credentialsChanged } from '../auth/credential-cache.js';
import { rotateIfHeld } from './api-keys.js';

/**
 * An admin's changes to the team's members. Each runs in a transaction that first locks the
 * team's membership rows, so two admins demoting each other at once cannot leave no admin.
 */
async function lockMembers(tx: Queryable, teamId: string) {
  return tx.query<{
    email: string;
    user_id: string | null;
    role: Role;
    api_key_seen_at: Date | null;
  }>(
    'SELECT email, user_id, role, api_key_seen_at FROM memberships WHERE team_id = $1 ORDER BY email FOR UPDATE',
    [teamId],
  );
}

/** Admins who have signed in: an invited admin cannot act for the team until they do. */
function joinedAdmins(rows: { user_id: string | null; role: Role }[]) {
  return rows.filter((r) => r.role === 'admin' && r.user_id !== null).length;
}

export async function inviteMember(
  tx: Queryable,
  teamId: string,
  email: string,
  role: Role,
): Promise<void> {
  const rows = await lockMembers(tx, teamId);
  const existing = rows.find((r) => r.email === email);
  if (existing) {
    throw new HttpError(
      409,
      existing.user_id
        ? `${email} is already a member of this team`
        : `${email} is already invited to this team`,
    );
  }
  await tx.query('INSERT INTO memberships (team_id, email, role) VALUES ($1, $2, $3)', [
    teamId,
    email,
    role,
  ]);
}

export async function setMemberRole(
  tx: Queryable,
  teamId: string,
  email: string,
  role: Role,
): Promise<void> {
  const rows = await lockMembers(tx, teamId);
  const target = rows.find((r) => r.email === email);
  if (!target) throw new HttpError(404, 'Member not found');
  if (
    target.role === 'admin' &&
    role === 'member' &&
    target.user_id !== null &&
    joinedAdmins(rows) <= 1
  ) {
    throw new HttpError(
      400,
      'Cannot demote the last admin of the team; make another member admin first',
    );
  }
  await tx.query('UPDATE memberships SET role = $3 WHERE team_id = $1 AND email = $2', [
    teamId,
    email,
    role,
  ]);
  if (target.user_id) await credentialsChanged(tx, { user: target.user_id });
}

/**
 * The member leaves with nothing that works: their tokens are revoked and, when they were shown
 * the team's current key, the key is rotated (`secretKey` seals the new one). Answers whether it was.
 */
export async function removeMember(
  tx: Queryable,
  secretKey: Buffer,
  teamId: string,
  email: string,
): Promise<{ keyRotated: boolean }> {
  const rows = await lockMembers(tx, teamId);
  const target = rows.find((r) => r.email === email);
  if (!target) throw new HttpError(404, 'Member not found');
  if (target.role === 'admin' && target.user_id !== null && joinedAdmins(rows) <= 1) {
    throw new HttpError(
      400,
      'Cannot remove the last admin of the team; make another member admin first',
    );
  }
  await tx.query('DELETE FROM memberships WHERE team_id = $1 AND email = $2', [teamId, email]);
  // A removed member's extension must stop working for the team at once.
  if (target.user_id) {
    await tx.query(
      'UPDATE agent_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [target.user_id],
    );
    await credentialsChanged(tx, { user: target.user_id });
    await failDepartedMemberTasks(tx, teamId, target.user_id);
  }
  return { keyRotated: await rotateIfHeld(tx, secretKey, teamId, target.api_key_seen_at) };
}
