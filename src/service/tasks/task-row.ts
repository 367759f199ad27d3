import { PREPARED, type Queryable } from '../db/database.js';
import type { TaskError, TaskStatus, TaskType } from '../../contract/task-types.js';

/** docs/agent-protocol.md: the lease is 120 s by default; `extend` renews it by as much again. */
export const LEASE_SECONDS = 120;

/** A task row as the queue operations read it (under a row lock). */
export interface LockedTask {
  id: string;
  team_id: string;
  type: TaskType;
  status: TaskStatus;
  attempt: number;
  max_attempts: number;
  claimed_by: string | null;
  input: Record<string, unknown>;
  error: (TaskError & { retryable?: boolean }) | null;
  watchlist_id: string | null;
  assigned_user_id: string | null;
}

/**
 * Locks one task of `teamId` for the rest of the transaction. A task of another team is not found:
 * an agent never learns that another team's task id exists.
 */
export const TASK_COLUMNS =
  'id, team_id, type, status, attempt, max_attempts, claimed_by, input, error, watchlist_id, assigned_user_id';

export async function lockTask(
  tx: Queryable,
  teamId: string,
  taskId: string,
): Promise<LockedTask | null> {
  const [row] = await tx.query<LockedTask>(
    `SELECT ${TASK_COLUMNS} FROM tasks WHERE id = $1 AND team_id = $2 FOR UPDATE`,
    [taskId, teamId],
    PREPARED,
  );
  return row ?? null;
}

/** The claimer's fencing check (docs/agent-protocol.md): the current attempt, held by this member. */
export function holdsClaim(row: LockedTask, userId: string, attempt: number): boolean {
  return row.attempt === attempt && row.claimed_by === userId;
}

export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
