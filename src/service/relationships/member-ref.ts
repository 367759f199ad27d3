import type { Queryable } from '../db/database.js';
import type { MemberRef } from '../../contract/relationships.js';

/** A member as events and lists name them: the e-mail of their membership and their name. */
export async function memberRef(db: Queryable, teamId: string, userId: string): Promise<MemberRef> {
  const [row] = await db.query<{ email: string; name: string | null }>(
    `SELECT m.email, u.full_name AS name FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.team_id = $1 AND m.user_id = $2`,
    [teamId, userId],
  );
  return { email: row?.email ?? '', name: row?.name ?? null };
}
