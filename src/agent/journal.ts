import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TaskType } from '../contract/task-types.js';
import type { TaskResult } from '../network/types.js';

/**
 * The task journal in IndexedDB. A result is written here before it is sent, and stays until the
 * service acknowledges it, so neither a stopped worker nor a service restart loses it. The same
 * database keeps the tasks in flight (to pick them up again after the worker restarts) and the
 * activity log the popup shows.
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
  started_at: number;
  /** Past this the task counts as timed out. */
  deadline_at: number;
  lease_expires_at: number;
}

export interface ActivityEntry {
  id?: number;
  at: number;
  task_id: string | null;
  type: TaskType | null;
  /** completed / failed: a task's end; delivered; dropped: the service moved on; note: anything else. */
  kind: 'completed' | 'failed' | 'delivered' | 'dropped' | 'note';
  error_code: string | null;
  duration_ms: number | null;
  message: string | null;
}

interface JournalDb extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { next_try_at: number } };
  inflight: { key: string; value: InflightTask };
  activity: { key: number; value: ActivityEntry; indexes: { at: number } };
}

/** Kept for the popup; older activity is trimmed on write. */
const ACTIVITY_KEEP = 500;

export const outboxKey = (taskId: string, attempt: number) => `${taskId}#${attempt}`;

export async function openJournal(name = 'network-agent-journal') {
  const db = await openDB<JournalDb>(name, 1, {
    upgrade(d) {
      d.createObjectStore('outbox', { keyPath: 'key' }).createIndex('next_try_at', 'next_try_at');
      d.createObjectStore('inflight', { keyPath: 'task_id' });
      d.createObjectStore('activity', { keyPath: 'id', autoIncrement: true }).createIndex('at', 'at');
    },
  });
  return createJournal(db);
}

function createJournal(db: IDBPDatabase<JournalDb>) {
  return {
    /**
     * Journals the result of one claim, once: a second result for the same claim (the content
     * script answering after we already timed it out) is ignored. Answers whether it was new.
     */
    async record(entry: Omit<OutboxEntry, 'key' | 'tries' | 'next_try_at' | 'last_error'>, now: number): Promise<boolean> {
      const tx = db.transaction(['outbox', 'inflight'], 'readwrite');
      const key = outboxKey(entry.task_id, entry.attempt);
      const exists = await tx.objectStore('outbox').getKey(key);
      const inflight = await tx.objectStore('inflight').get(entry.task_id);
      const isNew = !exists;
      if (isNew) await tx.objectStore('outbox').put({ ...entry, key, tries: 0, next_try_at: now, last_error: null });
      if (inflight && inflight.attempt === entry.attempt) await tx.objectStore('inflight').delete(entry.task_id);
      await tx.done;
      return isNew;
    },
    async due(now: number): Promise<OutboxEntry[]> {
      return db.getAllFromIndex('outbox', 'next_try_at', IDBKeyRange.upperBound(now));
    },
    async all(): Promise<OutboxEntry[]> {
      return db.getAll('outbox');
    },
    async get(key: string) {
      return db.get('outbox', key);
    },
    async reschedule(key: string, nextTryAt: number, error: string) {
      const tx = db.transaction('outbox', 'readwrite');
      const e = await tx.store.get(key);
      if (e) await tx.store.put({ ...e, tries: e.tries + 1, next_try_at: nextTryAt, last_error: error });
      await tx.done;
    },
    /** Replaces an entry's result (a refused output becomes a failure report), sending it at once. */
    async replaceResult(key: string, result: TaskResult, now: number) {
      const tx = db.transaction('outbox', 'readwrite');
      const e = await tx.store.get(key);
      if (e) await tx.store.put({ ...e, result, tries: 0, next_try_at: now, last_error: null });
      await tx.done;
    },
    async remove(key: string) {
      await db.delete('outbox', key);
    },

    async startInflight(t: InflightTask) {
      await db.put('inflight', t);
    },
    async updateInflight(taskId: string, patch: Partial<InflightTask>) {
      const tx = db.transaction('inflight', 'readwrite');
      const t = await tx.store.get(taskId);
      if (t) await tx.store.put({ ...t, ...patch });
      await tx.done;
    },
    async inflight(): Promise<InflightTask[]> {
      return db.getAll('inflight');
    },
    async getInflight(taskId: string) {
      return db.get('inflight', taskId);
    },
    async dropInflight(taskId: string) {
      await db.delete('inflight', taskId);
    },

    async log(entry: Omit<ActivityEntry, 'id'>) {
      const tx = db.transaction('activity', 'readwrite');
      await tx.store.add(entry);
      const count = await tx.store.count();
      if (count > ACTIVITY_KEEP) {
        let cursor = await tx.store.openCursor();
        for (let excess = count - ACTIVITY_KEEP; cursor && excess > 0; excess--) {
          await cursor.delete();
          cursor = await cursor.continue();
        }
      }
      await tx.done;
    },
    /** Newest first. */
    async recent(limit = 20): Promise<ActivityEntry[]> {
      const out: ActivityEntry[] = [];
      let cursor = await db.transaction('activity').store.index('at').openCursor(null, 'prev');
      while (cursor && out.length < limit) {
        out.push(cursor.value);
        cursor = await cursor.continue();
      }
      return out;
    },
    async countsSince(since: number): Promise<{ completed: number; failed: number }> {
      const rows = await db.getAllFromIndex('activity', 'at', IDBKeyRange.lowerBound(since));
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
