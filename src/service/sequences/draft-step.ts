import type { SequenceStep } from '../../contract/sequences.js';
import type { ServiceContext } from '../context.js';
import { makeDraft } from '../ai/drafts.js';
import { HttpError } from '../http/http-error.js';

/**
 * A message step with a `draft` (docs/sequences.md, "Drafted messages"): when a person reaches it
 * the engine marks them DRAFT_DUE (engine.ts); this job asks the team's model for their message
 * outside the engine's transaction, queues it awaiting the approval of the sender or an admin, and
 * hands it back to the engine as the step's task. Approved, it runs as any message; rejected or
 * expired, the person's step fails with the task's reason.
 *
 * States of the phase: DRAFT_DUE → DRAFTING (claimed; next_run_at is the claim's lease) →
 * `message` with the task; or DRAFT_DUE again later (the plan's daily drafts spent, the model
 * failed), or the person ends with why (refused by the write gate, no model).
 */
export const DRAFT_DUE = 'draft';
export const DRAFTING = 'drafting';

/** People drafted per run. */
const BATCH = 10;

interface Claimed {
  id: string;
  team_id: string;
  team_name: string;
  plan: string;
  step_index: number;
  steps: SequenceStep[];
  profile_urn: string | null;
  member_email: string | null;
}

const nextUtcDay = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
};

export async function draftSequenceMessages(ctx: ServiceContext): Promise<number> {
  // A claim outlives one call to the model (the outbound deadline) with room to store it.
  const leaseS = Math.ceil((2 * ctx.outbound.limits.deadlineMs) / 1000) + 30;
  const claimed = await ctx.db.query<Claimed>(
    `WITH c AS (
       UPDATE sequence_enrollments e SET phase = '${DRAFTING}', next_run_at = now() + make_interval(secs => $1), updated_at = now()
        WHERE e.id IN (SELECT e.id FROM sequence_enrollments e JOIN sequences s ON s.id = e.sequence_id
                        WHERE s.status = 'active' AND e.state = 'active' AND e.current_task_id IS NULL
                          AND e.phase IN ('${DRAFT_DUE}', '${DRAFTING}') AND e.next_run_at <= now()
                        ORDER BY e.next_run_at LIMIT ${BATCH} FOR UPDATE OF e SKIP LOCKED)
       RETURNING e.id, e.team_id, e.sequence_id, e.step_index, e.profile_urn, e.sender_user_id)
     SELECT c.id, c.team_id, t.name AS team_name, t.plan, c.step_index, s.steps, c.profile_urn, m.email AS member_email
       FROM c JOIN sequences s ON s.id = c.sequence_id JOIN teams t ON t.id = c.team_id
       LEFT JOIN memberships m ON m.team_id = c.team_id AND m.user_id = COALESCE(c.sender_user_id, s.sender_user_id)`,
    [leaseS],
  );
  let drafted = 0;
  for (const e of claimed) if (await draftOne(ctx, e)) drafted++;
  return drafted;
}

async function draftOne(ctx: ServiceContext, e: Claimed): Promise<boolean> {
  const step = e.steps[e.step_index];
  const instructions = step?.type === 'message' ? step.draft?.instructions : undefined;
  if (instructions === undefined || !e.profile_urn || !e.member_email)
    return end(
      ctx,
      e,
      'failed',
      'the message could not be drafted: the step or the person changed',
    );
  let taskId: string;
  try {
    const draft = await makeDraft(
      ctx,
      { id: e.team_id, name: e.team_name, plan: e.plan },
      {
        kind: 'message',
        member_email: e.member_email,
        profile_urn: e.profile_urn,
        instructions,
      },
      null,
    );
    taskId = draft.task_id;
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    if (err.status === 429)
      return later(ctx, e, nextUtcDay(), `${err.message}; drafting again the next UTC day`);
    if (err.status === 502)
      return later(
        ctx,
        e,
        new Date(Date.now() + ctx.config.SEQUENCE_HOUR_S * 1000),
        `${err.message}; drafting again in an hour`,
      );
    if (err.status === 409 || err.status === 403)
      return end(ctx, e, 'stopped', `skipped before the message: ${err.message}`);
    return end(ctx, e, 'failed', `the message could not be drafted: ${err.message}`);
  }
  const linked = await ctx.db.transaction(async (tx) => {
    const [still] = await tx.query(
      `UPDATE sequence_enrollments SET phase = 'message', current_task_id = $2, next_run_at = now() + interval '10 minutes',
              waiting_reason = 'the drafted message awaits the approval of the sender or an admin (/api-approvals)', updated_at = now()
        WHERE id = $1 AND state = 'active' AND phase = '${DRAFTING}' AND step_index = $3 RETURNING id`,
      [e.id, taskId, e.step_index],
    );
    if (still) {
      await tx.query(
        'INSERT INTO sequence_tasks (enrollment_id, task_id, step_index) VALUES ($1, $2, $3)',
        [e.id, taskId, e.step_index],
      );
      return true;
    }
    // The person left the sequence (a reply, a stop) while the model wrote: nobody is asked to approve it.
    await tx.query(
      `UPDATE tasks SET status = 'failed', finished_at = now(), updated_at = now(),
              error = jsonb_build_object('code', 'stopped_by_reply', 'message', 'Cancelled: the person left the sequence before the draft was ready')
        WHERE id = $1 AND status = 'awaiting_approval'`,
      [taskId],
    );
    return false;
  });
  return linked;
}

async function later(ctx: ServiceContext, e: Claimed, at: Date, why: string): Promise<false> {
  await ctx.db.query(
    `UPDATE sequence_enrollments SET phase = '${DRAFT_DUE}', next_run_at = $2, waiting_reason = $3, updated_at = now()
      WHERE id = $1 AND phase = '${DRAFTING}'`,
    [e.id, at, why],
  );
  return false;
}

async function end(
  ctx: ServiceContext,
  e: Claimed,
  state: 'failed' | 'stopped',
  why: string,
): Promise<false> {
  await ctx.db.query(
    `UPDATE sequence_enrollments SET state = $2, error = $3, phase = NULL, waiting_reason = NULL, updated_at = now()
      WHERE id = $1 AND phase = '${DRAFTING}'`,
    [e.id, state, why],
  );
  return false;
}
