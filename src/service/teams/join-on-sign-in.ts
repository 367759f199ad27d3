import type { Queryable } from '../db/database.js';
import type { Role } from '../../contract/auth.js';
import { createTeam } from './api-keys.js';
import { defaultTeamName } from './team-name.js';

interface SignedInMember {
  user: { id: string; full_name: string; email: string };
  team: { id: string; name: string };
  role: Role;
}

/**
 * After a good code (same transaction): the user, created on first sign-in, and the team they
 * belong to now. Someone who already belongs to a team stays in it: invitations from other teams
 * wait for their answer (teams/team-invitations.ts), never applied silently. Someone without a team joins
 * the newest team that invited them, keeping the role the admin chose; without any invitation they
 * get a new team as its admin.
 */
export async function joinOnSignIn(
  tx: Queryable,
  secretKey: Buffer,
  email: string,
  fullName: string | null,
): Promise<SignedInMember> {
  const user = await upsertUser(tx, email, fullName);
  const current = await teamOf(tx, user.id);
  if (current) return { user, ...current };

  const [invite] = await tx.query<{ team_id: string }>(
    `SELECT team_id FROM memberships WHERE email = $1 AND user_id IS NULL ORDER BY invited_at DESC, team_id LIMIT 1 FOR UPDATE`,
    [email],
  );
  if (invite) {
    await tx.query(
      'UPDATE memberships SET user_id = $1, joined_at = now() WHERE team_id = $2 AND email = $3',
      [user.id, invite.team_id, email],
    );
    return { user, ...(await teamOf(tx, user.id))! };
  }

  const team = await createTeam(tx, secretKey, defaultTeamName(user.full_name, email));
  await tx.query(
    `INSERT INTO memberships (team_id, email, user_id, role, joined_at) VALUES ($1, $2, $3, 'admin', now())`,
    [team.id, email, user.id],
  );
  return { user, team: { id: team.id, name: team.name }, role: 'admin' };
}

async function teamOf(tx: Queryable, userId: string): Promise<Omit<SignedInMember, 'user'> | null> {
  const [row] = await tx.query<{ team_id: string; name: string; role: Role }>(
    `SELECT m.team_id, t.name, m.role FROM memberships m JOIN teams t ON t.id = m.team_id WHERE m.user_id = $1`,
    [userId],
  );
  return row ? { team: { id: row.team_id, name: row.name }, role: row.role } : null;
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
