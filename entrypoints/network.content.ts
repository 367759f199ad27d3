import { defineContentScript } from 'wxt/utils/define-content-script';
import { runTask } from '../src/network/run-task.js';
import { readNetworkSession } from '../src/network/read-session.js';
import { runInTab } from '../src/agent/content-runner.js';
import { isOwnWorker } from '../src/agent/sender-checks.js';
import { listen } from '../src/agent/messaging.js';
import type { WorkerToContent } from '../src/agent/protocol.js';

// Runs the worker's tasks inside the signed-in network tab, with the tab's own session.
export default defineContentScript({
  matches: ['https://www.linkedin.com/*'],
  runAt: 'document_idle',
  allFrames: false,
  main() {
    const tasks = runInTab(runTask);
    listen<WorkerToContent>({
      ping: { allow: isOwnWorker, handle: () => ({ ready: true as const }) },
      'task:start': { allow: isOwnWorker, handle: (req) => tasks.start(req) },
      'task:cancel': { allow: isOwnWorker, handle: (req) => tasks.cancel(req.task_id) },
      'session:read': { allow: isOwnWorker, handle: (req) => readNetworkSession(req.map) },
    });
  },
});
