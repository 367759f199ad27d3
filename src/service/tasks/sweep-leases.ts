import type { Database } from '../db/database.js';
import type { TaskSignals } from './task-signals.js';

const AGENT_LOST = {
  code: 'agent_lost',
  message: 'The agent holding this task stopped answering before its lease expired',
};

/**
 * Tasks whose lease expired (the agent crashed, closed the browser or lost the network) go back to
 * pending, to be claimed again with the next attempt, or fail with `agent_lost` when their attempts
 * are spent. Nothing is ever dropped silently. Safe to run on several instances at once.
 */
export async function sweepExpiredLeases(
  db: Database,
  signals: TaskSignals,
): Promise<{ requeued: number; failed: number }> {
  const rows = await db.query<{ team_id: string; status: 'pending' | 'failed' }>(
    `UPDATE tasks
        SET status = CASE WHEN attempt >= max_attempts THEN 'failed' ELSE 'pending' END,
            finished_at = CASE WHEN attempt >= max_attempts THEN now() END,
            error = $1, lease_expires_at = NULL, run_after = now(), updated_at = now()
      WHERE id IN (SELECT id FROM tasks WHERE status = 'processing' AND lease_expires_at < now()
                    FOR UPDATE SKIP LOCKED)
      RETURNING team_id, status`,
    [JSON.stringify(AGENT_LOST)],
  );
  const teams = new Set(rows.filter((r) => r.status === 'pending').map((r) => r.team_id));
  for (const teamId of teams) await signals.taskReady(teamId);
  return {
    requeued: rows.filter((r) => r.status === 'pending').length,
    failed: rows.filter((r) => r.status === 'failed').length,
  };
}
