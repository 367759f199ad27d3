import type { Database } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';

/**
 * The type of each task this instance handed out, until its result comes back: completing a task
 * then needs no read before the one conditional UPDATE that stores it (complete.ts). Only the type
 * is taken from here (a task's type never changes); who holds the claim and which attempt it is
 * are checked by the UPDATE itself, so an entry can never complete anything it should not. A result
 * that reaches another instance simply reads the row.
 */
const MAX_ENTRIES = 10_000;

const memories = new WeakMap<Database, Map<string, TaskType>>();

function memoryOf(db: Database): Map<string, TaskType> {
  let memory = memories.get(db);
  if (!memory) {
    memory = new Map();
    memories.set(db, memory);
  }
  return memory;
}

export function rememberClaim(db: Database, taskId: string, type: TaskType): void {
  const memory = memoryOf(db);
  if (memory.size >= MAX_ENTRIES) memory.delete(memory.keys().next().value!);
  memory.set(taskId, type);
}

export function claimedType(db: Database, taskId: string): TaskType | undefined {
  return memories.get(db)?.get(taskId);
}

export function forgetClaim(db: Database, taskId: string): void {
  memories.get(db)?.delete(taskId);
}
