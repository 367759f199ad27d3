import { PREPARED, type Queryable } from '../db/database.js';
import type { TaskSignals } from './task-signals.js';
import type { TaskType } from '../../contract/task-types.js';
import { failRefusedTasks } from '../consent/member-consent.js';
import { agentActiveSql } from './agent-active.js';
import type { RecentContact } from '../outreach/recent-contact.js';
import { TASK_READY_CHANNEL } from './signals/task-ready-channel.js';

/** Who queued a task (shown to the member it runs as): a call with the team's key alone, or a signed-in member. */
export type QueuedBy =
  | { kind: 'api_key' }
  | { kind: 'member'; userId: string }
  | { kind: 'watchlist' }
  | { kind: 'sync' }
  | { kind: 'sequence' }
  /** An AI client over /mcp: the name it gave at initialize, and the member whose token it carries. */
  | { kind: 'mcp'; client: string; userId: string | null }
  /** The team's model drafted it (ai/drafts.ts), asked by the member whose token the call carries. */
  | { kind: 'ai'; model: string; userId: string | null };

interface NewTask {
  teamId: string;
  type: TaskType;
  /** The normalised input, including `task_type`. */
  input: Record<string, unknown>;
  /** Only this user may run it (routing); null: any eligible member. */
  assignedUserId?: string | null;
  watchlistId?: string | null;
  /** Collection tasks: at most one pending/processing task per team and target. */
  targetKey?: string | null;
  /** Recorded for the member the task runs as to see; absent: not known (stored as null). */
  queuedBy?: QueuedBy;
  /**
   * Queued awaiting a person's approval (a write from an AI client, docs/mcp.md): no agent may
   * claim it until it is approved; it ends `approval_expired` after APPROVAL_HOURS.
   */
  awaitApproval?: boolean;
  /**
   * Inserted only when the team is agent-active (agent-active.ts), checked by the insert itself: a
   * caller with no other check between the 48-hour rule and the insert saves a statement.
   */
  onlyIfAgentActive?: boolean;
  /** Another member's recent contact that a person's `force` or approval went past (write-gate.ts). */
  forcedOver?: RecentContact | null;
}

/** A contact as `tasks.forced_over` keeps it (migration 035). */
export function forcedOverFacts(c: RecentContact): {
  email: string | null;
  at: string;
  kind: string;
} {
  return { email: c.email, at: c.at.toISOString(), kind: c.kind };
}

/** How long a write may await approval before it ends failed (`approval_expired`). */
export const APPROVAL_HOURS = 24;

/** The longest client name kept in `queued_by_client`. */
const MAX_CLIENT_CHARS = 100;

/**
 * Inserts a pending task and wakes waiting claims. Returns null when a task for the same
 * `targetKey` is still open (collection never queues two for one target), or when
 * `onlyIfAgentActive` and the team is not.
 *
 * `db` may be a caller's transaction: on PostgreSQL the wake-up NOTIFY, sent by the insert, is then
 * delivered at that transaction's commit, so no claim looks for a row it cannot see yet.
 */
export async function enqueueTask(
  db: Queryable,
  signals: TaskSignals,
  task: NewTask,
): Promise<{ id: string; refused: boolean } | null> {
  const id = crypto.randomUUID();
  const by = task.queuedBy;
  const awaiting = task.awaitApproval === true;
  const ready = { type: task.type, assignedUserId: task.assignedUserId ?? null, id };
  // Nothing may claim it yet when it awaits approval: approving it wakes the claims (approvals/decide.ts).
  const notice = awaiting ? null : signals.insertNotice(task.teamId, ready);
  const inserted = db.query<{ id: string }>(
    `WITH inserted AS (
     INSERT INTO tasks (id, team_id, type, input, status, assigned_user_id, watchlist_id, target_key, queued_by, queued_by_user_id,
                        queued_by_client, approval_expires_at, forced_over)
     SELECT $1::uuid, $2::uuid, $3, $4::jsonb, CASE WHEN $11::boolean THEN 'awaiting_approval' ELSE 'pending' END,
            $5::uuid, $6::uuid, $7, $8, $9::uuid, $10,
            CASE WHEN $11::boolean THEN now() + make_interval(hours => ${APPROVAL_HOURS}) END, $13::jsonb
      WHERE NOT $12::boolean OR ${agentActiveSql('$2::uuid')}
     ON CONFLICT (team_id, target_key) WHERE target_key IS NOT NULL AND status IN ('pending', 'processing')
     DO NOTHING
     RETURNING id)
     SELECT i.id FROM inserted i
       LEFT JOIN LATERAL (SELECT pg_notify($14, $15) WHERE $15::text IS NOT NULL) announced ON true`,
    [
      id,
      task.teamId,
      task.type,
      JSON.stringify(task.input),
      task.assignedUserId ?? null,
      task.watchlistId ?? null,
      task.targetKey ?? null,
      by?.kind ?? null,
      by?.kind === 'member' || by?.kind === 'mcp' || by?.kind === 'ai' ? by.userId : null,
      by?.kind === 'mcp'
        ? by.client.slice(0, MAX_CLIENT_CHARS)
        : by?.kind === 'ai'
          ? by.model.slice(0, MAX_CLIENT_CHARS)
          : null,
      awaiting,
      task.onlyIfAgentActive === true,
      task.forcedOver ? JSON.stringify(forcedOverFacts(task.forcedOver)) : null,
      TASK_READY_CHANNEL,
      notice,
    ],
    PREPARED,
  );
  // One waiting claim that may run it wakes (task-signals.ts), not every claim of the team: on
  // PostgreSQL by the insert's own NOTIFY; where statements run in the order sent (PGlite), now,
  // so its look follows the insert on the database's thread without a round trip back to this
  // one. Either wakes a claim for nothing when the insert writes no row or the task is refused:
  // that look finds nothing and passes the wake-up on.
  if (!awaiting && signals.inSendingOrder) await signals.taskReady(task.teamId, db, ready);
  const rows = await inserted;
  if (rows.length === 0) return null;
  // Failed as an update of the row just written, so its webhooks go out as for any failure.
  if (
    task.assignedUserId &&
    (await failRefusedTasks(db, task.teamId, task.assignedUserId, id)).length
  )
    return { id, refused: true };
  return { id, refused: false };
}
