import type { Queryable } from '../db/database.js';
import type { Role } from '../../contract/auth.js';
import { createTeam } from './api-keys.js';
import { defaultTeamName } from './team-name.js';
import { failDepartedMemberTasks } from '../tasks/fail-departed-member-tasks.js';
import { credentialsChanged } from '../auth/credential-cache.js';

export interface SignedInMember {
  user: { id: string; full_name: string; email: string };
  team: { id: string; name: string };
  role: Role;
}

/**
 * After a good code (same transaction): the user, created on first sign-in, and the team they
 * belong to now. A pending invitation wins (the user moves to the inviting team, keeping the role
 * the admin chose); otherwise the user's own team; a user without one gets a new team as its admin.
 */
export async function joinOnSignIn(
  tx: Queryable,
  secretKey: Buffer,
  email: string,
  fullName: string | null,
): Promise<SignedInMember> {
  const user = await upsertUser(tx, email, fullName);

  // Newest invitation first; older ones are stale once the user has joined a team.
  const invites = await tx.query<{ team_id: string }>(
    `SELECT team_id FROM memberships WHERE email = $1 AND user_id IS NULL ORDER BY invited_at DESC, team_id FOR UPDATE`,
    [email],
  );
  const invite = invites[0];
  if (invite) {
    const left = await tx.query<{ team_id: string }>('DELETE FROM memberships WHERE user_id = $1 RETURNING team_id', [user.id]);
    for (const old of left) await failDepartedMemberTasks(tx, old.team_id, user.id);
    // Tokens issued for the old team must not follow the user into the new one.
    if (left.length > 0) {
      await tx.query('UPDATE agent_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [user.id]);
      await credentialsChanged(tx, { user: user.id });
    }
    await tx.query(
      `DELETE FROM memberships WHERE email = $1 AND user_id IS NULL AND team_id <> $2`,
      [email, invite.team_id],
    );
    await tx.query('UPDATE memberships SET user_id = $1, joined_at = now() WHERE team_id = $2 AND email = $3', [
      user.id,
      invite.team_id,
      email,
    ]);
  }

  const [current] = await tx.query<{ team_id: string; name: string; role: Role }>(
    `SELECT m.team_id, t.name, m.role FROM memberships m JOIN teams t ON t.id = m.team_id WHERE m.user_id = $1`,
    [user.id],
  );
  if (current) return { user, team: { id: current.team_id, name: current.name }, role: current.role };

  const team = await createTeam(tx, secretKey, defaultTeamName(user.full_name, email));
  await tx.query(
    `INSERT INTO memberships (team_id, email, user_id, role, joined_at) VALUES ($1, $2, $3, 'admin', now())`,
    [team.id, email, user.id],
  );
  return { user, team: { id: team.id, name: team.name }, role: 'admin' };
}

async function upsertUser(tx: Queryable, email: string, fullName: string | null) {
  const name = fullName?.trim() ?? '';
  // A name given at sign-up fills an empty one; an existing name is the account's and stays.
  const [row] = await tx.query<{ id: string; full_name: string; email: string }>(
    `INSERT INTO users (id, email, full_name) VALUES ($1, $2, $3)
     ON CONFLICT (email) DO UPDATE SET full_name = CASE WHEN users.full_name = '' THEN excluded.full_name ELSE users.full_name END
     RETURNING id, full_name, email`,
    [crypto.randomUUID(), email, name],
  );
  return row!;
}
