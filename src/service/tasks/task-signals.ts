import { EventEmitter } from 'node:events';
import type { Database, Queryable } from '../db/database.js';

const CHANNEL = 'task_ready';
/** Wakes every waiting claim (a symbol: no team id can collide with it). */
const EVERYONE = Symbol('every team');

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
  /** The same for several teams at once, in one statement on PostgreSQL. */
  tasksReady(teamIds: string[], via?: Queryable): Promise<void>;
  /** Resolves when `teamId` gets a claimable task, on abort, or when the service stops. */
  waitForTask(teamId: string, signal: AbortSignal): Promise<void>;
  /** Aborted when the service shuts down: waiting claims answer at once so SIGTERM drains quickly. */
  readonly stopping: AbortSignal;
  /** Ends every waiting claim now and every later wait at once (server shutdown). */
  stopWaiting(): void;
  /**
   * False while signals from other instances cannot arrive (PostgreSQL's LISTEN connection is
   * down): waiting claims then look for tasks often instead of waiting to be woken.
   */
  readonly healthy: boolean;
  close(): Promise<void>;
}

export async function createTaskSignals(db: Database): Promise<TaskSignals> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stopper = new AbortController();
  let unlisten: (() => Promise<void>) | null = null;
  let unwatch: (() => void) | null = null;
  if (db.kind === 'postgres') {
    unlisten = await db.listen(CHANNEL, (teamId) => emitter.emit(teamId));
    // Back after a drop: signals sent meanwhile are lost, so every waiting claim looks again now.
    unwatch = db.onListeningChange((up) => {
      if (up) emitter.emit(EVERYONE);
    });
  }
  return {
    async taskReady(teamId, via) {
      if (db.kind === 'postgres') await (via ?? db).query('SELECT pg_notify($1, $2)', [CHANNEL, teamId]);
      else emitter.emit(teamId);
    },
    async tasksReady(teamIds, via) {
      if (teamIds.length === 0) return;
      if (db.kind === 'postgres') await (via ?? db).query('SELECT pg_notify($1, t) FROM unnest($2::text[]) t', [CHANNEL, teamIds]);
      else for (const teamId of teamIds) emitter.emit(teamId);
    },
    waitForTask(teamId, signal) {
      return new Promise((resolve) => {
        if (signal.aborted || stopper.signal.aborted) return resolve();
        const done = () => {
          emitter.off(teamId, done);
          emitter.off(EVERYONE, done);
          signal.removeEventListener('abort', done);
          stopper.signal.removeEventListener('abort', done);
          resolve();
        };
        emitter.on(teamId, done);
        emitter.on(EVERYONE, done);
        signal.addEventListener('abort', done, { once: true });
        stopper.signal.addEventListener('abort', done, { once: true });
      });
    },
    stopping: stopper.signal,
    get healthy() {
      return db.listening();
    },
    stopWaiting() {
      stopper.abort();
    },
    async close() {
      stopper.abort();
      unwatch?.();
      await unlisten?.();
      emitter.removeAllListeners();
    },
  };
}
