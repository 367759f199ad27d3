import type { NetworkMap } from '../contract/network-map.js';
import type { TaskResult } from '../network/types.js';
import { sendToWorker } from './messaging.js';
import type { StartTask } from './protocol.js';

type RunTask = (task: { type: string; input: unknown }, options: { map: NetworkMap; signal?: AbortSignal }) => Promise<TaskResult>;

/** Retries of a result the worker has not acknowledged (it may be starting up again). */
const RESULT_RETRIES_MS = [500, 1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 60_000];

/**
 * The content script's side of a task: take it, run it with an abort at its deadline, and send the
 * result to the worker until the worker says it is journaled. One task at a time per tab.
 */
export function runInTab(runTask: RunTask, sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const running = new Map<string, AbortController>();

  async function deliver(msg: { task_id: string; attempt: number; type: StartTask['type']; result: TaskResult }) {
    for (let i = 0; ; i++) {
      try {
        if ((await sendToWorker('task:result', msg)).journaled) return;
      } catch {
        // The worker is not there right now; the message wakes it, try again shortly.
      }
      if (i >= RESULT_RETRIES_MS.length) return;
      await sleep(RESULT_RETRIES_MS[i]!);
    }
  }

  return {
    start(req: StartTask): { accepted: boolean; reason?: string } {
      if (running.size > 0) return { accepted: false, reason: 'busy with another task' };
      const abort = new AbortController();
      running.set(req.task_id, abort);
      const timer = setTimeout(() => abort.abort(new Error(`deadline of ${req.timeout_ms} ms passed`)), req.timeout_ms);
      void (async () => {
        let result: TaskResult;
        try {
          result = await runTask({ type: req.type, input: req.input }, { map: req.map, signal: abort.signal });
        } catch (err) {
          // runTask never throws by contract; a bug must still not lose the task.
          result = { ok: false, error: { code: 'network_error', message: `Task crashed: ${(err as Error).message}`, retryable: true } };
        } finally {
          clearTimeout(timer);
          running.delete(req.task_id);
        }
        await deliver({ task_id: req.task_id, attempt: req.attempt, type: req.type, result });
      })();
      return { accepted: true };
    },
    cancel(taskId: string): { cancelled: boolean } {
      const abort = running.get(taskId);
      abort?.abort(new Error('cancelled by the worker'));
      return { cancelled: !!abort };
    },
  };
}
