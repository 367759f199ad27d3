import type { Queryable } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { enqueueTask, type QueuedBy } from './enqueue.js';
import type { TaskSignals } from './task-signals.js';
import { type GatedWrite, writeGate } from './write-gate.js';

/**
 * A write in a member's name from a caller waiting for the answer (REST, the dashboard, MCP): the
 * gate (write-gate.ts), whose refusal is the caller's error in its status and words, then the task,
 * awaiting approval when the gate says so and keeping the contact a person's force went past.
 */
export async function queueWrite(
  db: Queryable,
  signals: TaskSignals,
  w: GatedWrite & { by: QueuedBy },
): Promise<{ id: string; refused: boolean; awaitingApproval: boolean }> {
  const verdict = await writeGate(db, w);
  if (!verdict.pass) throw new HttpError(verdict.status, verdict.error);
  const task = await enqueueTask(db, signals, {
    teamId: w.teamId,
    type: w.type,
    input: w.input,
    assignedUserId: w.assignedUserId,
    queuedBy: w.by,
    awaitApproval: verdict.awaitApproval,
    forcedOver: verdict.forcedOver,
  });
  // No targetKey: a write never collides with another one.
  if (!task) throw new Error('enqueueTask refused a task without targetKey');
  return { ...task, awaitingApproval: verdict.awaitApproval && !task.refused };
}
