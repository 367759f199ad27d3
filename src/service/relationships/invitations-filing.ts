import type { Queryable } from '../db/database.js';
import type { CompletedTask } from '../tasks/completion-hooks.js';
import type { ConnectionsOutput, SentInvitationsOutput } from '../../contract/task-outputs.js';
import type { ConnectionAcceptedEvent } from '../../contract/relationships.js';
import { enqueueTeamEvent } from '../webhooks/store.js';
import { iso } from '../tasks/task-row.js';
import { memberRef } from './member-ref.js';
import { followMember } from './follow-member.js';

/**
 * The invitations sent through the service and what became of them (docs/relationships.md), from
 * the outputs of the tasks that show it. Each runs in the completion transaction.
 */

/** A completed connection request: a pending invitation of the member who ran it. */
export async function fileInvitationSent(tx: Queryable, task: CompletedTask): Promise<void> {
  const profileUrn = String(task.input.profile_urn ?? '');
  if (!profileUrn) return;
  await followMember(tx, task.teamId, task.userId);
  const invitationUrn =
    typeof task.output.invitation_urn === 'string' ? task.output.invitation_urn : null;
  await tx.query(
    `INSERT INTO sent_invitations (id, team_id, user_id, profile_urn, note, invitation_urn, task_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      crypto.randomUUID(),
      task.teamId,
      task.userId,
      profileUrn,
      typeof task.input.note === 'string' ? task.input.note : null,
      invitationUrn,
      task.id,
    ],
  );
}

/** A completed withdrawal: the member's pending invitation to that person is withdrawn. */
export async function fileInvitationWithdrawn(tx: Queryable, task: CompletedTask): Promise<void> {
  await tx.query(
    `UPDATE sent_invitations SET state = 'withdrawn', state_changed_at = now()
      WHERE team_id = $1 AND user_id = $2 AND profile_urn = $3 AND state = 'pending'`,
    [task.teamId, task.userId, String(task.input.profile_urn ?? '')],
  );
}

/**
 * A read of the member's sent list: it names and dates what it shows; a pending invitation it no
 * longer shows has left the list (accepted, or expired: the next connections read tells which).
 * Only a list shorter than asked for is the whole list.
 */
export async function fileSentInvitations(tx: Queryable, task: CompletedTask): Promise<void> {
  const out = task.output as SentInvitationsOutput;
  for (const inv of out.invitations) {
    await tx.query(
      `UPDATE sent_invitations
          SET name = COALESCE($4, name), profile_url = COALESCE($5, profile_url), invitation_urn = COALESCE(invitation_urn, $6),
              left_sent_list_at = NULL
        WHERE team_id = $1 AND user_id = $2 AND profile_urn = $3 AND state = 'pending'`,
      [
        task.teamId,
        task.userId,
        inv.profile_urn,
        inv.name || null,
        inv.profile_url,
        inv.invitation_urn,
      ],
    );
  }
  const count = typeof task.input.count === 'number' ? task.input.count : Number.POSITIVE_INFINITY;
  if (out.invitations.length < count) {
    await tx.query(
      `UPDATE sent_invitations SET left_sent_list_at = COALESCE(left_sent_list_at, now())
        WHERE team_id = $1 AND user_id = $2 AND state = 'pending' AND NOT (profile_urn = ANY ($3::text[]))`,
      [task.teamId, task.userId, out.invitations.map((i) => i.profile_urn)],
    );
  }
  await tx.query(
    `INSERT INTO relationship_sync (team_id, user_id, invitations_read_at) VALUES ($1, $2, now())
     ON CONFLICT (team_id, user_id) DO UPDATE SET invitations_read_at = now()`,
    [task.teamId, task.userId],
  );
}

/**
 * A read of the member's connections, newest first: each person is remembered as connected; an
 * invitation to one of them is accepted (connection.accepted, once); an invitation that left the
 * sent list before this read, to someone still not connected, has expired.
 */
export async function fileConnections(tx: Queryable, task: CompletedTask): Promise<void> {
  const out = task.output as ConnectionsOutput;
  const member = await memberRef(tx, task.teamId, task.userId);
  for (const c of out.connections) {
    await tx.query(
      `INSERT INTO member_connections (team_id, user_id, profile_urn, name, profile_url, connected_at)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (team_id, user_id, profile_urn) DO UPDATE
         SET name = EXCLUDED.name, profile_url = EXCLUDED.profile_url,
             connected_at = COALESCE(EXCLUDED.connected_at, member_connections.connected_at), seen_at = now()`,
      [task.teamId, task.userId, c.profile_urn, c.full_name, c.profile_url, c.connected_at],
    );
    const accepted = await tx.query<{
      id: string;
      invitation_urn: string | null;
      sent_at: Date;
      name: string | null;
      profile_url: string | null;
      state_changed_at: Date;
    }>(
      `UPDATE sent_invitations
          SET state = 'accepted', state_changed_at = GREATEST(sent_at, COALESCE($4::timestamptz, now())),
              name = COALESCE(name, $5), profile_url = COALESCE(profile_url, $6)
        WHERE team_id = $1 AND user_id = $2 AND profile_urn = $3 AND state IN ('pending', 'expired')
        RETURNING id, invitation_urn, sent_at, name, profile_url, state_changed_at`,
      [task.teamId, task.userId, c.profile_urn, c.connected_at, c.full_name, c.profile_url],
    );
    for (const inv of accepted) {
      const event: ConnectionAcceptedEvent = {
        member,
        profile: { profile_urn: c.profile_urn, name: inv.name, profile_url: inv.profile_url },
        invitation: { id: inv.id, invitation_urn: inv.invitation_urn, sent_at: iso(inv.sent_at)! },
        accepted_at: iso(inv.state_changed_at)!,
      };
      await enqueueTeamEvent(tx, task.teamId, 'connection.accepted', event);
    }
  }
  // A read with `since` shows only the newest; an older connection is not in it, so only a full read expires.
  if (task.input.since === undefined || out.connections.length < Number(task.input.count ?? 0)) {
    await tx.query(
      `UPDATE sent_invitations i SET state = 'expired', state_changed_at = now()
        WHERE i.team_id = $1 AND i.user_id = $2 AND i.state = 'pending' AND i.left_sent_list_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM member_connections c WHERE c.team_id = i.team_id AND c.user_id = i.user_id AND c.profile_urn = i.profile_urn)`,
      [task.teamId, task.userId],
    );
  }
}
