import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db/database.js';

const CHANNEL = 'task_ready';

/**
 * Wakes long-poll claims the moment a task of their team becomes claimable: in process through an
 * EventEmitter, and across service instances on PostgreSQL through LISTEN/NOTIFY.
 */
export interface TaskSignals {
  /**
   * Announce that `teamId` has a claimable task. On PostgreSQL the NOTIFY goes through `via` when
   * given (a transaction: delivered at its commit); in process the waiters wake at once.
   */
  taskReady(teamId: string, via?: Queryable): Promise<void>;
  /** Resolves when `teamId` gets a claimable task, on abort, or when the service stops. */
  waitForTask(teamId: string, signal: AbortSignal): Promise<void>;
  /** Aborted when the service shuts down: waiting claims answer at once so SIGTERM drains quickly. */
  readonly stopping: AbortSignal;
  /** Ends every waiting claim now and every later wait at once (server shutdown). */
  stopWaiting(): void;
  close(): Promise<void>;
}

export async function createTaskSignals(db: Database): Promise<TaskSignals> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stopper = new AbortController();
  let unlisten: (() => Promise<void>) | null = null;
  if (db.kind === 'postgres') {
    unlisten = await db.listen(CHANNEL, (teamId) => emitter.emit(teamId));
  }
  return {
    async taskReady(teamId, via) {
      if (db.kind === 'postgres') await (via ?? db).query('SELECT pg_notify($1, $2)', [CHANNEL, teamId]);
      else emitter.emit(teamId);
    },
    waitForTask(teamId, signal) {
      return new Promise((resolve) => {
        if (signal.aborted || stopper.signal.aborted) return resolve();
        const done = () => {
          emitter.off(teamId, done);
          signal.removeEventListener('abort', done);
          stopper.signal.removeEventListener('abort', done);
          resolve();
        };
        emitter.on(teamId, done);
        signal.addEventListener('abort', done, { once: true });
        stopper.signal.addEventListener('abort', done, { once: true });
      });
    },
    stopping: stopper.signal,
    stopWaiting() {
      stopper.abort();
    },
    async close() {
      stopper.abort();
      await unlisten?.();
      emitter.removeAllListeners();
    },
  };
}
