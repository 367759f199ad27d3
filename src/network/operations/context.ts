import type { TaskInput, TaskOutput } from '../../contract/task-io.js';
import type { TaskType } from '../../contract/task-types.js';
import type { CallContext } from '../call.js';
import type { Me } from '../session-memory.js';

export interface OperationContext extends CallContext {
  /** The signed-in member, read once per session (the mailbox of every message). */
  self: () => Promise<Me>;
  /** Waits between two pages or items of one task (map pacing), cut short by the task's abort. */
  pause: () => Promise<void>;
}

export type Operation<K extends TaskType> = (
  input: TaskInput<K>,
  ctx: OperationContext,
) => Promise<TaskOutput<K>>;
