import type { QueuedBy } from '../../contract/task-list.js';

/** Who queued a task, as a listing's row carries it (`QUEUED_BY_COLUMNS`). */
export interface QueuedByFacts {
  queued_by: QueuedBy['kind'] | null;
  queued_by_email: string | null;
  queued_by_name: string | null;
  queued_by_client: string | null;
}

/** The columns of `QueuedByFacts`, from `tasks t` joined to `users qu ON qu.id = t.queued_by_user_id`. */
export const QUEUED_BY_COLUMNS =
  't.queued_by, qu.email AS queued_by_email, qu.full_name AS queued_by_name, t.queued_by_client';

/** Who queued the task, as the task list and the approvals show it; null when not recorded. */
export function queuedByView(r: QueuedByFacts): QueuedBy | null {
  if (!r.queued_by) return null;
  const who = { email: r.queued_by_email, name: r.queued_by_name || null };
  // A draft's model is kept where an MCP client's name is (migration 042).
  if (r.queued_by === 'ai')
    return { kind: 'ai', ...who, client: null, model: r.queued_by_client ?? 'unknown' };
  return { kind: r.queued_by, ...who, client: r.queued_by_client };
}
