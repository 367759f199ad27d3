import type { Queryable } from '../db/database.js';
import type { TaskError } from '../../contract/task-types.js';
import type { EnrollmentRef, ReceivedMessage } from '../relationships/reply-listeners.js';

/** Why a step's task was cancelled, as its error says (docs/sequences.md). */
const CANCELLED_BY_REPLY: TaskError = {
  code: 'stopped_by_reply',
  message: 'Cancelled: the person replied, so their sequence stopped before this step',
};

/**
 * The step's task of an enrollment that has not started: failed with `why`, so a stopped person
 * gets nothing more. One already running finishes (the extension cannot be called back mid-write).
 */
export async function cancelOpenTask(
  tx: Queryable,
  enrollmentId: string,
  why: TaskError,
): Promise<void> {
  await tx.query(
    `UPDATE tasks SET status = 'failed', error = $2, finished_at = now(), updated_at = now()
      WHERE status = 'pending' AND id = (SELECT current_task_id FROM sequence_enrollments WHERE id = $1)`,
    [enrollmentId, JSON.stringify(why)],
  );
}

/**
 * A person wrote to their sender in a sequence: their replied_at is set (the funnel's "replied");
 * with stop_on_reply, an active enrollment stops at once, before its next message, and a step's
 * task not yet claimed is cancelled. A reply after the last step, within the sequence's
 * reply_window_days of it, makes a finished person `replied` too; a later one is not the
 * sequence's, nor is one to a person who left it before it contacted them. Answers the enrollment
 * for the message.received event.
 */
export async function stopOnReply(
  tx: Queryable,
  m: ReceivedMessage,
): Promise<EnrollmentRef | null> {
  const rows = await tx.query<{ id: string; sequence_id: string; state: string; stop: boolean }>(
    `WITH hit AS (
       SELECT e.id, e.state AS before,
              (s.stop_on_reply AND e.state IN ('active', 'waiting_acceptance')) OR e.state = 'finished' AS ends
         FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
        WHERE e.team_id = $1 AND COALESCE(e.sender_user_id, s.sender_user_id) = $2 AND e.profile_urn = $3
          AND e.created_at < $4::timestamptz
          -- A person the sequence let go of before contacting them (taken out, stopped as enrolled
          -- elsewhere, failed at a visit) did not answer it.
          AND (e.state IN ('active', 'waiting_acceptance', 'finished') OR e.invited_at IS NOT NULL OR e.messaged_at IS NOT NULL)
          AND (e.state <> 'finished'
               OR $4::timestamptz <= COALESCE(e.ended_at, e.updated_at) + make_interval(days => s.reply_window_days)))
     UPDATE sequence_enrollments e
        SET replied_at = COALESCE(e.replied_at, $4::timestamptz),
            state = CASE WHEN hit.ends THEN 'replied' ELSE e.state END,
            waiting_reason = CASE WHEN hit.ends THEN NULL ELSE e.waiting_reason END,
            updated_at = now()
       FROM hit
      WHERE hit.id = e.id
      RETURNING e.id, e.sequence_id, e.state, (hit.ends AND hit.before <> 'finished') AS stop`,
    [m.teamId, m.userId, m.senderUrn, m.deliveredAt],
  );
  for (const r of rows) if (r.stop) await cancelOpenTask(tx, r.id, CANCELLED_BY_REPLY);
  const newest = rows.at(-1);
  return newest ? { id: newest.id, sequence_id: newest.sequence_id, state: newest.state } : null;
}
