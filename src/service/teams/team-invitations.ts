import type { Queryable } from '../db/database.js';
import type { Role } from '../../contract/auth.js';
import type { PendingInvitation } from '../../contract/team-invitations.js';
import { HttpError } from '../http/http-error.js';
import { credentialsChanged } from '../auth/credential-cache.js';
import { failDepartedMemberTasks } from '../tasks/fail-departed-member-tasks.js';
import { rotateIfHeld } from './api-keys.js';

/**
 * Invitations to another team for someone who already belongs to one (contract/team-invitations.ts):
 * listed with what leaving means, accepted or declined by the person. Accepting moves them; a team
 * they were the only admin of gets its oldest other member as admin, so no team with members is
 * ever left without one.
 */

interface CurrentTeam {
  team_id: string;
  team_name: string;
  role: Role;
  api_key_seen_at: Date | null;
}

async function currentTeam(
  db: Queryable,
  userId: string,
  lock = false,
): Promise<CurrentTeam | null> {
  const [row] = await db.query<CurrentTeam>(
    `SELECT m.team_id, t.name AS team_name, m.role, m.api_key_seen_at FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.user_id = $1${lock ? ' FOR UPDATE OF m' : ''}`,
    [userId],
  );
  return row ?? null;
}

/** What leaving `current` would mean: is the person its only admin, who would take over, who stays. */
async function leaving(db: Queryable, current: CurrentTeam, userId: string) {
  const others = await db.query<{ email: string; role: Role }>(
    `SELECT email, role FROM memberships WHERE team_id = $1 AND user_id IS NOT NULL AND user_id <> $2 ORDER BY joined_at, email`,
    [current.team_id, userId],
  );
  const onlyAdmin = current.role === 'admin' && !others.some((o) => o.role === 'admin');
  return {
    team_id: current.team_id,
    team_name: current.team_name,
    only_admin: onlyAdmin,
    next_admin: onlyAdmin ? (others[0]?.email ?? null) : null,
    other_members: others.length,
  };
}

/** The invitations waiting for `email` from teams other than its own, newest first. */
export async function pendingInvitations(
  db: Queryable,
  userId: string,
  email: string,
): Promise<PendingInvitation[]> {
  const current = await currentTeam(db, userId);
  if (!current) return [];
  const rows = await db.query<{ team_id: string; team_name: string; role: Role; invited_at: Date }>(
    `SELECT m.team_id, t.name AS team_name, m.role, m.invited_at FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.email = $1 AND m.user_id IS NULL AND m.team_id <> $2 ORDER BY m.invited_at DESC, m.team_id`,
    [email, current.team_id],
  );
  if (!rows.length) return [];
  const leave = await leaving(db, current, userId);
  return rows.map((r) => ({
    team_id: r.team_id,
    team_name: r.team_name,
    role: r.role,
    invited_at: new Date(r.invited_at).toISOString(),
    leaving: leave,
  }));
}

/**
 * The person joins `teamId`, whose invitation waits for them, and leaves their current team. Their
 * tokens are revoked everywhere (the caller issues a new one for the new team); tasks assigned to
 * them in the old team fail as departed; the old team's key is rotated when they were shown it.
 */
export async function acceptInvitation(
  tx: Queryable,
  secretKey: Buffer,
  userId: string,
  email: string,
  teamId: string,
): Promise<{
  team: { id: string; name: string };
  role: Role;
  leftTeam: string | null;
  nextAdmin: string | null;
}> {
  const [invite] = await tx.query<{ role: Role; team_name: string }>(
    `SELECT m.role, t.name AS team_name FROM memberships m JOIN teams t ON t.id = m.team_id
      WHERE m.team_id = $1 AND m.email = $2 AND m.user_id IS NULL FOR UPDATE OF m`,
    [teamId, email],
  );
  if (!invite) throw new HttpError(404, 'Invitation not found');
  const current = await currentTeam(tx, userId, true);
  let nextAdmin: string | null = null;
  if (current) {
    // Everyone of the old team is locked, so two people leaving at once cannot both leave it adminless.
    await tx.query('SELECT 1 FROM memberships WHERE team_id = $1 FOR UPDATE', [current.team_id]);
    const leave = await leaving(tx, current, userId);
    if (leave.only_admin && leave.next_admin) {
      await tx.query(`UPDATE memberships SET role = 'admin' WHERE team_id = $1 AND email = $2`, [
        current.team_id,
        leave.next_admin,
      ]);
      nextAdmin = leave.next_admin;
    }
    await tx.query('DELETE FROM memberships WHERE team_id = $1 AND user_id = $2', [
      current.team_id,
      userId,
    ]);
    await failDepartedMemberTasks(tx, current.team_id, userId);
    await rotateIfHeld(tx, secretKey, current.team_id, current.api_key_seen_at);
  }
  await tx.query(
    'UPDATE agent_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
    [userId],
  );
  await credentialsChanged(tx, { user: userId });
  await tx.query(
    'UPDATE memberships SET user_id = $1, joined_at = now() WHERE team_id = $2 AND email = $3',
    [userId, teamId, email],
  );
  return {
    team: { id: teamId, name: invite.team_name },
    role: invite.role,
    leftTeam: current?.team_name ?? null,
    nextAdmin,
  };
}

/** The person says no: the invitation is withdrawn; the inviting admin may invite again. */
export async function declineInvitation(
  tx: Queryable,
  email: string,
  teamId: string,
): Promise<void> {
  const gone = await tx.query(
    'DELETE FROM memberships WHERE team_id = $1 AND email = $2 AND user_id IS NULL RETURNING team_id',
    [teamId, email],
  );
  if (!gone.length) throw new HttpError(404, 'Invitation not found');
}
