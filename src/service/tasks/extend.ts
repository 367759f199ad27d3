import type { Database } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { holdsClaim, iso, LEASE_SECONDS, lockTask } from './task-row.js';

export interface ClaimRef {
  teamId: string;
  userId: string;
  taskId: string;
  attempt: number;
}

/** Renews the lease of a task this member holds (docs/agent-protocol.md `extend`). */
export async function extendLease(
  db: Database,
  ref: ClaimRef,
): Promise<{ lease_expires_at: string }> {
  return db.transaction(async (tx) => {
    const row = await lockTask(tx, ref.teamId, ref.taskId);
    if (!row) throw new HttpError(404, 'Task not found');
    if (row.status !== 'processing' || !holdsClaim(row, ref.userId, ref.attempt))
      throw new HttpError(409, 'Lease lost');
    const [updated] = await tx.query<{ lease_expires_at: Date }>(
      `UPDATE tasks SET lease_expires_at = now() + make_interval(secs => ${LEASE_SECONDS}), updated_at = now()
        WHERE id = $1 RETURNING lease_expires_at`,
      [row.id],
    );
    return { lease_expires_at: iso(updated!.lease_expires_at)! };
  });
}
