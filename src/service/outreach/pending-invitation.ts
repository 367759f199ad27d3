import type { Queryable } from '../db/database.js';

/** A member's invitation to the person that the network has not answered yet. */
export interface PendingInvitation {
  userId: string | null;
  email: string | null;
  at: Date;
  /** Sent (the network has it), or still queued or running in the member's browser. */
  sent: boolean;
}

/**
 * The team's oldest invitation to the person (`$2`, team `$1`) still waiting for an answer: one
 * the relationship tracking holds as pending (docs/relationships.md: not accepted, withdrawn nor
 * expired), or an invitation task queued or running, or one that completed before the tracking
 * filed it and whose member is neither connected to the person since nor withdrew it since.
 * A task awaiting approval or failed is no invitation. A second invitation would be refused by
 * the network for the same member (network-facts: `CANT_RESEND_YET`) and would reach the person
 * twice from another member.
 */
export const PENDING_SQL = `SELECT p.user_id, u.email, p.at, p.sent FROM (
       SELECT i.user_id, i.sent_at AS at, true AS sent FROM sent_invitations i
        WHERE i.team_id = $1 AND i.profile_urn = $2 AND i.state = 'pending'
       UNION ALL
       SELECT t.assigned_user_id, t.created_at, t.status = 'completed' FROM contact_events e
         JOIN tasks t ON t.id = e.task_id
        WHERE e.team_id = $1 AND e.profile_urn = $2 AND e.kind = 'invited'
          AND (t.status IN ('pending', 'processing')
               OR (t.status = 'completed'
                   AND NOT EXISTS (SELECT 1 FROM sent_invitations f WHERE f.task_id = t.id)
                   AND NOT EXISTS (SELECT 1 FROM member_connections c
                                    WHERE c.team_id = $1 AND c.user_id = t.assigned_user_id AND c.profile_urn = $2)
                   AND NOT EXISTS (SELECT 1 FROM tasks w
                                    WHERE w.team_id = $1 AND w.type = 'agent_invitation_withdraw' AND w.status = 'completed'
                                      AND w.assigned_user_id = t.assigned_user_id AND w.input ->> 'profile_urn' = $2
                                      AND w.created_at > t.created_at)))
     ) AS p
     LEFT JOIN users u ON u.id = p.user_id
     ORDER BY p.at, p.user_id
     LIMIT 1`;

/** The invitation to the person that waits for an answer, if any member's does. */
export async function pendingInvitationTo(
  db: Queryable,
  teamId: string,
  profileUrn: string,
): Promise<PendingInvitation | null> {
  const [row] = await db.query<{
    user_id: string | null;
    email: string | null;
    at: Date | string;
    sent: boolean;
  }>(PENDING_SQL, [teamId, profileUrn]);
  if (!row) return null;
  return { userId: row.user_id, email: row.email, at: new Date(row.at), sent: row.sent };
}

/** Why a person with a pending invitation is not invited again, in a 409's and a sequence's words. */
export function pendingInvitationError(p: PendingInvitation): string {
  const day = p.at.toISOString().slice(0, 10);
  return `Refused: this person already has a pending invitation from ${p.email ?? 'a former member'} (${p.sent ? 'sent' : 'queued'} ${day})`;
}

/**
 * The refusal of an invitation to a person who already has one waiting from any member of the
 * team (docs/team-pool.md): `force` does not pass it, since the network itself would refuse the
 * member who sent it and the person would be asked twice by the team. Null: no invitation waits.
 */
export async function pendingInvitationRefusal(
  db: Queryable,
  teamId: string,
  profileUrn: string,
): Promise<{ code: 'invitation_pending'; error: string } | null> {
  const pending = await pendingInvitationTo(db, teamId, profileUrn);
  return pending ? { code: 'invitation_pending', error: pendingInvitationError(pending) } : null;
}
