import type { Queryable } from '../db/database.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';

/**
 * Ends the writes nobody approved in time (`approval_expires_at`, APPROVAL_HOURS after they were
 * queued): `failed` with `approval_expired`, so the AI client polling the task learns it was never
 * sent. Idempotent: several instances may run it at once.
 */
export async function expireApprovals(db: Queryable): Promise<number> {
  const rows = await db.query(
    `UPDATE tasks SET status = 'failed', updated_at = now(), finished_at = now(),
            error = jsonb_build_object('code', 'approval_expired', 'message', $1::text)
      WHERE status = 'awaiting_approval' AND approval_expires_at <= now()
      RETURNING id`,
    [`Nobody approved this write within ${APPROVAL_HOURS} hours; it was not sent`],
  );
  return rows.length;
}
