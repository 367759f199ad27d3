import { PREPARED, type Queryable } from '../db/database.js';
import type { TaskSignals } from './task-signals.js';
import type { TaskType } from '../../contract/task-types.js';
import { failRefusedTasks } from '../consent/member-consent.js';

/** Who queued a task (shown to the member it runs as): a call with the team's key alone, or a signed-in member. */
export type QueuedBy =
  | { kind: 'api_key' }
  | { kind: 'member'; userId: string }
  | { kind: 'watchlist' }
  | { kind: 'sync' }
  | { kind: 'sequence' };

interface NewTask {
  teamId: string;
  type: TaskType;
  /** The normalised input, including `task_type`. */
  input: Record<string, unknown>;
  /** Only this user may run it (routing); null: any eligible member. */
  assignedUserId?: string | null;
  watchlistId?: string | null;
  /** Collection tasks: at most one pending/processing task per team and target. */
  targetKey?: string | null;
  /** Recorded for the member the task runs as to see; absent: not known (stored as null). */
  queuedBy?: QueuedBy;
}

/**
 * Inserts a pending task and wakes waiting claims. Returns null when a task for the same
 * `targetKey` is still open (collection never queues two for one target).
 *
 * `db` may be a caller's transaction: on PostgreSQL the wake-up NOTIFY then goes through that
 * transaction and is delivered at its commit, so no claim looks for a row it cannot see yet.
 */
export async function enqueueTask(
  db: Queryable,
  signals: TaskSignals,
  task: NewTask,
): Promise<{ id: string; refused: boolean } | null> {
  const id = crypto.randomUUID();
  const rows = await db.query<{ id: string }>(
    `INSERT INTO tasks (id, team_id, type, input, status, assigned_user_id, watchlist_id, target_key, queued_by, queued_by_user_id)
     VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9)
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
      task.queuedBy?.kind ?? null,
      task.queuedBy?.kind === 'member' ? task.queuedBy.userId : null,
    ],
    PREPARED,
  );
  if (rows.length === 0) return null;
  // Failed as an update of the row just written, so its webhooks go out as for any failure.
  if (
    task.assignedUserId &&
    (await failRefusedTasks(db, task.teamId, task.assignedUserId, id)).length
  )
    return { id, refused: true };
  // One waiting claim that may run it wakes (task-signals.ts), not every claim of the team.
  await signals.taskReady(task.teamId, db, {
    type: task.type,
    assignedUserId: task.assignedUserId ?? null,
    id,
  });
  return { id, refused: false };
}
