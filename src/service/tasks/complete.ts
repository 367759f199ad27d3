import { PREPARED, type Database, type Queryable } from '../db/database.js';
import type { Logger } from '../logger.js';
import { HttpError } from '../http/http-error.js';
import { TASK_OUTPUTS } from '../../contract/task-io.js';
import { cleanJson, MAX_JSON_DEPTH } from '../../contract/text.js';
import { holdsClaim, lockTask, TASK_COLUMNS, type LockedTask } from './task-row.js';
import {
  hasCompletionHooks,
  hasCompletionWork,
  logHookFailure,
  onlyCompletionHook,
  runCompletionHooks,
  type CompletedTask,
} from './completion-hooks.js';
import { claimedWork, forgetClaim } from './claim-memory.js';
import type { TaskType } from '../../contract/task-types.js';
import type { ClaimRef } from './extend.js';

/**
 * Files an agent's result (docs/agent-protocol.md `complete`). The output must match the task
 * type's output schema, else 400 and the task stays processing. Completing again with the same
 * attempt is 200 and changes nothing, so an agent may retry after a lost answer.
 *
 * Most results only need storing: they go in one conditional UPDATE that holds the same checks as
 * the row lock would (team, attempt, claimer, still processing). Results with completion hooks
 * (collection filing, engagement marks, a message's thread) take the same UPDATE and their hooks in
 * one transaction. Any race the UPDATE loses takes the locked way.
 */
export async function completeTask(
  db: Database,
  log: Logger,
  ref: ClaimRef & { output: Record<string, unknown> },
): Promise<{ status: 'completed' }> {
  // This instance handed the task out: its type and input are known, the result goes straight to the UPDATE.
  const work = claimedWork(db, ref.taskId);
  if (work) {
    const { type } = work;
    // A bad output goes the slow way, which answers in the protocol's order (a lost claim first).
    const output = tryValidOutput(type, ref.output);
    const filing =
      output !== null &&
      hasCompletionWork({
        teamId: ref.teamId,
        userId: ref.userId,
        type,
        input: work.input,
        output,
      });
    if (
      output &&
      (filing
        ? await storeAndFile(db, log, ref, type, output)
        : (await storeResult(db, ref, output)).length > 0)
    ) {
      forgetClaim(db, ref.taskId);
      return { status: 'completed' };
    }
  } else {
    const [row] = await db.query<LockedTask>(
      `SELECT ${TASK_COLUMNS} FROM tasks WHERE id = $1 AND team_id = $2`,
      [ref.taskId, ref.teamId],
    );
    const output = checkResult(row ?? null, ref);
    if (output === 'done') return { status: 'completed' };
    if (!hasCompletionHooks(row!.type) && (await storeResult(db, ref, output)).length > 0)
      return { status: 'completed' };
  }
  forgetClaim(db, ref.taskId);
  return db.transaction(async (tx) => {
    const locked = await lockTask(tx, ref.teamId, ref.taskId);
    const checked = checkResult(locked, ref);
    if (checked === 'done') return { status: 'completed' as const };
    await tx.query(
      `UPDATE tasks SET status = 'completed', output = $2, error = NULL, lease_expires_at = NULL,
              finished_at = now(), updated_at = now()
        WHERE id = $1`,
      [locked!.id, JSON.stringify(checked)],
      PREPARED,
    );
    await runCompletionHooks(
      tx,
      {
        id: locked!.id,
        teamId: locked!.team_id,
        type: locked!.type,
        input: locked!.input,
        output: checked,
        watchlistId: locked!.watchlist_id,
        userId: ref.userId,
      },
      log,
    );
    return { status: 'completed' as const };
  });
}

function tryValidOutput(
  type: TaskType,
  output: Record<string, unknown>,
): Record<string, unknown> | null {
  try {
    return validOutput(type, output);
  } catch {
    return null;
  }
}

/**
 * storeResult and the type's completion hooks in one transaction (the UPDATE holds the row as the
 * lock would); false when the UPDATE matched nothing (nothing was written).
 *
 * A type with one hook (a sent message's filing) runs it without a savepoint, two exchanges fewer
 * per result: when it fails, the whole transaction is rolled back and the result stored alone,
 * which ends as rolling back to a savepoint would (the hook ran once; its work is undone; logged).
 */
async function storeAndFile(
  db: Database,
  log: Logger,
  ref: ClaimRef,
  type: TaskType,
  output: Record<string, unknown>,
): Promise<boolean> {
  const only = onlyCompletionHook(type);
  let failed: { task: CompletedTask; err: Error } | undefined;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await storeResult(tx, ref, output, 'type, input, watchlist_id');
      if (!row) return false;
      const task = {
        id: ref.taskId,
        teamId: ref.teamId,
        type: row.type,
        input: row.input,
        output,
        watchlistId: row.watchlist_id,
        userId: ref.userId,
      };
      if (!only) {
        await runCompletionHooks(tx, task, log);
        return true;
      }
      await only(tx, task).catch((err: Error) => {
        failed = { task, err };
        throw err;
      });
      return true;
    });
  } catch (err) {
    if (!failed) throw err;
    logHookFailure(log, failed.task, failed.err);
    return (await storeResult(db, ref, output)).length > 0;
  }
}

/**
 * One conditional UPDATE holding the claim checks, returning `columns` of the row; none when it
 * matched nothing (the slow path decides why). The team and the claimer are compared with IS NOT DISTINCT FROM (the same, for
 * the non-null values given), which no index serves: the row is always found by its id. With `=`,
 * a planner whose statistics are stale takes it through the member's use index instead, reading
 * every task that member ever ran, a cost that grows with the member's history.
 */
function storeResult(
  db: Queryable,
  ref: ClaimRef,
  output: Record<string, unknown>,
  columns = 'id',
): Promise<Pick<LockedTask, 'type' | 'input' | 'watchlist_id'>[]> {
  return db.query(
    `UPDATE tasks SET status = 'completed', output = $5, error = NULL, lease_expires_at = NULL, finished_at = now(), updated_at = now()
      WHERE id = $1 AND team_id IS NOT DISTINCT FROM $2::uuid AND attempt = $3 AND claimed_by IS NOT DISTINCT FROM $4::uuid
        AND status = 'processing'
      RETURNING ${columns}`,
    [ref.taskId, ref.teamId, ref.attempt, ref.userId, JSON.stringify(output)],
    PREPARED,
  );
}

/**
 * The claim checks and the output check: 'done' when this attempt already completed (idempotent),
 * else the cleaned, validated output; errors for a task not found, a lost lease, a bad output.
 */
function checkResult(
  row: LockedTask | null,
  ref: ClaimRef & { output: Record<string, unknown> },
): Record<string, unknown> | 'done' {
  if (!row) throw new HttpError(404, 'Task not found');
  if (!holdsClaim(row, ref.userId, ref.attempt)) throw new HttpError(409, 'Lease lost');
  if (row.status === 'completed') return 'done';
  // A lease that ran out but was not yet swept still takes its holder's result: fencing is by
  // attempt, nobody else has the task, and the work on the network is already done.
  if (row.status !== 'processing') throw new HttpError(409, 'Lease lost');
  return validOutput(row.type, ref.output);
}

/**
 * The output, cleaned and checked against its task type's schema. Text the database cannot store (a
 * post cut mid-emoji by the network) is cleaned, not refused: the work on the network is done and
 * must not be lost over one character.
 */
function validOutput(type: TaskType, output: Record<string, unknown>): Record<string, unknown> {
  const cleaned = cleanJson(output);
  if (!cleaned)
    throw new HttpError(
      400,
      `Invalid 'output' for ${type}: nested deeper than ${MAX_JSON_DEPTH} levels`,
    );
  const parsed = TASK_OUTPUTS[type].safeParse(cleaned.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? ` at '${issue.path.join('.')}'` : '';
    throw new HttpError(400, `Invalid 'output' for ${type}${where}: ${issue.message}`);
  }
  return parsed.data as Record<string, unknown>;
}
