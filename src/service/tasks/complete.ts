import type { Database } from '../db/database.js';
import type { Logger } from '../logger.js';
import { HttpError } from '../http/http-error.js';
import { TASK_OUTPUTS } from '../../contract/task-io.js';
import { cleanJson, MAX_JSON_DEPTH } from '../../contract/text.js';
import { holdsClaim, lockTask } from './task-row.js';
import { runCompletionHooks } from './completion-hooks.js';
import type { ClaimRef } from './extend.js';

/**
 * Files an agent's result (docs/agent-protocol.md `complete`). The output must match the task
 * type's output schema, else 400 and the task stays processing. Completing again with the same
 * attempt is 200 and changes nothing, so an agent may retry after a lost answer.
 */
export async function completeTask(
  db: Database,
  log: Logger,
  ref: ClaimRef & { output: Record<string, unknown> },
): Promise<{ status: 'completed' }> {
  return db.transaction(async (tx) => {
    const row = await lockTask(tx, ref.teamId, ref.taskId);
    if (!row) throw new HttpError(404, 'Task not found');
    if (!holdsClaim(row, ref.userId, ref.attempt)) throw new HttpError(409, 'Lease lost');
    if (row.status === 'completed') return { status: 'completed' as const };
    // A lease that ran out but was not yet swept still takes its holder's result: fencing is by
    // attempt, nobody else has the task, and the work on the network is already done.
    if (row.status !== 'processing') throw new HttpError(409, 'Lease lost');

    // Text the database cannot store (a post cut mid-emoji by the network) is cleaned, not refused:
    // the work on the network is done and must not be lost over one character.
    const cleaned = cleanJson(ref.output);
    if (!cleaned) throw new HttpError(400, `Invalid 'output' for ${row.type}: nested deeper than ${MAX_JSON_DEPTH} levels`);
    const parsed = TASK_OUTPUTS[row.type].safeParse(cleaned.value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.path.length ? ` at '${issue.path.join('.')}'` : '';
      throw new HttpError(400, `Invalid 'output' for ${row.type}${where}: ${issue.message}`);
    }
    const output = parsed.data as Record<string, unknown>;
    await tx.query(
      `UPDATE tasks SET status = 'completed', output = $2, error = NULL, lease_expires_at = NULL,
              finished_at = now(), updated_at = now()
        WHERE id = $1`,
      [row.id, JSON.stringify(output)],
    );
    await runCompletionHooks(
      tx,
      { id: row.id, teamId: row.team_id, type: row.type, input: row.input, output, watchlistId: row.watchlist_id, userId: ref.userId },
      log,
    );
    return { status: 'completed' as const };
  });
}
