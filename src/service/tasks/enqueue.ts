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
 * TODO(2026-11-22): implemented with the queue (issue 2).
 */
export async function enqueueTask(db: Queryable, signals: TaskSignals, task: NewTask): Promise<{ id: string } | null> {
  void db;
  void signals;
  void task;
  throw new Error('enqueueTask: not built yet');
}
