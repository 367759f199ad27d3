import type { Queryable } from '../db/database.js';
import type { TaskSignals } from './task-signals.js';
import type { TaskType } from '../../contract/task-types.js';

export interface NewTask {
  teamId: string;
  type: TaskType;
  /** The normalised input, including `task_type`. */
  input: Record<string, unknown>;
  /** Only this user may run it (routing); null: any eligible member. */
  assignedUserId?: string | null;
  watchlistId?: string | null;
  /** Collection tasks: at most one pending/processing task per team and target. */
  targetKey?: string | null;
}

/**
 * Inserts a pending task and wakes waiting claims. Returns null when a task for the same
 * `targetKey` is still open (collection never queues two for one target).
 *
 * `db` may be a caller's transaction: on PostgreSQL the wake-up NOTIFY then goes through that
 * transaction and is delivered at its commit, so no claim looks for a row it cannot see yet.
 */
export async function enqueueTask(db: Queryable, signals: TaskSignals, task: NewTask): Promise<{ id: string } | null> {
  const id = crypto.randomUUID();
  const rows = await db.query<{ id: string }>(
    `INSERT INTO tasks (id, team_id, type, input, status, assigned_user_id, watchlist_id, target_key)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7)
     ON CONFLICT (team_id, target_key) WHERE target_key IS NOT NULL AND status IN ('pending', 'processing')
     DO NOTHING
     RETURNING id`,
    [
      id,
      task.teamId,
      task.type,
      JSON.stringify(task.input),
      task.assignedUserId ?? null,
      task.watchlistId ?? null,
      task.targetKey ?? null,
    ],
  );
  if (rows.length === 0) return null;
  await signals.taskReady(task.teamId, db);
  return { id };
}
