import type { Queryable } from '../db/database.js';
import type { TaskStatusResponse } from '../../contract/network-tasks.js';
import { getTaskStatus } from '../tasks/get-status.js';
import type { ToolCall } from './tool.js';

/** How often the task is looked at while a tool waits for it. */
const LOOK_EVERY_MS = 500;

/**
 * Waits up to `seconds` for the team's task to end, reporting progress at each look; answers the
 * task as get-task-status shows it, ended or not (the caller then polls with its id).
 */
export async function waitForTask(
  db: Queryable,
  teamId: string,
  taskId: string,
  seconds: number,
  call: Pick<ToolCall, 'signal' | 'progress'>,
): Promise<TaskStatusResponse['data']> {
  const started = Date.now();
  const deadline = started + seconds * 1000;
  for (;;) {
    const task = await getTaskStatus(db, teamId, taskId);
    const ended = task.status === 'completed' || task.status === 'failed';
    const left = deadline - Date.now();
    if (ended || left <= 0 || call.signal.aborted) return task;
    await call.progress(
      Math.round((Date.now() - started) / 100) / 10,
      seconds,
      `Task ${task.status}${task.waiting_reason ? `: ${task.waiting_reason}` : ''}`,
    );
    await sleep(Math.min(LOOK_EVERY_MS, left), call.signal);
  }
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((done) => {
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
  });
}
