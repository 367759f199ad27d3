import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { OPERATIONS_KEY, type NetworkOperations } from '../src/content/operations.js';
import { readNetworkSession } from '../src/network/read-session.js';
import { runTask } from '../src/network/run-task.js';

// The network operations, imported by the content script of the tab the worker works in when it
// first needs them (src/content/operations.ts says why; Firefox's content script holds them).
export default defineUnlistedScript({
  exclude: ['firefox'],
  main() {
    (globalThis as { [OPERATIONS_KEY]?: NetworkOperations })[OPERATIONS_KEY] = {
      runTask,
      readNetworkSession,
    };
  },
});
