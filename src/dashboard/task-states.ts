import type { TaskStatusResponse } from '../contract/network-tasks.js';
import { call } from './api.js';
import type { Session } from './session.js';

/**
 * The state of tasks the page follows (post cards' likes and comments, follow-through panels'
 * tasks), read with get-task-status, and why a queued one waits.
 */
type TaskState = TaskStatusResponse['data'];
/** A queued task that cannot run yet (budget, working hours, retry): why, and when it will. */
export type TaskWaiting = { reason: string; at: string | null };

/** Each task's state, in the order asked; null where its read failed. */
export async function readTaskStates(
  session: Session,
  taskIds: string[],
): Promise<(TaskState | null)[]> {
  const answers = await Promise.allSettled(
    taskIds.map((id) =>
      call<TaskStatusResponse>('GET', '/network-agent/get-task-status', {
        session,
        query: { api_agent_task_id: id },
      }),
    ),
  );
  return answers.map((a) => (a.status === 'fulfilled' ? a.value.data : null));
}

/** Why the task waits, as its state says: only a pending task with a reason waits. */
export function waitingOf(d: TaskState): TaskWaiting | null {
  return d.status === 'pending' && d.waiting_reason
    ? { reason: d.waiting_reason, at: d.scheduled_for ?? null }
    : null;
}
