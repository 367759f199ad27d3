import type { Queryable } from '../db/database.js';
import type { ContactEvent } from '../../contract/outreach.js';
import type { PersonRef } from './person-keys.js';

/** The person's URN where the team knows it only by slug: from a profile read or an enrollment. */
export async function resolvePerson(
  db: Queryable,
  teamId: string,
  person: PersonRef,
): Promise<PersonRef> {
  if (person.profileUrn && !person.profileSlug) {
    const [known] = await db.query<{ profile_slug: string | null }>(
      'SELECT profile_slug FROM team_people WHERE team_id = $1 AND profile_urn = $2',
      [teamId, person.profileUrn],
    );
    return known?.profile_slug ? { ...person, profileSlug: known.profile_slug } : person;
  }
  if (person.profileUrn || !person.profileSlug) return person;
  const [row] = await db.query<{ profile_urn: string }>(
    `SELECT profile_urn FROM team_people WHERE team_id = $1 AND profile_slug = $2
     UNION ALL
     SELECT profile_urn FROM sequence_enrollments
      WHERE team_id = $1 AND profile_slug = $2 AND profile_urn IS NOT NULL
     LIMIT 1`,
    [teamId, person.profileSlug],
  );
  return row ? { ...person, profileUrn: row.profile_urn } : person;
}

/**
 * A person's history with the team, oldest first: invitations and messages queued for a member
 * (their task not failed), connections to members, replies (one per thread, at its first), and
 * enrollments in sequences (with the sequence's sender).
 */
export async function contactHistory(
  db: Queryable,
  teamId: string,
  person: PersonRef,
): Promise<ContactEvent[]> {
  const rows = await db.query<{
    kind: ContactEvent['kind'];
    member_email: string | null;
    at: Date | string;
    sequence_id: string | null;
  }>(
    `SELECT kind, member_email, at, sequence_id FROM (
       SELECT e.kind, u.email AS member_email, e.at, se.sequence_id::text AS sequence_id
         FROM contact_events e
         LEFT JOIN tasks t ON t.id = e.task_id
         LEFT JOIN users u ON u.id = e.user_id
         LEFT JOIN sequence_tasks st ON st.task_id = e.task_id
         LEFT JOIN sequence_enrollments se ON se.id = st.enrollment_id
        WHERE e.team_id = $1 AND e.profile_urn = $2 AND (t.status IS NULL OR t.status <> 'failed')
       UNION ALL
       SELECT 'connected', u.email, COALESCE(c.connected_at, c.seen_at), NULL
         FROM member_connections c JOIN users u ON u.id = c.user_id
        WHERE c.team_id = $1 AND c.profile_urn = $2
       UNION ALL
       SELECT 'replied', u.email, min(m.delivered_at), NULL
         FROM inbox_messages m JOIN users u ON u.id = m.user_id
        WHERE m.team_id = $1 AND m.sender_urn = $2 AND NOT m.from_me
        GROUP BY u.email, m.conversation_urn
       UNION ALL
       SELECT 'enrolled', u.email, se.created_at, se.sequence_id::text
         FROM sequence_enrollments se
         JOIN sequences s ON s.id = se.sequence_id
         LEFT JOIN users u ON u.id = COALESCE(se.sender_user_id, s.sender_user_id)
        WHERE se.team_id = $1 AND (se.profile_urn = $2 OR se.profile_slug = $3)
     ) ev
     ORDER BY at, kind`,
    [teamId, person.profileUrn ?? null, person.profileSlug ?? null],
  );
  return rows.map((r) => ({
    kind: r.kind,
    member_email: r.member_email,
    at: new Date(r.at).toISOString(),
    ...(r.sequence_id ? { sequence_id: r.sequence_id } : {}),
  }));
}
