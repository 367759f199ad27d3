import type { Queryable } from '../db/database.js';

/**
 * A member who leaves a team (removed by an admin, or moved to another team at sign-in) can no
 * longer run the team's tasks assigned to them. Those tasks would otherwise wait forever: they are
 * failed at once with `agent_lost`, visible to the API user, never silently dropped.
 */
export async function failDepartedMemberTasks(
  tx: Queryable,
  teamId: string,
  userId: string,
): Promise<number> {
  const rows = await tx.query(
    `UPDATE tasks
        SET status = 'failed', lease_expires_at = NULL, updated_at = now(), finished_at = now(),
            error = jsonb_build_object('code', 'agent_lost', 'message',
              'The team member this task was assigned to has left the team; create the task again')
      WHERE team_id = $1 AND assigned_user_id = $2 AND status IN ('awaiting_approval', 'pending', 'processing')
      RETURNING id`,
    [teamId, userId],
  );
  return rows.length;
}
