import type { PayloadCheck, Routes } from '../shared/messaging.js';
import type { WorkerToContent } from '../shared/protocol.js';
import { isOwnWorker } from '../shared/sender-checks.js';
import { runInTab, type ScriptContext } from './content-runner.js';
import { networkOperations } from './operations.js';

/**
 * The payload of a message from our own worker, as it is. The sender check before it lets only
 * the worker through (not a page, not another extension), and the worker checked what it sends
 * (task inputs: src/agent/task-input.ts); the content script carries no schema library, to stay
 * small on every page of the network (scripts/bundle-size.mjs). Messages *to* the worker are
 * checked there against src/contract/extension-messages.ts.
 */
const fromOwnWorker: PayloadCheck<never> = (data) => ({ ok: true, data: data as never });

/** Every message the content script answers: from our own worker only. */
export function contentRoutes(ctx: ScriptContext): Routes<WorkerToContent> {
  const tasks = runInTab(
    async (task, options) => (await networkOperations()).runTask(task, options),
    ctx,
  );
  return {
    ping: {
      allow: isOwnWorker,
      check: fromOwnWorker,
      handle: () => ({ ready: true as const, busy: tasks.busy() }),
    },
    'task:start': { allow: isOwnWorker, check: fromOwnWorker, handle: (req) => tasks.start(req) },
    'task:cancel': {
      allow: isOwnWorker,
      check: fromOwnWorker,
      handle: (req) => tasks.cancel(req.task_id),
    },
    'session:read': {
      allow: isOwnWorker,
      check: fromOwnWorker,
      handle: async (req) => (await networkOperations()).readNetworkSession(req.map),
    },
  };
}
