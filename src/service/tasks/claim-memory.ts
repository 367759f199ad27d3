import type { Database } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import { PerDatabaseMemory } from '../db/per-database-memory.js';

/**
 * The type of each task this instance handed out, until its result comes back: completing a task
 * then needs no read before the one conditional UPDATE that stores it (complete.ts). Only the type
 * is taken from here (a task's type never changes); who holds the claim and which attempt it is
 * are checked by the UPDATE itself, so an entry can never complete anything it should not. A result
 * that reaches another instance simply reads the row.
 */
const claims = new PerDatabaseMemory<TaskType>(10_000);

export function rememberClaim(db: Database, taskId: string, type: TaskType): void {
  claims.set(db, taskId, type);
}

export function claimedType(db: Database, taskId: string): TaskType | undefined {
  return claims.get(db, taskId);
}

export function forgetClaim(db: Database, taskId: string): void {
  claims.delete(db, taskId);
}
