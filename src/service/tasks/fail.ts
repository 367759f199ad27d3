import type { Database } from '../db/database.js';
import type { TaskSignals } from './task-signals.js';
import { HttpError } from '../http/http-error.js';
import type { AgentErrorCode } from '../../contract/task-types.js';
import { holdsClaim, lockTask } from './task-row.js';
import type { ClaimRef } from './extend.js';
import { markHealthDue } from '../budgets/health-job.js';
import { pauseSignal, pauseTeamWrites } from '../budgets/team-pause.js';

/** First retry after 10 s, then 20 s, 40 s…: a network that pushed back gets room to recover. */
const RETRY_BASE_SECONDS = 10;
/** docs/agent-protocol.md: after an invitation_limit failure the member is invite-limited this long. */
const INVITE_LIMIT_DAYS = 7;
/** A `retry_after` further out than this is not believed (a clock or parser error on the agent). */
const MAX_INVITE_LIMIT_DAYS = 30;

interface AgentFailure {
  code: Exclude<AgentErrorCode, 'agent_lost'>;
  message: string;
  retryable: boolean;
  retry_after?: string;
}

/**
 * An agent reports that its attempt failed (docs/agent-protocol.md `fail`). Retryable errors put
 * the task back to pending after a growing delay while attempts remain; otherwise it is failed with
 * the error kept. Reporting the same failure again for the same attempt answers the same status.
 */
export async function failTask(
  db: Database,
  signals: TaskSignals,
  ref: ClaimRef & { error: AgentFailure },
): Promise<{ status: 'pending' | 'failed' }> {
  const result = await db.transaction(async (tx) => {
    const row = await lockTask(tx, ref.teamId, ref.taskId);
    if (!row) throw new HttpError(404, 'Task not found');
    if (!holdsClaim(row, ref.userId, ref.attempt)) throw new HttpError(409, 'Lease lost');
    if (
      (row.status === 'pending' || row.status === 'failed') &&
      row.error?.code === ref.error.code
    ) {
      return { status: row.status, requeued: false };
    }
    if (row.status !== 'processing') throw new HttpError(409, 'Lease lost');

    const error = { code: ref.error.code, message: ref.error.message };
    // The weekly invitation limit lasts days: retrying in seconds as the same member cannot succeed.
    const final =
      !ref.error.retryable ||
      ref.error.code === 'invitation_limit' ||
      row.attempt >= row.max_attempts;
    if (final) {
      await tx.query(
        `UPDATE tasks SET status = 'failed', error = $2, lease_expires_at = NULL, finished_at = now(), updated_at = now()
          WHERE id = $1`,
        [row.id, JSON.stringify(error)],
      );
    } else {
      await tx.query(
        `UPDATE tasks SET status = 'pending', error = $2, lease_expires_at = NULL, updated_at = now(),
                run_after = now() + make_interval(secs => $3::double precision)
          WHERE id = $1`,
        [row.id, JSON.stringify(error), RETRY_BASE_SECONDS * 2 ** (row.attempt - 1)],
      );
    }
    if (ref.error.code === 'invitation_limit') {
      await tx.query(
        `UPDATE memberships
            SET invite_limited_until = GREATEST(COALESCE(invite_limited_until, now()),
                  CASE WHEN $3::timestamptz > now() AND $3::timestamptz < now() + make_interval(days => ${MAX_INVITE_LIMIT_DAYS})
                       THEN $3::timestamptz
                       ELSE now() + make_interval(days => ${INVITE_LIMIT_DAYS}) END)
          WHERE team_id = $1 AND user_id = $2`,
        [ref.teamId, ref.userId, parsedInstant(ref.error.retry_after)],
      );
    }
    // docs/budgets.md "The team stops together": one member's challenge or rate limit pauses the team's writes.
    const signal = pauseSignal(ref.error.code);
    if (signal) await pauseTeamWrites(tx, ref.teamId, ref.userId, signal);
    // docs/budgets.md "Health": the network's limits and checks move the account's health at once.
    if (['network_challenge', 'network_rate_limited', 'invitation_limit'].includes(ref.error.code))
      await markHealthDue(tx, ref.teamId, ref.userId);
    return { status: final ? ('failed' as const) : ('pending' as const), requeued: !final };
  });
  // Waiting claims re-read when the retry is due and set their timers by it.
  if (result.requeued) await signals.taskReady(ref.teamId);
  return { status: result.status };
}

/** The network's own reset time, when the agent sent one we can read (checked against now() in SQL). */
function parsedInstant(value: string | undefined): string | null {
  const t = value ? Date.parse(value) : NaN;
  // Only an instant the window above could believe: a year 0000 or 275760 the database cannot read.
  const day = 86_400_000;
  return Number.isFinite(t) && Math.abs(t - Date.now()) < (MAX_INVITE_LIMIT_DAYS + 1) * day
    ? new Date(t).toISOString()
    : null;
}
