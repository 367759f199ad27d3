import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { TaskError } from '../../contract/task-types.js';
import type { EnrollmentRow } from './enrollment-row.js';
import { SenderPicker, type PooledSequence } from './senders.js';
import { pendingInvitationTo } from '../outreach/pending-invitation.js';

/** Why a step's task was cancelled when its person moved to another sender. */
const CANCELLED_BY_MOVE: TaskError = {
  code: 'sender_changed',
  message: 'Cancelled: the person moved to another sender of the sequence, who runs this step',
};

/**
 * Failures that say the step is done as far as the network goes (the person has an invitation of
 * the sender's, or is their connection): the engine reads them, and the person stays.
 */
const DONE_FAILURES = ['invitation_pending', 'already_connected'];

/**
 * Whether a person's step may still go to another sender: its task is not running, did not
 * complete (an invitation that went out is the sender's, even when the engine has not read it yet)
 * and did not fail in a way that means it is done.
 */
function stepStillOpen(t: { status: string; error: { code?: string } | null } | undefined) {
  if (!t || t.status === 'pending') return true;
  return t.status === 'failed' && !DONE_FAILURES.includes(t.error?.code ?? '');
}

/** How long a sender may be paused or inactive before their people not yet invited move. */
export const awayMs = (ctx: ServiceContext) =>
  ctx.config.SEQUENCE_SENDER_AWAY_HOURS * ctx.config.SEQUENCE_HOUR_S * 1000;

/**
 * Rebalancing (docs/sequences.md): in each active pooled sequence, a person not yet invited (nor
 * messaged) whose sender can no longer send (paused or inactive beyond the set time, withdrew
 * consent, turned off a kind the steps need, hit the network's invitation limit, left the pool)
 * moves to the pool's pick among the others. Their step's task, if not started, is cancelled and
 * the step runs again in the new sender's name; a task already running stays with its member.
 * A person already invited stays with whoever invited them. Answers how many moved.
 */
export async function rebalanceSequences(ctx: ServiceContext, now = new Date()): Promise<number> {
  const sequences = await ctx.db.query<PooledSequence & { id: string }>(
    `SELECT s.id, s.team_id, s.sender_mode, s.sender_user_id, s.sender_user_ids, s.steps FROM sequences s
      WHERE s.status = 'active' AND s.sender_mode <> 'one'
        AND EXISTS (SELECT 1 FROM sequence_enrollments e WHERE e.sequence_id = s.id AND e.state = 'active'
                     AND e.invited_at IS NULL AND e.messaged_at IS NULL)`,
  );
  let moved = 0;
  for (const seq of sequences) {
    const picker = await SenderPicker.load(ctx.db, seq, now, awayMs(ctx));
    const fit = picker.pool.map((m) => m.user_id).filter((id) => !picker.unfitWhy(id));
    if (fit.length === 0) continue;
    const people = await ctx.db.query<{ id: string; sender_user_id: string | null }>(
      `SELECT e.id, e.sender_user_id FROM sequence_enrollments e LEFT JOIN tasks t ON t.id = e.current_task_id
        WHERE e.sequence_id = $1 AND e.state = 'active' AND e.invited_at IS NULL AND e.messaged_at IS NULL
          AND (e.sender_user_id IS NULL OR NOT (e.sender_user_id = ANY($2::uuid[])))
          AND (t.id IS NULL OR t.status = 'pending'
               OR (t.status = 'failed' AND COALESCE(t.error->>'code', '') <> ALL($3::text[])))
        ORDER BY e.created_at LIMIT 1000`,
      [seq.id, fit, DONE_FAILURES],
    );
    for (const p of people) {
      const why = picker.unfitWhy(p.sender_user_id);
      if (!why) continue;
      const [row] = await ctx.db.query<{ profile_urn: string | null }>(
        'SELECT profile_urn FROM sequence_enrollments WHERE id = $1',
        [p.id],
      );
      const pick = await picker.pick(row?.profile_urn ?? null);
      if (!pick) break;
      const done = await ctx.db.transaction((tx) =>
        moveTo(tx, p.id, p.sender_user_id, pick, `${picker.emailOf(p.sender_user_id)} ${why}`),
      );
      if (done) moved++;
    }
  }
  return moved;
}

/**
 * Gives a person not yet invited to another sender: the open step's task is cancelled unless it
 * started (then nothing moves), and the step runs again in the new sender's name.
 */
async function moveTo(
  tx: Queryable,
  enrollmentId: string,
  from: string | null,
  to: { userId: string; email: string; reason: string },
  why: string,
): Promise<boolean> {
  const [e] = await tx.query<{ current_task_id: string | null }>(
    `SELECT current_task_id FROM sequence_enrollments
      WHERE id = $1 AND state = 'active' AND invited_at IS NULL AND messaged_at IS NULL
        AND sender_user_id IS NOT DISTINCT FROM $2::uuid FOR UPDATE`,
    [enrollmentId, from],
  );
  if (!e) return false;
  if (e.current_task_id) {
    const [t] = await tx.query<{ status: string; error: { code?: string } | null }>(
      'SELECT status, error FROM tasks WHERE id = $1 FOR UPDATE',
      [e.current_task_id],
    );
    if (!stepStillOpen(t)) return false;
    if (t?.status === 'pending')
      await tx.query(
        `UPDATE tasks SET status = 'failed', error = $2, finished_at = now(), updated_at = now() WHERE id = $1`,
        [e.current_task_id, JSON.stringify(CANCELLED_BY_MOVE)],
      );
    // A task that failed for its sender alone is read no more: the step runs again for the new one.
  }
  await tx.query(
    `UPDATE sequence_enrollments
        SET sender_user_id = $2, sender_reason = $3, current_task_id = NULL, phase = NULL, next_run_at = now(),
            waiting_reason = NULL, updated_at = now()
      WHERE id = $1`,
    [enrollmentId, to.userId, `moved from ${why}; now ${to.email}: ${to.reason}`],
  );
  return true;
}

/**
 * Once a visit learnt who the person is: in a pooled sequence, a person not yet contacted whose
 * sender is not connected to them moves to a member of the pool who is (a warm path), or else to
 * the member whose invitation to them waits for an answer (nobody else may invite them).
 */
export async function warmPathAfterVisit(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  urn: string,
): Promise<void> {
  if (e.sender_mode === 'one' || e.invited_at || e.messaged_at) return;
  const connected = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM member_connections WHERE team_id = $1 AND profile_urn = $2',
    [e.team_id, urn],
  );
  if (connected.some((c) => c.user_id === e.sender_user_id)) return;
  if (connected.length === 0) {
    const pending = await pendingInvitationTo(tx, e.team_id, urn);
    if (!pending || pending.userId === e.sender_user_id) return;
  }
  const picker = await SenderPicker.load(
    tx,
    {
      team_id: e.team_id,
      sender_mode: e.sender_mode,
      sender_user_id: e.default_sender_id,
      sender_user_ids: e.sender_user_ids,
      steps: e.steps,
    },
    new Date(),
    awayMs(ctx),
  );
  const pick = await picker.pick(urn);
  if (!pick?.known || pick.userId === e.sender_user_id) return;
  await tx.query(
    'UPDATE sequence_enrollments SET sender_user_id = $2, sender_reason = $3 WHERE id = $1',
    [e.id, pick.userId, `${pick.reason}, found once the visit learnt who the person is`],
  );
  e.sender_user_id = pick.userId;
}
