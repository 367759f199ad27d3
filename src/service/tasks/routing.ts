import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';

interface RoutedMember {
  userId: string;
  email: string;
  inviteLimited: boolean;
}

/** The team's (`$1`) admins, oldest first by date of joining: the first runs the admin-routed kinds. */
const ADMINS_BY_AGE = `FROM memberships
      WHERE team_id = $1 AND role = 'admin' AND user_id IS NOT NULL AND joined_at IS NOT NULL
      ORDER BY joined_at, email`;

/**
 * Spec "What the service does" 5: like, comment and connection requests run as the team's oldest
 * admin by date of joining; docs/agent-protocol.md adds fetch-connections and send-message.
 */
export async function oldestAdmin(db: Queryable, teamId: string): Promise<RoutedMember> {
  const [row] = await db.query<{ user_id: string; email: string; invite_limited: boolean }>(
    `SELECT user_id, email, COALESCE(invite_limited_until > now(), false) AS invite_limited
       ${ADMINS_BY_AGE}
      LIMIT 1`,
    [teamId],
  );
  if (!row) throw new HttpError(404, 'No admin user found in the team');
  return { userId: row.user_id, email: row.email, inviteLimited: row.invite_limited };
}

/**
 * A task on one member's own inbox, invitations or network runs in that member's browser,
 * named by `member_email`; without one, the oldest admin's. A person who is not a joined member of
 * this team is a 404, whatever other team they are in.
 */
export async function memberOrOldestAdmin(
  db: Queryable,
  teamId: string,
  email: string | undefined,
): Promise<RoutedMember> {
  if (email === undefined) return oldestAdmin(db, teamId);
  const [row] = await db.query<{ user_id: string; email: string; invite_limited: boolean }>(
    `SELECT user_id, email, COALESCE(invite_limited_until > now(), false) AS invite_limited
       FROM memberships
      WHERE team_id = $1 AND email = $2 AND user_id IS NOT NULL AND joined_at IS NOT NULL`,
    [teamId, email],
  );
  if (!row) throw new HttpError(404, 'No member with that e-mail in the team');
  return { userId: row.user_id, email: row.email, inviteLimited: row.invite_limited };
}
