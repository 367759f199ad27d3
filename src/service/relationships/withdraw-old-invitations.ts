import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { WorkingHours } from '../../contract/budgets.js';
import { enqueueTask } from '../tasks/enqueue.js';
import { loadUsage } from '../budgets/usage.js';
import { loadTeamSettings } from '../budgets/team-settings.js';
import { writesWindow } from '../budgets/working-hours.js';

/**
 * Invitation hygiene (docs/budgets.md "Hygiene"): each team's pending invitations older than its
 * `withdraw_pending_after_days` are withdrawn, each by the member who sent it, as ordinary
 * `agent_invitation_withdraw` tasks: only inside that member's working hours, and no more than the
 * room left in their withdrawal budget (the withdrawals already queued count against it). A member
 * who turned withdrawals off is left alone. The oldest invitations go first.
 */

/** Invitations looked at per run: the job runs often, and a budget lets few through anyway. */
const BATCH = 2_000;
/** A withdrawal that found nothing to withdraw (accepted or expired meanwhile) is not queued again this soon. */
const REQUEUE_AFTER = "interval '7 days'";

interface OldInvitation {
  id: string;
  team_id: string;
  user_id: string;
  profile_urn: string;
  working_hours: WorkingHours | null;
}

const OLD_PENDING_SQL = `SELECT i.id, i.team_id, i.user_id, i.profile_urn, m.working_hours
  FROM sent_invitations i
  JOIN teams t ON t.id = i.team_id
  JOIN memberships m ON m.team_id = i.team_id AND m.user_id = i.user_id AND m.joined_at IS NOT NULL
 WHERE i.state = 'pending' AND t.withdraw_pending_after_days > 0
   AND i.sent_at < now() - make_interval(days => t.withdraw_pending_after_days)
   AND (i.withdrawal_queued_at IS NULL OR i.withdrawal_queued_at < now() - ${REQUEUE_AFTER})
   AND NOT ('agent_invitation_withdraw' = ANY (m.refused_types))
 ORDER BY i.sent_at, i.id
 LIMIT ${BATCH}`;

/** Queues the withdrawals that are due now; answers how many were queued. */
export async function withdrawOldInvitations(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
  now = new Date(),
): Promise<number> {
  const { db, signals } = ctx;
  const byMember = new Map<string, OldInvitation[]>();
  for (const row of await db.query<OldInvitation>(OLD_PENDING_SQL)) {
    const key = `${row.team_id} ${row.user_id}`;
    byMember.set(key, [...(byMember.get(key) ?? []), row]);
  }
  let queued = 0;
  for (const invitations of byMember.values()) {
    const { team_id: teamId, user_id: userId, working_hours: hours } = invitations[0]!;
    if (!writesWindow(hours, now).open) continue;
    const room = await withdrawalRoom(db, teamId, userId);
    for (const inv of invitations.slice(0, Math.max(0, room))) {
      const task = await enqueueTask(db, signals, {
        teamId,
        type: 'agent_invitation_withdraw',
        input: { task_type: 'agent_invitation_withdraw', profile_urn: inv.profile_urn },
        assignedUserId: userId,
        targetKey: `withdraw:${userId}:${inv.profile_urn}`,
        queuedBy: { kind: 'sync' },
      });
      await db.query('UPDATE sent_invitations SET withdrawal_queued_at = now() WHERE id = $1', [
        inv.id,
      ]);
      if (task) queued++;
    }
  }
  return queued;
}

/** How many more withdrawals the member's budget holds today and this week, less those already waiting. */
async function withdrawalRoom(db: Queryable, teamId: string, userId: string): Promise<number> {
  const { budgets } = await loadTeamSettings(db, teamId);
  const limit = budgets.agent_invitation_withdraw;
  const use = (await loadUsage(db, [userId])).get(userId)?.get('agent_invitation_withdraw');
  const [waiting] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tasks
      WHERE team_id = $1 AND assigned_user_id = $2 AND type = 'agent_invitation_withdraw' AND status = 'pending'`,
    [teamId, userId],
  );
  const left = (max: number | null, used = 0) => (max === null ? Infinity : max - used);
  return (
    Math.min(left(limit.per_day, use?.day), left(limit.per_week, use?.week)) - (waiting?.n ?? 0)
  );
}
