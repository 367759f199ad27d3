/** Another member's contact with a person inside the team's window. */
export interface RecentContact {
  email: string | null;
  at: Date;
  kind: 'invited' | 'messaged';
}

/**
 * The latest invitation or message to the person (`$2`, team `$1`) that a member other than `user`
 * had queued within the team's contact window (`teams.contact_window_days`; 0 turns the check off)
 * before `now`, its task not failed. One index range of the person's events. The two parameters'
 * placeholders are given, so that the query can run inside another.
 */
export function recentContactSql(user: string, now: string): string {
  return `SELECT u.email, e.at, e.kind
       FROM contact_events e
       JOIN teams tm ON tm.id = e.team_id
       LEFT JOIN tasks t ON t.id = e.task_id
       LEFT JOIN users u ON u.id = e.user_id
      WHERE e.team_id = $1 AND e.profile_urn = $2
        AND e.at > ${now}::timestamptz - tm.contact_window_days * interval '1 day'
        AND e.user_id IS DISTINCT FROM ${user}::uuid
        AND (t.status IS NULL OR t.status <> 'failed')
      ORDER BY e.at DESC
      LIMIT 1`;
}

/** Why a recently contacted person is refused: `contacted by <email> on <date>`. */
export function recentContactRefusal(contact: RecentContact): string {
  const who = contact.email ?? 'a former member';
  const day = contact.at.toISOString().slice(0, 10);
  const what = contact.kind === 'invited' ? 'an invitation' : 'a message';
  return `Refused: this person was contacted by ${who} on ${day} (${what}); send force: true to contact them anyway`;
}
