import type { Database } from '../db/database.js';
import type { ClaimedTask } from '../../contract/agent.js';
import type { TaskSignals } from './task-signals.js';
import { forgetClaim } from './claim-memory.js';

/**
 * docs/agent-protocol.md "Claim": a task claimed for a long poll whose client left before the answer
 * was sent goes back to `pending` at once, with its attempt given back. Nobody saw that attempt, so
 * the fencing token stays safe; the conditions make it a no-op if anything touched the task since.
 */
export async function giveBackClaim(
  deps: { db: Database; signals: TaskSignals },
  teamId: string,
  task: ClaimedTask,
): Promise<void> {
  forgetClaim(deps.db, task.id);
  const given = await deps.db.query(
    `UPDATE tasks SET status = 'pending', attempt = attempt - 1, lease_expires_at = NULL, updated_at = now()
      WHERE id = $1 AND attempt = $2 AND status = 'processing'
      RETURNING id`,
    [task.id, task.attempt],
  );
  // Every claim of the team looks: the task's own wake-up was stopped when this claim took it.
  if (given.length > 0) await deps.signals.taskReady(teamId);
}
