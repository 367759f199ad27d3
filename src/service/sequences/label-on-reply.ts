import type { TaskError } from '../../contract/task-types.js';
import { OnReply, type ReplyAction } from '../../contract/reply-labels.js';
import type { Queryable } from '../db/database.js';
import type { EnrollmentRef } from '../relationships/reply-listeners.js';
import { cancelOpenTask } from './stop-on-reply.js';

/**
 * What a sorted reply does to the sender's sequence (docs/sequences.md, "Replies sorted"). The
 * reply itself already did what stop_on_reply says when the inbox filed it (stop-on-reply.ts); the
 * label refines it afterwards, by the sequence's `on_reply`: `stop` ends the person's sequence,
 * `continue` takes the reply as read and goes on, `{wait_days}` goes on after that many days.
 * The label never queues a task: the engine runs the next step when it is due, under the sender's
 * budgets, as any step.
 */

const STOPPED_BY_LABEL = (label: string): TaskError => ({
  code: 'stopped_by_reply',
  message: `Cancelled: the person’s reply was sorted ${label}, which stops their sequence`,
});
const HELD_BY_LABEL = (label: string): TaskError => ({
  code: 'stopped_by_reply',
  message: `Cancelled: the person’s reply was sorted ${label}; the step runs again after the wait`,
});

interface SortedReply {
  teamId: string;
  userId: string;
  senderUrn: string;
  deliveredAt: Date;
  label: string;
}

interface Hit {
  id: string;
  sequence_id: string;
  state: string;
  on_reply: unknown;
  steps_left: boolean;
  task_status: string | null;
}

function actionOf(onReply: unknown, label: string): ReplyAction | null {
  const parsed = OnReply.safeParse(onReply);
  return parsed.success ? (parsed.data[label] ?? null) : null;
}

/**
 * Applies the label to each enrollment the reply belongs to (the sender's, for this person,
 * replied, enrolled before it); `hourMs` is the engine's hour (SEQUENCE_HOUR_S). Answers the
 * newest enrollment in its new state, for the reply.classified event.
 */
export async function applyReplyLabel(
  tx: Queryable,
  reply: SortedReply,
  hourMs: number,
): Promise<EnrollmentRef | null> {
  const hits = await tx.query<Hit>(
    `UPDATE sequence_enrollments e SET reply_label = $5, updated_at = now()
       FROM sequences s
      WHERE s.id = e.sequence_id AND e.team_id = $1 AND COALESCE(e.sender_user_id, s.sender_user_id) = $2
        AND e.profile_urn = $3 AND e.replied_at IS NOT NULL AND e.replied_at <= $4 AND e.created_at < $4
      RETURNING e.id, e.sequence_id, e.state, s.on_reply,
                e.step_index < jsonb_array_length(s.steps) AS steps_left,
                (SELECT t.status FROM tasks t WHERE t.id = e.current_task_id) AS task_status`,
    [reply.teamId, reply.userId, reply.senderUrn, reply.deliveredAt, reply.label],
  );
  let newest: EnrollmentRef | null = null;
  for (const hit of hits) {
    const action = actionOf(hit.on_reply, reply.label);
    const state = action ? await act(tx, hit, action, reply, hourMs) : hit.state;
    newest = { id: hit.id, sequence_id: hit.sequence_id, state };
  }
  return newest;
}

const OPEN = ['active', 'waiting_acceptance'];

async function act(
  tx: Queryable,
  hit: Hit,
  action: ReplyAction,
  reply: SortedReply,
  hourMs: number,
): Promise<string> {
  if (action === 'stop') {
    if (!OPEN.includes(hit.state)) return hit.state;
    await cancelOpenTask(tx, hit.id, STOPPED_BY_LABEL(reply.label));
    await tx.query(
      `UPDATE sequence_enrollments SET state = 'replied', phase = NULL, waiting_reason = NULL, reply_wait_until = NULL,
              updated_at = now() WHERE id = $1`,
      [hit.id],
    );
    return 'replied';
  }
  // A person whose steps are all done stays as they are; one stopped by this reply goes on.
  if (!OPEN.includes(hit.state) && !(hit.state === 'replied' && hit.steps_left)) return hit.state;
  const until =
    typeof action === 'object' ? new Date(Date.now() + action.wait_days * 24 * hourMs) : null;
  const cancel = until !== null && hit.task_status === 'pending';
  if (cancel) await cancelOpenTask(tx, hit.id, HELD_BY_LABEL(reply.label));
  // The step's task that a reply cancelled (or the wait just did) runs again from the step's
  // start; one that runs, ran or awaits approval is the engine's to read.
  const restart = cancel || hit.task_status === null || hit.task_status === 'failed';
  await tx.query(
    `UPDATE sequence_enrollments
        SET state = CASE WHEN state = 'replied' THEN 'active' ELSE state END,
            current_task_id = CASE WHEN $2 THEN NULL ELSE current_task_id END,
            phase = CASE WHEN $2 THEN NULL ELSE phase END,
            -- The reply is taken into account: a message step does not stop over it.
            last_step_at = GREATEST(last_step_at, $3::timestamptz),
            reply_wait_until = $4::timestamptz,
            next_run_at = COALESCE($4::timestamptz, now()),
            waiting_reason = CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE $5 END,
            updated_at = now()
      WHERE id = $1`,
    [
      hit.id,
      restart,
      reply.deliveredAt,
      until,
      until
        ? `the person’s reply was sorted ${reply.label}: the sequence goes on at ${until.toISOString()}`
        : null,
    ],
  );
  return hit.state === 'replied' ? 'active' : hit.state;
}
