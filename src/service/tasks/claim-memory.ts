import type { Database } from '../db/database.js';
import type { TaskType } from '../../contract/task-types.js';
import { PerDatabaseMemory } from '../db/per-database-memory.js';

/** What this instance handed out of a task: its type and input, which never change. */
interface ClaimedWork {
  type: TaskType;
  input: Record<string, unknown>;
}

/**
 * The type and input of each task this instance handed out, until its result comes back:
 * completing a task then needs no read before the one conditional UPDATE that stores it, and a
 * completion hook can tell from them whether it has work to do (complete.ts). Who holds the claim
 * and which attempt it is are checked by the UPDATE itself, so an entry can never complete
 * anything it should not. A result that reaches another instance simply reads the row.
 */
const claims = new PerDatabaseMemory<ClaimedWork>(10_000);

export function rememberClaim(db: Database, taskId: string, work: ClaimedWork): void {
  claims.set(db, taskId, work);
}

export function claimedWork(db: Database, taskId: string): ClaimedWork | undefined {
  return claims.get(db, taskId);
}

export function forgetClaim(db: Database, taskId: string): void {
  claims.delete(db, taskId);
}
