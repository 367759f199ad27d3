import type { ServiceContext } from '../context.js';
import type { AgentIdentity } from '../auth/identities.js';
import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { APPROVAL_TEXT_FIELDS, type ApprovalDecisionResponse } from '../../contract/approvals.js';
import type { TaskType } from '../../contract/task-types.js';
import { failRefusedTasks } from '../consent/member-consent.js';
import { forcedOverFacts } from '../tasks/enqueue.js';
import { writeGate } from '../tasks/write-gate.js';
import { mayDecide } from './list-approvals.js';

const APPROVAL_NOT_FOUND = 'No write awaiting approval with that id';
const NOT_YOURS =
  'Access denied: only an admin or the member this write runs as may approve or reject it';
/** A connection request's note, as the network takes it (contract/network-tasks.ts). */
const MAX_NOTE_CHARS = 300;

interface AwaitingRow {
  id: string;
  type: TaskType;
  input: Record<string, unknown>;
  assigned_user_id: string | null;
  expired: boolean;
}

/** Locks the team's awaiting write `taskId` for the transaction, or answers why it cannot be decided. */
async function lockAwaiting(
  tx: Queryable,
  teamId: string,
  taskId: string,
  caller: Pick<AgentIdentity, 'userId' | 'role'>,
): Promise<AwaitingRow> {
  const [row] = await tx.query<AwaitingRow>(
    `SELECT id, type, input, assigned_user_id, approval_expires_at <= now() AS expired
       FROM tasks WHERE id = $1 AND team_id = $2 AND status = 'awaiting_approval' FOR UPDATE`,
    [taskId, teamId],
  );
  // An expired one is ended by the housekeeping job (expire.ts); it can no longer be approved.
  if (!row || row.expired) throw new HttpError(404, APPROVAL_NOT_FOUND);
  if (!mayDecide(caller, row.assigned_user_id)) throw new HttpError(403, NOT_YOURS);
  return row;
}

/**
 * Approves a write from an AI client: it becomes `pending`, claimable by the member it runs as, with
 * `text` (when given) in place of the text it was queued with. The write gate runs again
 * (tasks/write-gate.ts): the member's refusals (it then ends `refused_by_member`), the
 * do-not-contact list, which may have grown while it waited (409 in REST's words, and it stays
 * awaiting), and the 48-hour rule (403, it stays awaiting). The contact window does not refuse it:
 * the approver is a person who saw in the list who contacted the person recently, and their
 * approval passes it as a person's force does; that contact is kept on the task.
 */
export async function approveWrite(
  ctx: Pick<ServiceContext, 'db' | 'signals' | 'log'>,
  teamId: string,
  taskId: string,
  caller: Pick<AgentIdentity, 'userId' | 'role'>,
  text: string | undefined,
): Promise<ApprovalDecisionResponse> {
  const answer = await ctx.db.transaction(async (tx) => {
    const row = await lockAwaiting(tx, teamId, taskId, caller);
    const input = { ...row.input };
    if (text !== undefined) {
      const field = APPROVAL_TEXT_FIELDS[row.type];
      if (!field) throw new HttpError(400, "Invalid 'text': this write sends no text");
      if (field === 'note' && text.length > MAX_NOTE_CHARS)
        throw new HttpError(
          400,
          `Invalid 'text': a connection request's note must be ${MAX_NOTE_CHARS} characters or fewer`,
        );
      input[field] = text;
    }
    const verdict = row.assigned_user_id
      ? await writeGate(tx, {
          teamId,
          type: row.type,
          input,
          assignedUserId: row.assigned_user_id,
          by: { kind: 'approval', userId: caller.userId },
          force: true,
        })
      : null;
    if (verdict && !verdict.pass) throw new HttpError(verdict.status, verdict.error);
    const forcedOver = verdict?.forcedOver
      ? JSON.stringify(forcedOverFacts(verdict.forcedOver))
      : null;
    await tx.query(
      `UPDATE tasks SET status = 'pending', input = $2, run_after = now(), updated_at = now(),
              forced_over = COALESCE($3::jsonb, forced_over)
        WHERE id = $1`,
      [row.id, JSON.stringify(input), forcedOver],
    );
    if (
      row.assigned_user_id &&
      (await failRefusedTasks(tx, teamId, row.assigned_user_id, row.id)).length
    )
      return refusedAnswer(row.id);
    await ctx.signals.taskReady(teamId, tx, {
      type: row.type,
      assignedUserId: row.assigned_user_id,
      id: row.id,
    });
    return {
      success: true as const,
      task_id: row.id,
      status: 'pending' as const,
      message: text === undefined ? 'Approved: queued' : 'Approved with your text: queued',
    };
  });
  ctx.log.info('write_approved', {
    team_id: teamId,
    task_id: taskId,
    by: caller.userId,
    edited: text !== undefined,
  });
  return answer;
}

const refusedAnswer = (id: string): ApprovalDecisionResponse => ({
  success: true,
  task_id: id,
  status: 'failed',
  message:
    'Approved, but failed at once: the member it runs as turned this kind off (refused_by_member)',
});

/** Rejects a write from an AI client: it ends `failed` with `rejected_by_member`, never sent. */
export async function rejectWrite(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
  teamId: string,
  taskId: string,
  caller: Pick<AgentIdentity, 'userId' | 'role' | 'email'>,
): Promise<ApprovalDecisionResponse> {
  await ctx.db.transaction(async (tx) => {
    const row = await lockAwaiting(tx, teamId, taskId, caller);
    await tx.query(
      `UPDATE tasks SET status = 'failed', updated_at = now(), finished_at = now(),
              error = jsonb_build_object('code', 'rejected_by_member', 'message', $2::text)
        WHERE id = $1`,
      [row.id, `Rejected by ${caller.email} before it was sent`],
    );
  });
  ctx.log.info('write_rejected', { team_id: teamId, task_id: taskId, by: caller.userId });
  return {
    success: true,
    task_id: taskId,
    status: 'failed',
    message: 'Rejected: it will not be sent',
  };
}
