/** Another member's contact with a person inside the team's window. */
export interface RecentContact {
  email: string | null;
  at: Date;
  kind: 'invited' | 'messaged';
}

/**
 * The latest invitation or message to the person (`person`, team `team`) that a member other than
 * `user` had queued within the team's contact window (`teams.contact_window_days`; 0 turns the check
 * off) before `now`, its task not failed. One index range of the person's events. The placeholders
 * or outer columns are given, so that the query can run inside another (its own aliases start with
 * `rc_`, so an outer `t` stays the caller's).
 */
export function recentContactSql(user: string, now: string, team = '$1', person = '$2'): string {
  return `SELECT rc_u.email, rc_e.at, rc_e.kind
       FROM contact_events rc_e
       JOIN teams rc_tm ON rc_tm.id = rc_e.team_id
       LEFT JOIN tasks rc_t ON rc_t.id = rc_e.task_id
       LEFT JOIN users rc_u ON rc_u.id = rc_e.user_id
      WHERE rc_e.team_id = ${team} AND rc_e.profile_urn = ${person}
        AND rc_e.at > ${now}::timestamptz - rc_tm.contact_window_days * interval '1 day'
        AND rc_e.user_id IS DISTINCT FROM ${user}::uuid
        AND (rc_t.status IS NULL OR rc_t.status <> 'failed')
      ORDER BY rc_e.at DESC
      LIMIT 1`;
}

/** Why a recently contacted person is refused: `contacted by <email> on <date>`. */
export function recentContactRefusal(contact: RecentContact): string {
  const who = contact.email ?? 'a former member';
  const day = contact.at.toISOString().slice(0, 10);
  const what = contact.kind === 'invited' ? 'an invitation' : 'a message';
  return `Refused: this person was contacted by ${who} on ${day} (${what}); send force: true to contact them anyway`;
}
