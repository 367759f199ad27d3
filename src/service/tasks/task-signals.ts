import { EventEmitter } from 'node:events';
import type { Database } from '../db/database.js';

const CHANNEL = 'task_ready';

/**
 * Wakes long-poll claims the moment a task of their team becomes claimable: in process through an
 * EventEmitter, and across service instances on PostgreSQL through LISTEN/NOTIFY.
 */
export interface TaskSignals {
  /** Announce that `teamId` has a claimable task (after the row is committed). */
  taskReady(teamId: string): Promise<void>;
  /** Resolves when `teamId` gets a claimable task, or on abort. */
  waitForTask(teamId: string, signal: AbortSignal): Promise<void>;
  close(): Promise<void>;
}

export async function createTaskSignals(db: Database): Promise<TaskSignals> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let unlisten: (() => Promise<void>) | null = null;
  if (db.kind === 'postgres') {
    unlisten = await db.listen(CHANNEL, (teamId) => emitter.emit(teamId));
  }
  return {
    async taskReady(teamId) {
      if (db.kind === 'postgres') await db.query('SELECT pg_notify($1, $2)', [CHANNEL, teamId]);
      else emitter.emit(teamId);
    },
    waitForTask(teamId, signal) {
      return new Promise((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          emitter.off(teamId, done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        emitter.on(teamId, done);
        signal.addEventListener('abort', done, { once: true });
      });
    },
    async close() {
      await unlisten?.();
      emitter.removeAllListeners();
    },
  };
}
