import type { Database, Queryable } from '../../db/database.js';
import {
  decodeTaskReady,
  encodeTaskReady,
  encodeTeamsReady,
  type ReadyTask,
  type TaskReadyMessage,
} from './task-ready-message.js';

/** PostgreSQL's channel between the instances: every instance hears every signal, its own too. */
export const TASK_READY_CHANNEL = 'task_ready';

/** One NOTIFY for a team or a task; sent through a transaction, it is delivered at its commit. */
export async function notifyTaskReady(
  via: Queryable,
  teamId: string,
  task?: ReadyTask,
  wakesHere?: string,
): Promise<void> {
  await via.query('SELECT pg_notify($1, $2)', [
    TASK_READY_CHANNEL,
    encodeTaskReady(teamId, task, wakesHere),
  ]);
}

/** These teams' waiting members are looked at again: a few NOTIFYs in one statement. */
export async function notifyTeamsReady(via: Queryable, teamIds: string[]): Promise<void> {
  await via.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) p', [
    TASK_READY_CHANNEL,
    encodeTeamsReady(teamIds),
  ]);
}

/**
 * Hears every instance's signals on PostgreSQL. `listeningChanged` learns when the LISTEN
 * connection drops and when it is back: the signals sent meanwhile are lost. Answers what stops
 * both.
 */
export async function listenForTaskReady(
  db: Database,
  heard: (message: TaskReadyMessage) => void,
  listeningChanged: (up: boolean) => void,
): Promise<() => Promise<void>> {
  const unlisten = await db.listen(TASK_READY_CHANNEL, (payload) =>
    heard(decodeTaskReady(payload)),
  );
  const unwatch = db.onListeningChange(listeningChanged);
  return async () => {
    unwatch();
    await unlisten();
  };
}
