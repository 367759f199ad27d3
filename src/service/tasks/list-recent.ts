import type { Queryable } from '../db/database.js';
import type { TaskListResponse } from '../../contract/task-list.js';
import type { TaskError, TaskStatus, TaskType } from '../../contract/task-types.js';
import { iso } from './task-row.js';

/** The team's recent tasks, newest first, with the members they are routed to and claimed by. */
export async function listRecentTasks(
  db: Queryable,
  teamId: string,
  opts: { status?: TaskStatus; limit: number },
): Promise<TaskListResponse> {
  const rows = await db.query<{
    id: string;
    type: TaskType;
    status: TaskStatus;
    attempt: number;
    error: TaskError | null;
    assigned_email: string | null;
    claimed_by_email: string | null;
    created_at: Date;
    updated_at: Date;
  }>(
    `SELECT t.id, t.type, t.status, t.attempt, t.error, a.email AS assigned_email, c.email AS claimed_by_email,
            t.created_at, t.updated_at
       FROM tasks t
       LEFT JOIN memberships a ON a.team_id = t.team_id AND a.user_id = t.assigned_user_id
       LEFT JOIN memberships c ON c.team_id = t.team_id AND c.user_id = t.claimed_by
      WHERE t.team_id = $1 AND ($2::text IS NULL OR t.status = $2)
      ORDER BY t.created_at DESC, t.id
      LIMIT $3`,
    [teamId, opts.status ?? null, opts.limit],
  );
  return {
    tasks: rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      attempt: r.attempt,
      error: r.error ? { code: r.error.code, message: r.error.message } : null,
      assigned_email: r.assigned_email,
      claimed_by_email: r.claimed_by_email,
      created_at: iso(r.created_at)!,
      updated_at: iso(r.updated_at)!,
    })),
    count: rows.length,
  };
}
