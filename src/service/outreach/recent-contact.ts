import type { Queryable } from '../db/database.js';

/** Another member's contact with a person inside the team's window. */
interface RecentContact {
  email: string | null;
  at: Date;
  kind: 'invited' | 'messaged';
}

/**
 * The latest invitation or message to the person that a member other than `userId` had queued
 * within the team's contact window (`teams.contact_window_days`; 0 turns the check off), its task
 * not failed. One index range of the person's events.
 */
export async function recentContactBy(
  db: Queryable,
  teamId: string,
  profileUrn: string,
  userId: string | null,
  now: Date = new Date(),
): Promise<RecentContact | null> {
  const rows = await db.query<{ email: string | null; at: Date | string; kind: string }>(
    `SELECT u.email, e.at, e.kind
       FROM contact_events e
       JOIN teams tm ON tm.id = e.team_id
       LEFT JOIN tasks t ON t.id = e.task_id
       LEFT JOIN users u ON u.id = e.user_id
      WHERE e.team_id = $1 AND e.profile_urn = $2
        AND e.at > $4::timestamptz - tm.contact_window_days * interval '1 day'
        AND e.user_id IS DISTINCT FROM $3::uuid
        AND (t.status IS NULL OR t.status <> 'failed')
      ORDER BY e.at DESC
      LIMIT 1`,
    [teamId, profileUrn, userId, now.toISOString()],
  );
  const row = rows[0];
  if (!row) return null;
  return { email: row.email, at: new Date(row.at), kind: row.kind as RecentContact['kind'] };
}

/** Why a recently contacted person is refused: `contacted by <email> on <date>`. */
export function recentContactRefusal(contact: RecentContact): string {
  const who = contact.email ?? 'a former member';
  const day = contact.at.toISOString().slice(0, 10);
  const what = contact.kind === 'invited' ? 'an invitation' : 'a message';
  return `Refused: this person was contacted by ${who} on ${day} (${what}); send force: true to contact them anyway`;
}
