import type { TaskType } from '../contract/task-types.js';
import type { TaskResult } from '../network/types.js';
import type { ActivityEntry } from '../shared/protocol.js';

/**
 * The task journal in IndexedDB. A result is written here before it is sent, and stays until the
 * service acknowledges it, so neither a stopped worker nor a service restart loses it. The same
 * database keeps the tasks in flight (to pick them up again after the worker restarts) and the
 * activity log the popup shows.
 *
 * Plain IndexedDB with two small promise helpers below (the `idb` wrapper did the same at 4.5 kB
 * of the worker's budget, scripts/bundle-size.mjs). A request's promise settles inside its success
 * event, so the next request of the same transaction may be made after an `await`.
 */

export interface OutboxEntry {
  /** `<task id>#<attempt>`: one result per claim. */
  key: string;
  task_id: string;
  attempt: number;
  type: TaskType;
  result: TaskResult;
  created_at: number;
  tries: number;
  next_try_at: number;
  last_error: string | null;
}

export interface InflightTask {
  task_id: string;
  attempt: number;
  type: TaskType;
  tab_id: number | null;
  /** What the task is about, for the popup (task-target.ts). */
  target?: string | null;
  started_at: number;
  /** Past this the task counts as timed out. */
  deadline_at: number;
  lease_expires_at: number;
}

/** Kept for the popup; older activity is trimmed on write. */
const ACTIVITY_KEEP = 500;

export const outboxKey = (taskId: string, attempt: number) => `${taskId}#${attempt}`;

type StoreName = 'outbox' | 'inflight' | 'activity';

/** The result of one request, once it succeeded. */
function settled<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Resolves when a read-write transaction is committed (and rejects when it is aborted). */
function committed(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Walks a cursor while `step` answers true. */
function walk(request: IDBRequest<IDBCursorWithValue | null>, step: (cursor: IDBCursorWithValue) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => {
      const cursor = request.result;
      if (cursor && step(cursor)) cursor.continue();
      else resolve();
    };
    request.onerror = () => reject(request.error);
  });
}

export async function openJournal(name = 'network-agent-journal') {
  const open = indexedDB.open(name, 1);
  open.onupgradeneeded = () => {
    const d = open.result;
    d.createObjectStore('outbox', { keyPath: 'key' }).createIndex('next_try_at', 'next_try_at');
    d.createObjectStore('inflight', { keyPath: 'task_id' });
    d.createObjectStore('activity', { keyPath: 'id', autoIncrement: true }).createIndex('at', 'at');
  };
  return createJournal(await settled(open));
}

function createJournal(db: IDBDatabase) {
  const store = (name: StoreName, mode: IDBTransactionMode = 'readonly') => db.transaction(name, mode).objectStore(name);
  /** Read-modify-write of one entry, in one transaction. */
  async function patch<T>(name: StoreName, key: IDBValidKey, change: (value: T) => T) {
    const s = store(name, 'readwrite');
    const done = committed(s.transaction);
    const value = await settled(s.get(key) as IDBRequest<T | undefined>);
    if (value) s.put(change(value));
    await done;
  }
  return {
    /**
     * Journals the result of one claim, once: a second result for the same claim (the content
     * script answering after we already timed it out) is ignored. Answers whether it was new.
     */
    async record(entry: Omit<OutboxEntry, 'key' | 'tries' | 'next_try_at' | 'last_error'>, now: number): Promise<boolean> {
      const tx = db.transaction(['outbox', 'inflight'], 'readwrite');
      const done = committed(tx);
      const key = outboxKey(entry.task_id, entry.attempt);
      const exists = await settled(tx.objectStore('outbox').getKey(key));
      const inflight = await settled(tx.objectStore('inflight').get(entry.task_id) as IDBRequest<InflightTask | undefined>);
      const isNew = exists === undefined;
      if (isNew) tx.objectStore('outbox').put({ ...entry, key, tries: 0, next_try_at: now, last_error: null } satisfies OutboxEntry);
      if (inflight && inflight.attempt === entry.attempt) tx.objectStore('inflight').delete(entry.task_id);
      await done;
      return isNew;
    },
    async due(now: number): Promise<OutboxEntry[]> {
      return settled(store('outbox').index('next_try_at').getAll(IDBKeyRange.upperBound(now)));
    },
    async all(): Promise<OutboxEntry[]> {
      return settled(store('outbox').getAll());
    },
    async get(key: string): Promise<OutboxEntry | undefined> {
      return settled(store('outbox').get(key));
    },
    async reschedule(key: string, nextTryAt: number, error: string) {
      await patch<OutboxEntry>('outbox', key, (e) => ({ ...e, tries: e.tries + 1, next_try_at: nextTryAt, last_error: error }));
    },
    /** Replaces an entry's result (a refused output becomes a failure report), sending it at once. */
    async replaceResult(key: string, result: TaskResult, now: number) {
      await patch<OutboxEntry>('outbox', key, (e) => ({ ...e, result, tries: 0, next_try_at: now, last_error: null }));
    },
    async remove(key: string) {
      await settled(store('outbox', 'readwrite').delete(key));
    },

    async startInflight(t: InflightTask) {
      await settled(store('inflight', 'readwrite').put(t));
    },
    async updateInflight(taskId: string, change: Partial<InflightTask>) {
      await patch<InflightTask>('inflight', taskId, (t) => ({ ...t, ...change }));
    },
    async inflight(): Promise<InflightTask[]> {
      return settled(store('inflight').getAll());
    },
    async getInflight(taskId: string): Promise<InflightTask | undefined> {
      return settled(store('inflight').get(taskId));
    },
    async dropInflight(taskId: string) {
      await settled(store('inflight', 'readwrite').delete(taskId));
    },

    async log(entry: Omit<ActivityEntry, 'id'>) {
      const s = store('activity', 'readwrite');
      const done = committed(s.transaction);
      s.add(entry);
      let excess = (await settled(s.count())) - ACTIVITY_KEEP;
      if (excess > 0) {
        await walk(s.openCursor(), (cursor) => {
          cursor.delete();
          return --excess > 0;
        });
      }
      await done;
    },
    /** Newest first. */
    async recent(limit = 20): Promise<ActivityEntry[]> {
      const out: ActivityEntry[] = [];
      await walk(store('activity').index('at').openCursor(null, 'prev'), (cursor) => {
        out.push(cursor.value as ActivityEntry);
        return out.length < limit;
      });
      return out;
    },
    async countsSince(since: number): Promise<{ completed: number; failed: number }> {
      const rows: ActivityEntry[] = await settled(store('activity').index('at').getAll(IDBKeyRange.lowerBound(since)));
      return {
        completed: rows.filter((r) => r.kind === 'completed').length,
        failed: rows.filter((r) => r.kind === 'failed').length,
      };
    },
    close() {
      db.close();
    },
  };
}

export type Journal = Awaited<ReturnType<typeof openJournal>>;
