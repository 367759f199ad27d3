import { browser } from 'wxt/browser';
import { readNetworkSession } from '../network/read-session.js';
import { runTask } from '../network/run-task.js';

/**
 * The network operations, loaded into the tab on first use (entrypoints/network-operations.ts). The
 * content script runs on every page of the network the member opens, and most pages never run a
 * task nor read the session: they load only the small script that answers the worker. The tab the
 * worker works in imports the operations once, in the same isolated world, where they leave
 * themselves under OPERATIONS_KEY (scripts/bundle-size.mjs budgets both files).
 */
export interface NetworkOperations {
  runTask: typeof runTask;
  readNetworkSession: typeof readNetworkSession;
}

export const OPERATIONS_KEY = '__networkAgentOperations';
/** Web-accessible to the network's pages only, at a URL that changes every session (wxt.config.ts). */
const OPERATIONS_FILE = '/network-operations.js';

let loading: Promise<NetworkOperations> | null = null;

export function networkOperations(): Promise<NetworkOperations> {
  // Firefox's add-on linter refuses an import() of a computed URL, and only the Chrome build is
  // budgeted: there the operations come with the content script (the import is left out of the
  // Chrome build, as the budget's rules check).
  if (import.meta.env.FIREFOX) return Promise.resolve({ runTask, readNetworkSession });
  const global = globalThis as { [OPERATIONS_KEY]?: NetworkOperations };
  loading ??= import(/* @vite-ignore */ browser.runtime.getURL(OPERATIONS_FILE as '/')).then(() => {
    const operations = global[OPERATIONS_KEY];
    if (!operations) throw new Error('The network operations did not load');
    return operations;
  });
  // A failed load (the extension was updated under the page) may be tried again.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
