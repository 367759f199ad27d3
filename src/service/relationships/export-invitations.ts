import type { Queryable } from '../db/database.js';
import type { InvitationsQuery } from '../../contract/relationships.js';
import type { CsvColumn } from '../csv/write-csv.js';
import { keysetBatches } from '../csv/keyset-batches.js';
import { memberFilter } from './read.js';

interface InvitationRow {
  id: string;
  member_email: string;
  profile_urn: string;
  name: string | null;
  profile_url: string | null;
  note: string | null;
  state: string;
  sent_at: Date | string;
  state_changed_at: Date | string;
  sequence_enrollment_id: string | null;
  k_at: string;
}

export const INVITATION_CSV_COLUMNS: CsvColumn<InvitationRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'member_email', value: (r) => r.member_email },
  { header: 'profile_urn', value: (r) => r.profile_urn },
  { header: 'name', value: (r) => r.name },
  { header: 'profile_url', value: (r) => r.profile_url },
  { header: 'note', value: (r) => r.note },
  { header: 'state', value: (r) => r.state },
  { header: 'sent_at', value: (r) => new Date(r.sent_at) },
  { header: 'state_changed_at', value: (r) => new Date(r.state_changed_at) },
  { header: 'sequence_enrollment_id', value: (r) => r.sequence_enrollment_id },
];

/**
 * Every invitation `/api-invitations` lists for these filters (state, member), newest first, read
 * a batch at a time after the last one's (sent_at, id). Paging parameters do not apply. Throws the
 * listing's 404 (an unknown member) before the first row.
 */
export async function exportInvitations(
  db: Queryable,
  teamId: string,
  q: InvitationsQuery,
  batchSize = 500,
): Promise<AsyncGenerator<InvitationRow>> {
  const userId = await memberFilter(db, teamId, q.member_email);
  return keysetBatches<InvitationRow, { at: string; id: string }>(
    (after, limit) =>
      db.query<InvitationRow>(
        `SELECT i.id, m.email AS member_email, i.profile_urn, i.name, i.profile_url, i.note, i.state,
                i.sent_at, i.state_changed_at, i.sent_at::text AS k_at,
                (SELECT st.enrollment_id::text FROM sequence_tasks st WHERE st.task_id = i.task_id) AS sequence_enrollment_id
           FROM sent_invitations i
           JOIN memberships m ON m.team_id = i.team_id AND m.user_id = i.user_id
          WHERE i.team_id = $1 AND ($2::text IS NULL OR i.state = $2) AND ($3::uuid IS NULL OR i.user_id = $3)
            AND ($4::timestamptz IS NULL OR (i.sent_at <= $4 AND (i.sent_at < $4 OR i.id > $5::uuid)))
          ORDER BY i.sent_at DESC, i.id
          LIMIT $6`,
        [teamId, q.status ?? null, userId, after?.at ?? null, after?.id ?? null, limit],
      ),
    (r) => ({ at: r.k_at, id: r.id }),
    batchSize,
  );
}
