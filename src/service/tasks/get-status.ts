import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import type { TaskStatusResponse } from '../../contract/network-tasks.js';
import type { TaskError, TaskStatus, TaskType } from '../../contract/task-types.js';
import { TeamSafety } from '../budgets/safety.js';
import { iso } from './task-row.js';

/**
 * A task of the team as `get-task-status` shows it. A task of another team is 404 `Task not found`,
 * exactly as an unknown id: a different answer would tell anyone with a key which ids exist.
 */
export async function getTaskStatus(
  db: Queryable,
  teamId: string,
  taskId: string,
): Promise<TaskStatusResponse['data']> {
  const [row] = await db.query<{
    id: string;
    status: TaskStatus;
    input: Record<string, unknown>;
    output: Record<string, unknown> | null;
    error: TaskError | null;
    created_at: Date;
    updated_at: Date;
    type: TaskType;
    assigned_user_id: string | null;
    run_after: Date;
    attempt: number;
    max_attempts: number;
  }>(
    `SELECT id, status, input, output, error, created_at, updated_at, type, assigned_user_id, run_after, attempt, max_attempts
       FROM tasks WHERE id = $1 AND team_id = $2`,
    [taskId, teamId],
  );
  if (!row) throw new HttpError(404, 'Task not found');
  const wait =
    row.status === 'pending' ? await (await TeamSafety.load(db, teamId)).whyWaiting(row) : null;
  return {
    id: row.id,
    status: row.status,
    task_input: row.input,
    task_output: row.status === 'completed' ? row.output : null,
    error: row.error ? { code: row.error.code, message: row.error.message } : null,
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    scheduled_for: wait?.scheduled_for ? wait.scheduled_for.toISOString() : null,
    waiting_reason: wait?.waiting_reason ?? null,
  };
}
