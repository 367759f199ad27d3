import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import type { ProfileOutput, PostsOutput } from '../../contract/task-outputs.js';
import {
  fillTemplate,
  missingFieldReason,
  NOTE_MAX,
  noteTooLongReason,
} from '../../contract/templates.js';
import { enqueueTask } from '../tasks/enqueue.js';
import { ENROLLMENT_SELECT, type EnrollmentRow } from './enrollment-row.js';
import { rebalanceSequences, warmPathAfterVisit } from './rebalance.js';
import { mergeSamePerson, stopEnrolledTwice } from './same-person.js';
import type { OutreachKind, Refusal } from '../outreach/refusal.js';
import { writeGate } from '../tasks/write-gate.js';
import { DRAFT_DUE, DRAFTING } from './draft-step.js';
import {
  pendingInvitationError,
  pendingInvitationTo,
  type PendingInvitation,
} from '../outreach/pending-invitation.js';

/**
 * The sequence engine (docs/sequences.md): moves each enrolled person through the steps, one
 * ordinary task of the sender at a time (so every step is under the sender's budgets, pace and
 * working hours, which the claim enforces). A step's task is followed by its id: the engine reads
 * how it ended, so it needs no hook in the claim. An hour is SEQUENCE_HOUR_S seconds.
 */

type Outcome = 'continue' | 'wait';
interface TaskEnd {
  status: string;
  output: Record<string, unknown> | null;
  error: { code: string; message: string } | null;
}

const STEP_WORDS: Record<string, string> = {
  visit: 'visit',
  connection_request: 'connection request',
  wait_for_acceptance: 'wait for acceptance',
  message: 'message',
  like_latest_post: 'like of the latest post',
};

export async function advanceSequences(ctx: ServiceContext, now = new Date()): Promise<number> {
  await rebalanceSequences(ctx, now);
  const rows = await ctx.db.query<{ id: string }>(
    `SELECT e.id FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
      WHERE s.status = 'active' AND e.state IN ('active', 'waiting_acceptance')
        -- Due; or its step's task ended; or, while it waits, the person appeared among the sender's connections.
        AND (e.next_run_at <= $1
             OR EXISTS (SELECT 1 FROM tasks t WHERE t.id = e.current_task_id AND t.status IN ('completed', 'failed'))
             OR (e.state = 'waiting_acceptance' AND EXISTS (
                   SELECT 1 FROM member_connections c WHERE c.team_id = e.team_id AND c.user_id = COALESCE(e.sender_user_id, s.sender_user_id) AND c.profile_urn = e.profile_urn)))
      ORDER BY e.next_run_at LIMIT 500`,
    [now],
  );
  let moved = 0;
  for (const { id } of rows) {
    await ctx.db.transaction(async (tx) => {
      // Several steps may follow at once (a skipped request, a finished wait); never more than the steps.
      for (let i = 0; i < 25; i++) {
        const [e] = await tx.query<EnrollmentRow>(
          `${ENROLLMENT_SELECT} WHERE e.id = $1 AND e.state IN ('active', 'waiting_acceptance') FOR UPDATE OF e`,
          [id],
        );
        if (!e) return;
        const outcome = await advanceOne(ctx, tx, e, now);
        moved++;
        if (outcome === 'wait') return;
      }
    });
  }
  return moved;
}

async function advanceOne(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  now: Date,
): Promise<Outcome> {
  // The team's model writes this person's message outside the engine's transaction (draft-step.ts).
  if (!e.current_task_id && (e.phase === DRAFT_DUE || e.phase === DRAFTING)) return 'wait';
  if (e.current_task_id) {
    const [task] = await tx.query<TaskEnd>(
      'SELECT status, output, error FROM tasks WHERE id = $1',
      [e.current_task_id],
    );
    if (!task) return fail(tx, e, 'its task was removed');
    if (['pending', 'processing', 'awaiting_approval'].includes(task.status)) {
      await tx.query('UPDATE sequence_enrollments SET waiting_reason = $2 WHERE id = $1', [
        e.id,
        await taskWait(tx, e.current_task_id, e),
      ]);
      return 'wait';
    }
    await tx.query('UPDATE sequence_enrollments SET current_task_id = NULL WHERE id = $1', [e.id]);
    return task.status === 'completed'
      ? taskDone(ctx, tx, e, task.output ?? {}, now)
      : taskFailed(ctx, tx, e, task.error);
  }
  return runStep(ctx, tx, e, now);
}

const hourMs = (ctx: ServiceContext) => ctx.config.SEQUENCE_HOUR_S * 1000;

async function runStep(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  now: Date,
): Promise<Outcome> {
  const step = e.steps[e.step_index];
  if (!step) {
    await tx.query(
      `UPDATE sequence_enrollments SET state = 'finished', waiting_reason = NULL, next_run_at = now(), ended_at = now(), updated_at = now() WHERE id = $1`,
      [e.id],
    );
    return 'wait';
  }
  if (e.reply_wait_until && e.reply_wait_until > now && !e.phase)
    return waitUntil(
      tx,
      e,
      e.reply_wait_until,
      `the person’s reply asked to wait: the ${STEP_WORDS[step.type]} is due at ${e.reply_wait_until.toISOString()}`,
    );
  if ('delay_hours' in step && step.delay_hours > 0 && !e.phase) {
    const due = new Date(e.last_step_at.getTime() + step.delay_hours * hourMs(ctx));
    if (due > now)
      return waitUntil(tx, e, due, `the ${STEP_WORDS[step.type]} is due at ${due.toISOString()}`);
  }
  switch (step.type) {
    case 'visit':
      return queue(ctx, tx, e, 'visit', 'agent_profile_fetch', { profile_slug: profileRef(e) });
    case 'connection_request': {
      if (await connected(tx, e)) return next(tx, e, { accepted: true });
      if (!e.profile_urn)
        return queue(ctx, tx, e, 'lookup', 'agent_profile_fetch', { profile_slug: profileRef(e) });
      let note: string | undefined;
      if (step.note) {
        const filled = fillTemplate(step.note, e.fields);
        if (!filled.ok) return fail(tx, e, missingFieldReason('note', filled.missing));
        if (filled.text.length > NOTE_MAX)
          return fail(tx, e, noteTooLongReason(filled.text.length));
        note = filled.text || undefined;
      }
      return queue(ctx, tx, e, 'invite', 'agent_connection_request', {
        profile_urn: e.profile_urn,
        ...(note ? { note } : {}),
      });
    }
    case 'wait_for_acceptance': {
      if (await connected(tx, e)) return next(tx, e, { accepted: true });
      const since = e.invited_at ?? e.last_step_at;
      const deadline = new Date(since.getTime() + step.max_days * 24 * hourMs(ctx));
      if (now >= deadline) {
        if (step.withdraw_if_not_accepted && e.profile_urn && e.invited_at)
          return queue(ctx, tx, e, 'withdraw', 'agent_invitation_withdraw', {
            profile_urn: e.profile_urn,
          });
        return notAccepted(tx, e, step.max_days);
      }
      await tx.query(
        `UPDATE sequence_enrollments SET state = 'waiting_acceptance', next_run_at = $2, waiting_reason = $3, updated_at = now() WHERE id = $1`,
        [
          e.id,
          deadline,
          `waiting for ${e.name ?? 'the person'} to accept the invitation, until ${deadline.toISOString()}`,
        ],
      );
      return 'wait';
    }
    case 'message':
      if (!(await connected(tx, e)))
        return fail(tx, e, 'a message goes only to a connection, and this person is not one');
      if (e.phase !== 'read') return preRead(ctx, tx, e);
      // Whatever stop_on_reply says, a message never goes out over an answer it has not taken into account.
      if (await repliedSince(tx, e)) return replied(tx, e);
      if (step.draft) return awaitDraft(tx, e);
      return sendMessage(ctx, tx, e, step.text ?? '');
    case 'like_latest_post':
      if (!e.profile_urn)
        return queue(ctx, tx, e, 'lookup', 'agent_profile_fetch', { profile_slug: profileRef(e) });
      return queue(ctx, tx, e, 'find_post', 'agent_profiles_tracking', {
        profile_urns: [e.profile_urn],
        count: 1,
      });
  }
}

/** What a profile fetch takes: the slug, or the profile id (the network reads either). */
function profileRef(e: EnrollmentRow): string {
  return e.profile_slug ?? (e.profile_urn ?? e.profile_input).replace(/^urn:li:fsd_profile:/, '');
}

async function connected(tx: Queryable, e: EnrollmentRow): Promise<boolean> {
  if (e.accepted_at) return true;
  if (!e.profile_urn) return false;
  const [row] = await tx.query<{ at: Date | null }>(
    `SELECT COALESCE((SELECT max(state_changed_at) FROM sent_invitations WHERE team_id = $1 AND user_id = $2 AND profile_urn = $3 AND state = 'accepted'),
                     (SELECT COALESCE(connected_at, seen_at) FROM member_connections WHERE team_id = $1 AND user_id = $2 AND profile_urn = $3)) AS at`,
    [e.team_id, e.sender_user_id, e.profile_urn],
  );
  if (!row?.at) return false;
  await tx.query(
    'UPDATE sequence_enrollments SET accepted_at = COALESCE(accepted_at, $2) WHERE id = $1',
    [e.id, row.at],
  );
  return true;
}

/** The conversation with the person read once, just before the message: a reply since the last step stops it. */
async function preRead(ctx: ServiceContext, tx: Queryable, e: EnrollmentRow): Promise<Outcome> {
  const [known] = await tx.query<{ urn: string }>(
    `SELECT conversation_urn AS urn FROM inbox_conversations
      WHERE team_id = $1 AND user_id = $2 AND (conversation_urn = $3 OR participants @> $4::jsonb)
      ORDER BY last_activity_at DESC LIMIT 1`,
    [
      e.team_id,
      e.sender_user_id,
      e.conversation_urn,
      JSON.stringify([{ profile_urn: e.profile_urn }]),
    ],
  );
  if (known)
    return queue(ctx, tx, e, 'read', 'agent_conversation_messages_fetch', {
      conversation_urn: known.urn,
      count: 20,
    });
  return queue(ctx, tx, e, 'read', 'agent_conversations_fetch', { unread_only: false, count: 20 });
}

async function repliedSince(tx: Queryable, e: EnrollmentRow): Promise<boolean> {
  const [row] = await tx.query(
    `SELECT 1 FROM inbox_messages WHERE team_id = $1 AND user_id = $2 AND sender_urn = $3 AND NOT from_me AND delivered_at > $4 LIMIT 1`,
    [e.team_id, e.sender_user_id, e.profile_urn, e.last_step_at],
  );
  return Boolean(row);
}

async function sendMessage(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  template: string,
): Promise<Outcome> {
  const filled = fillTemplate(template, e.fields);
  if (!filled.ok) return fail(tx, e, missingFieldReason('message', filled.missing));
  return queue(ctx, tx, e, 'message', 'agent_send_message', {
    profile_urn: e.profile_urn,
    message_text: filled.text,
  });
}

/** A drafted message step: the drafting job (draft-step.ts) takes the person up. */
async function awaitDraft(tx: Queryable, e: EnrollmentRow): Promise<Outcome> {
  await tx.query(
    `UPDATE sequence_enrollments SET phase = $2, waiting_reason = $3, next_run_at = now(), updated_at = now() WHERE id = $1`,
    [e.id, DRAFT_DUE, 'the team’s model is drafting the message'],
  );
  return 'wait';
}

async function taskDone(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  output: Record<string, unknown>,
  now: Date,
): Promise<Outcome> {
  switch (e.phase) {
    case 'visit':
    case 'lookup': {
      const p = output as unknown as ProfileOutput;
      const [first, ...rest] = (p.name ?? '').trim().split(/\s+/);
      const fields = {
        first_name: first ?? '',
        last_name: rest.join(' '),
        company: p.experience?.[0]?.company_name ?? '',
        headline: p.headline ?? '',
      };
      const slug = e.profile_slug ?? (p.public_identifier?.toLowerCase() || null);
      // The sequence holds the person once: a row of theirs under another form merges first.
      if (p.profile_urn && (await mergeSamePerson(tx, e, p.profile_urn, slug))) return 'wait';
      // The fields a visit reads join the person's own (the columns of their CSV import).
      await tx.query(
        'UPDATE sequence_enrollments SET profile_urn = $2, name = $3, fields = fields || $4::jsonb, profile_slug = $5 WHERE id = $1',
        [e.id, p.profile_urn, p.name || null, JSON.stringify(fields), slug],
      );
      if (p.profile_urn && (await stopEnrolledTwice(tx, e, p.profile_urn, slug))) return 'wait';
      if (p.profile_urn) await warmPathAfterVisit(ctx, tx, e, p.profile_urn);
      if (p.network_degree === 'first')
        await tx.query(
          'UPDATE sequence_enrollments SET accepted_at = COALESCE(accepted_at, now()) WHERE id = $1',
          [e.id],
        );
      // A lookup serves the step it was made for, which runs again now with what it learnt.
      return e.phase === 'visit' ? next(tx, e) : again(tx, e);
    }
    case 'invite':
      await tx.query('UPDATE sequence_enrollments SET invited_at = now() WHERE id = $1', [e.id]);
      return next(tx, e);
    case 'read':
      return again(tx, e, 'read');
    case 'message':
      await tx.query(
        'UPDATE sequence_enrollments SET messaged_at = now(), conversation_urn = COALESCE($2, conversation_urn) WHERE id = $1',
        [e.id, typeof output.conversation_urn === 'string' ? output.conversation_urn : null],
      );
      return next(tx, e);
    case 'find_post': {
      const post = (output as unknown as PostsOutput).posts?.[0];
      if (!post) return next(tx, e);
      return queue(ctx, tx, e, 'like', 'agent_like_post', {
        social_urn: post.social_urn,
        reaction_type: 'LIKE',
      });
    }
    case 'withdraw':
      return notAccepted(tx, e, (e.steps[e.step_index] as { max_days: number }).max_days, true);
    default:
      void now;
      return next(tx, e);
  }
}

/**
 * Failures that say the sender cannot send now, not that the person cannot be reached: in a pool,
 * a person not yet invited nor messaged waits to be moved to another sender (rebalance.ts), whose
 * turn may come after the engine reads the failure.
 */
const SENDER_FAILURES = ['invitation_limit', 'refused_by_member'];

async function taskFailed(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  error: TaskEnd['error'],
): Promise<Outcome> {
  const code = error?.code ?? 'unknown';
  if (
    SENDER_FAILURES.includes(code) &&
    e.sender_mode !== 'one' &&
    !e.invited_at &&
    !e.messaged_at
  ) {
    // The step runs again from its start: in another sender's name once rebalancing moves the
    // person, or in the same one's in an hour if nobody else can send by then.
    await tx.query(
      `UPDATE sequence_enrollments
          SET phase = NULL, next_run_at = $2, waiting_reason = $3, updated_at = now()
        WHERE id = $1`,
      [
        e.id,
        new Date(Date.now() + hourMs(ctx)),
        `its sender could not send (${error?.message ?? code}); waits for another sender of the pool`,
      ],
    );
    return 'wait';
  }
  if (e.phase === 'invite' && code === 'already_connected') return next(tx, e, { accepted: true });
  if (e.phase === 'invite' && code === 'invitation_pending') {
    await tx.query(
      'UPDATE sequence_enrollments SET invited_at = COALESCE(invited_at, now()) WHERE id = $1',
      [e.id],
    );
    return next(tx, e);
  }
  if (e.phase === 'withdraw' && code === 'invitation_not_found') {
    return notAccepted(tx, e, (e.steps[e.step_index] as { max_days: number }).max_days);
  }
  // Cancelled by a reply (stop-on-reply.ts), which stops the enrollment in the same transaction; should it still be open, the reply stands.
  if (code === 'stopped_by_reply') return replied(tx, e);
  const step = e.steps[e.step_index];
  return fail(
    tx,
    e,
    `the ${STEP_WORDS[step?.type ?? ''] ?? 'step'} failed: ${error?.message ?? code} (${code})`,
  );
}

/**
 * What each phase's task is to the outreach checks: an invitation and a message to the person
 * (the do-not-contact list, and another member's recent contact), a visit or a like (the list
 * only). Reading the conversation and withdrawing an invitation are not outreach.
 */
const OUTREACH: Partial<Record<string, OutreachKind>> = {
  visit: 'enrollment',
  lookup: 'enrollment',
  find_post: 'enrollment',
  like: 'enrollment',
  invite: 'invitation',
  message: 'message',
};

async function queue(
  ctx: ServiceContext,
  tx: Queryable,
  e: EnrollmentRow,
  phase: string,
  type: TaskType,
  input: Record<string, unknown>,
): Promise<Outcome> {
  const kind = OUTREACH[phase];
  // The write gate (tasks/write-gate.ts), for the enrolled person as the step is to them.
  const verdict = await writeGate(tx, {
    teamId: e.team_id,
    type,
    input,
    assignedUserId: e.sender_user_id,
    by: { kind: 'sequence' },
    person: kind
      ? {
          ref: { profileUrn: e.profile_urn, profileSlug: e.profile_slug?.toLowerCase() ?? null },
          kind,
        }
      : undefined,
  });
  if (!verdict.pass) {
    if (!verdict.refusal) throw new Error(`a sequence's step refused: ${verdict.error}`);
    return refused(tx, e, verdict.refusal);
  }
  // After the gate: the sender's own invitation that waits is this step done, not a refusal.
  if (phase === 'invite' && e.profile_urn) {
    const pending = await pendingInvitationTo(tx, e.team_id, e.profile_urn);
    if (pending) return alreadyInvited(tx, e, pending);
  }
  const task = await enqueueTask(tx, ctx.signals, {
    teamId: e.team_id,
    type,
    input: { task_type: type, ...input },
    assignedUserId: e.sender_user_id,
    queuedBy: { kind: 'sequence' },
  });
  if (!task) throw new Error('enqueueTask refused a task without targetKey');
  await tx.query(
    'INSERT INTO sequence_tasks (enrollment_id, task_id, step_index) VALUES ($1, $2, $3)',
    [e.id, task.id, e.step_index],
  );
  await tx.query(
    // Its end brings it back at once (advanceSequences); the clock only to refresh why it waits.
    `UPDATE sequence_enrollments SET state = 'active', phase = $2, current_task_id = $3, waiting_reason = $4,
            next_run_at = now() + interval '10 minutes', updated_at = now() WHERE id = $1`,
    [
      e.id,
      phase,
      task.id,
      `the ${STEP_WORDS[e.steps[e.step_index]!.type]} waits for the sender’s extension`,
    ],
  );
  return 'wait';
}

/** Why a step's task has not run yet: the task's own scheduling words when it has them. */
async function taskWait(tx: Queryable, taskId: string, e: EnrollmentRow): Promise<string> {
  const [t] = await tx.query<{ status: string }>('SELECT status FROM tasks WHERE id = $1', [
    taskId,
  ]);
  const step = STEP_WORDS[e.steps[e.step_index]?.type ?? ''] ?? 'step';
  if (t?.status === 'awaiting_approval')
    return `the drafted ${step} awaits the approval of the sender or an admin (/api-approvals)`;
  return t?.status === 'processing'
    ? `the ${step} is running in the sender’s browser`
    : `the ${step} waits for the sender’s extension (budgets, pace, working hours)`;
}

async function next(
  tx: Queryable,
  e: EnrollmentRow,
  opts: { accepted?: boolean } = {},
): Promise<Outcome> {
  await tx.query(
    `UPDATE sequence_enrollments
        SET step_index = step_index + 1, phase = NULL, state = 'active', last_step_at = now(), next_run_at = now(), waiting_reason = NULL,
            accepted_at = CASE WHEN $2 THEN COALESCE(accepted_at, now()) ELSE accepted_at END, updated_at = now()
      WHERE id = $1`,
    [e.id, Boolean(opts.accepted)],
  );
  return 'continue';
}

async function again(
  tx: Queryable,
  e: EnrollmentRow,
  phase: string | null = null,
): Promise<Outcome> {
  await tx.query('UPDATE sequence_enrollments SET phase = $2, next_run_at = now() WHERE id = $1', [
    e.id,
    phase,
  ]);
  return 'continue';
}

async function waitUntil(
  tx: Queryable,
  e: EnrollmentRow,
  at: Date,
  reason: string,
): Promise<Outcome> {
  await tx.query(
    'UPDATE sequence_enrollments SET next_run_at = $2, waiting_reason = $3, updated_at = now() WHERE id = $1',
    [e.id, at, reason],
  );
  return 'wait';
}

async function fail(tx: Queryable, e: EnrollmentRow, reason: string): Promise<Outcome> {
  await tx.query(
    `UPDATE sequence_enrollments SET state = 'failed', error = $2, waiting_reason = NULL, phase = NULL, updated_at = now() WHERE id = $1`,
    [e.id, reason],
  );
  return 'wait';
}

/** The person is on the do-not-contact list, another member contacted them recently or invited them: they leave the sequence with why. */
async function refused(tx: Queryable, e: EnrollmentRow, refusal: Refusal): Promise<Outcome> {
  const step = STEP_WORDS[e.steps[e.step_index]?.type ?? ''] ?? 'step';
  const error = refusal.error
    .replace(/^Refused: /, '')
    .replace(/; send force: true to contact them anyway$/, '');
  const why = `${refusal.code === 'do_not_contact' ? 'stopped' : 'skipped'} before the ${step}: ${error}`;
  await tx.query(
    `UPDATE sequence_enrollments SET state = 'stopped', error = $2, waiting_reason = NULL, phase = NULL, updated_at = now() WHERE id = $1`,
    [e.id, why],
  );
  return 'wait';
}

/**
 * The person has an invitation waiting for an answer (outreach/pending-invitation.ts): the
 * sender's own is this step done, and the wait for its acceptance counts from when it went out;
 * another member's means the team asked already, so the person leaves with why.
 */
async function alreadyInvited(
  tx: Queryable,
  e: EnrollmentRow,
  pending: PendingInvitation,
): Promise<Outcome> {
  if (pending.userId !== e.sender_user_id)
    return refused(tx, e, { code: 'invitation_pending', error: pendingInvitationError(pending) });
  await tx.query(
    'UPDATE sequence_enrollments SET invited_at = COALESCE(invited_at, $2) WHERE id = $1',
    [e.id, pending.at],
  );
  return next(tx, e);
}

async function replied(tx: Queryable, e: EnrollmentRow): Promise<Outcome> {
  await tx.query(
    `UPDATE sequence_enrollments SET state = 'replied', replied_at = COALESCE(replied_at, now()), phase = NULL, waiting_reason = NULL, updated_at = now() WHERE id = $1`,
    [e.id],
  );
  return 'wait';
}

async function notAccepted(
  tx: Queryable,
  e: EnrollmentRow,
  maxDays: number,
  withdrawn = false,
): Promise<Outcome> {
  await tx.query(
    `UPDATE sequence_enrollments SET state = 'not_accepted', phase = NULL, waiting_reason = NULL, error = $2, updated_at = now() WHERE id = $1`,
    [
      e.id,
      `not accepted within ${maxDays} days${withdrawn ? '; the invitation was withdrawn' : ''}`,
    ],
  );
  return 'wait';
}
