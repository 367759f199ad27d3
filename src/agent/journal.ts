import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { TaskType } from '../contract/task-types.js';
import type { TaskResult } from '../network/types.js';
import type { ActivityEntry } from '../shared/protocol.js';

/**
 * The task journal in IndexedDB. A result is written here before it is sent, and stays until the
 * service acknowledges it, so neither a stopped worker nor a service restart loses it. The same
 * database keeps the tasks in flight (to pick them up again after the worker restarts) and the
 * activity log the popup shows.
 *
 * Through `idb`: IndexedDB's requests as promises, each settled inside its success event, so the
 * next request of the same transaction may be made after an `await` (the transaction stays open
 * while its requests chain, and commits when they stop).
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

/** The journal's stores, typed for idb. */
interface JournalSchema extends DBSchema {
  outbox: { key: string; value: OutboxEntry; indexes: { next_try_at: number } };
  inflight: { key: string; value: InflightTask };
  activity: { key: number; value: ActivityEntry; indexes: { at: number } };
}

export async function openJournal(name = 'network-agent-journal') {
  const db = await openDB<JournalSchema>(name, 1, {
    upgrade(d) {
      d.createObjectStore('outbox', { keyPath: 'key' }).createIndex('next_try_at', 'next_try_at');
      d.createObjectStore('inflight', { keyPath: 'task_id' });
      d.createObjectStore('activity', { keyPath: 'id', autoIncrement: true }).createIndex(
        'at',
        'at',
      );
    },
  });
  return createJournal(db);
}

function createJournal(db: IDBPDatabase<JournalSchema>) {
  /** Read-modify-write of one entry, in one transaction. */
  async function patch<S extends 'outbox' | 'inflight'>(
    name: S,
    key: string,
    change: (value: JournalSchema[S]['value']) => JournalSchema[S]['value'],
  ) {
    const tx = db.transaction(name, 'readwrite');
    const value = await tx.store.get(key);
    if (value) await tx.store.put(change(value));
    await tx.done;
  }
  return {
    /**
     * Journals the result of one claim, once: a second result for the same claim (the content
     * script answering after we already timed it out) is ignored. Answers whether it was new.
     */
    async record(
      entry: Omit<OutboxEntry, 'key' | 'tries' | 'next_try_at' | 'last_error'>,
      now: number,
    ): Promise<boolean> {
      const tx = db.transaction(['outbox', 'inflight'], 'readwrite');
      const outbox = tx.objectStore('outbox');
      const key = outboxKey(entry.task_id, entry.attempt);
      const isNew = (await outbox.getKey(key)) === undefined;
      const inflight = await tx.objectStore('inflight').get(entry.task_id);
      if (isNew) await outbox.put({ ...entry, key, tries: 0, next_try_at: now, last_error: null });
      if (inflight && inflight.attempt === entry.attempt)
        await tx.objectStore('inflight').delete(entry.task_id);
      await tx.done;
      return isNew;
    },
    async due(now: number): Promise<OutboxEntry[]> {
      return db.getAllFromIndex('outbox', 'next_try_at', IDBKeyRange.upperBound(now));
    },
    async all(): Promise<OutboxEntry[]> {
      return db.getAll('outbox');
    },
    async get(key: string): Promise<OutboxEntry | undefined> {
      return db.get('outbox', key);
    },
    async reschedule(key: string, nextTryAt: number, error: string) {
      await patch('outbox', key, (e) => ({
        ...e,
        tries: e.tries + 1,
        next_try_at: nextTryAt,
        last_error: error,
      }));
    },
    /** Replaces an entry's result (a refused output becomes a failure report), sending it at once. */
    async replaceResult(key: string, result: TaskResult, now: number) {
      await patch('outbox', key, (e) => ({
        ...e,
        result,
        tries: 0,
        next_try_at: now,
        last_error: null,
      }));
    },
    async remove(key: string) {
      await db.delete('outbox', key);
    },

    async startInflight(t: InflightTask) {
      await db.put('inflight', t);
    },
    async updateInflight(taskId: string, change: Partial<InflightTask>) {
      await patch('inflight', taskId, (t) => ({ ...t, ...change }));
    },
    async inflight(): Promise<InflightTask[]> {
      return db.getAll('inflight');
    },
    async getInflight(taskId: string): Promise<InflightTask | undefined> {
      return db.get('inflight', taskId);
    },
    async dropInflight(taskId: string) {
      await db.delete('inflight', taskId);
    },

    async log(entry: Omit<ActivityEntry, 'id'>) {
      const tx = db.transaction('activity', 'readwrite');
      await tx.store.add(entry);
      let excess = (await tx.store.count()) - ACTIVITY_KEEP;
      for (
        let cursor = excess > 0 ? await tx.store.openCursor() : null;
        cursor && excess > 0;
        excess--
      ) {
        await cursor.delete();
        cursor = await cursor.continue();
      }
      await tx.done;
    },
    /** Newest first. */
    async recent(limit = 20): Promise<ActivityEntry[]> {
      const out: ActivityEntry[] = [];
      let cursor = await db.transaction('activity').store.index('at').openCursor(null, 'prev');
      for (; cursor && out.length < limit; cursor = await cursor.continue()) out.push(cursor.value);
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
