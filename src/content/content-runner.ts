import type { TaskResult } from '../network/types.js';
import { sendToWorker } from '../shared/messaging.js';
import type { StartTask } from '../shared/protocol.js';

type RunTask = (
  task: Pick<StartTask, 'type' | 'input'>,
  options: { map: StartTask['map']; signal: AbortSignal },
) => Promise<TaskResult>;

/**
 * The content script's own life (WXT's `ctx` in `defineContentScript({ main(ctx) })`): its signal
 * aborts when the extension is updated, reloaded or removed under the page. WXT notices that when
 * `isInvalid` is read (the runtime is gone), so a running task reads it every second.
 */
export interface ScriptContext {
  readonly signal: AbortSignal;
  readonly isInvalid: boolean;
}

/** Retries of a result the worker has not acknowledged (it may be starting up again): 0.5 s doubling, about two minutes in all. */
const RESULT_RETRIES = 8;
const CONTEXT_CHECK_MS = 1_000;

/**
 * The content script's side of a task: take it, run it with an abort at its deadline, and send the
 * result to the worker until the worker answers (journaled, or refused for good). One task at a
 * time per tab.
 *
 * When the extension is updated or reloaded mid-task, this script is orphaned: the worker it
 * answers to is gone and a new one runs. The operation is aborted at once (the next call of a
 * many-call action is never made, so no action is left half done by a script nobody hears), and
 * nothing is sent. The new worker finds the task in flight in its journal, sees that no tab runs
 * it any more (`ping` lists what a tab is busy with) and fails it as retryable; the service gives
 * it to the next attempt (docs/agent-protocol.md, "Supervision").
 */
export function runInTab(
  runTask: RunTask,
  context: ScriptContext,
  sleep = (ms: number) => new Promise((r) => setTimeout(r, ms)),
) {
  /** Tasks running or being handed back to the worker, with their abort. */
  const running = new Map<string, AbortController>();

  async function deliver(msg: {
    task_id: string;
    attempt: number;
    type: StartTask['type'];
    result: TaskResult;
  }) {
    for (let i = 0; !context.signal.aborted; i++) {
      try {
        // Any answer ends it: journaled, or refused for good (this tab does not run that task).
        await sendToWorker('task:result', msg);
        return;
      } catch {
        // The worker is not there right now; the message wakes it, try again shortly.
      }
      if (i >= RESULT_RETRIES) return;
      await sleep(500 * 2 ** i);
    }
  }

  return {
    start(req: StartTask): { accepted: boolean; reason?: string } {
      if (context.signal.aborted)
        return { accepted: false, reason: 'this page runs an outdated copy of the extension' };
      if (running.size > 0) return { accepted: false, reason: 'busy with another task' };
      const abort = new AbortController();
      running.set(req.task_id, abort);
      const timer = setTimeout(
        () => abort.abort(new Error(`deadline of ${req.timeout_ms} ms passed`)),
        req.timeout_ms,
      );
      const watch = setInterval(() => context.isInvalid, CONTEXT_CHECK_MS);
      const signal = AbortSignal.any([abort.signal, context.signal]);
      void (async () => {
        let result: TaskResult;
        try {
          result = await runTask({ type: req.type, input: req.input }, { map: req.map, signal });
        } catch (err) {
          // runTask never throws by contract; a bug must still not lose the task.
          result = {
            ok: false,
            error: {
              code: 'network_error',
              message: `Task crashed: ${(err as Error).message}`,
              retryable: true,
            },
          };
        } finally {
          clearTimeout(timer);
          clearInterval(watch);
        }
        await deliver({ task_id: req.task_id, attempt: req.attempt, type: req.type, result });
        running.delete(req.task_id);
      })();
      return { accepted: true };
    },
    cancel(taskId: string): { cancelled: boolean } {
      const abort = running.get(taskId);
      abort?.abort(new Error('cancelled by the worker'));
      return { cancelled: !!abort };
    },
    /** The tasks this tab runs or is handing back. */
    busy(): string[] {
      return [...running.keys()];
    },
  };
}
