import type { Queryable, Transaction } from '../db/database.js';
import type { Logger } from '../logger.js';
import type { TaskType } from '../../contract/task-types.js';

/** A task at the moment it is completed, as completion hooks see it. */
export interface CompletedTask {
  id: string;
  teamId: string;
  type: TaskType;
  input: Record<string, unknown>;
  /** Already validated against TASK_OUTPUTS[type]. */
  output: Record<string, unknown>;
  watchlistId: string | null;
  /** The member who ran it. */
  userId: string;
}

type CompletionHandler = (tx: Queryable, task: CompletedTask) => Promise<void>;

/** A result before it is stored, as a hook's idle check sees it. */
export type ResultToStore = Pick<CompletedTask, 'teamId' | 'type' | 'input' | 'output' | 'userId'>;

/**
 * Optional, per hook: true when the hook is known to have nothing to do for this result (e.g. a sent
 * message without a thread, from a member already followed). Must never answer true for a result
 * the hook would write for: the result is then stored alone, without a transaction.
 */
type IdleCheck = (result: ResultToStore) => boolean;

const handlers = new Map<TaskType, CompletionHandler[]>();
const idleChecks = new WeakMap<CompletionHandler, IdleCheck>();

/**
 * Registers work to do when a task of `type` completes (e.g. the watchlists file collected posts).
 * Runs inside the completion transaction; `idle` may say when it has nothing to do (IdleCheck).
 * Returns the function that removes it.
 */
export function onTaskCompleted(
  type: TaskType,
  handler: CompletionHandler,
  idle?: IdleCheck,
): () => void {
  if (idle) idleChecks.set(handler, idle);
  const list = handlers.get(type) ?? [];
  list.push(handler);
  handlers.set(type, list);
  return () => {
    const current = handlers.get(type) ?? [];
    handlers.set(
      type,
      current.filter((h) => h !== handler),
    );
  };
}

/** Whether completing a task of this type has work to do besides storing its output. */
export function hasCompletionHooks(type: TaskType): boolean {
  return (handlers.get(type) ?? []).length > 0;
}

/** Whether completing this result has work to do besides storing it: a hook of its type that is not idle for it. */
export function hasCompletionWork(result: ResultToStore): boolean {
  return (handlers.get(result.type) ?? []).some((h) => !idleChecks.get(h)?.(result));
}

/** The hook of a type that has exactly one: a caller may run it without a savepoint (complete.ts). */
export function onlyCompletionHook(type: TaskType): CompletionHandler | undefined {
  const list = handlers.get(type) ?? [];
  return list.length === 1 ? list[0] : undefined;
}

export function logHookFailure(log: Logger | undefined, task: CompletedTask, err: Error): void {
  (log ?? console).error('completion_hook_failed', {
    task_id: task.id,
    type: task.type,
    message: err.message,
  });
}

/**
 * Runs the hooks of `task.type` inside the completion transaction, each under a savepoint. A hook
 * that throws is rolled back alone and logged; the task stays completed with its output, so an
 * agent's result is never refused (and re-run on the network) because of a filing bug here.
 */
export async function runCompletionHooks(
  tx: Transaction,
  task: CompletedTask,
  log?: Logger,
): Promise<void> {
  for (const handler of handlers.get(task.type) ?? []) {
    await tx.exec('SAVEPOINT completion_hook');
    try {
      await handler(tx, task);
      await tx.exec('RELEASE SAVEPOINT completion_hook');
    } catch (err) {
      await tx.exec('ROLLBACK TO SAVEPOINT completion_hook');
      await tx.exec('RELEASE SAVEPOINT completion_hook');
      logHookFailure(log, task, err as Error);
    }
  }
}
