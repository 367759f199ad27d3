import { browser } from 'wxt/browser';
import { defineItem } from './storage-item.js';
import { sendToTab } from '../shared/messaging.js';
import { NETWORK_ORIGIN } from '../shared/sender-checks.js';

/**
 * The network tab tasks run in: an open https://www.linkedin.com/ tab whose content script answers,
 * or one we open in the background and close again once idle. With the host permission for the
 * network, tabs.query by URL and tabs.sendMessage work without the "tabs" permission.
 */

const OPEN_URL = `${NETWORK_ORIGIN}/feed/`;
const SIGN_IN_URL = `${NETWORK_ORIGIN}/login`;
/** A tab we opened and nobody used for this long is closed. */
const IDLE_CLOSE_MS = 3 * 60_000;
const READY_TIMEOUT_MS = 30_000;

/** The tab we opened ourselves (and may close); a user's own tabs are never closed. */
const openedTabItem = defineItem<{ tab_id: number; last_used_at: number } | null>(
  'local:opened_network_tab',
  {
    fallback: null,
  },
);

async function answers(tabId: number): Promise<boolean> {
  try {
    return (await sendToTab(tabId, 'ping', {})).ready === true;
  } catch {
    return false;
  }
}

/** An open network tab whose content script answers now, or null. */
export async function findNetworkTab(): Promise<number | null> {
  const tabs = await browser.tabs.query({ url: `${NETWORK_ORIGIN}/*` });
  // Our own background tab first, so the member's tabs are touched only when ours is gone.
  const opened = await openedTabItem.getValue();
  tabs.sort((a, b) => Number(b.id === opened?.tab_id) - Number(a.id === opened?.tab_id));
  for (const tab of tabs) {
    if (typeof tab.id === 'number' && !tab.discarded && (await answers(tab.id))) return tab.id;
  }
  return null;
}

async function waitUntilReady(tabId: number): Promise<boolean> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (await answers(tabId)) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** A network tab ready for work, opening one in the background when none is. */
export async function ensureNetworkTab(now: number): Promise<number> {
  const found = await findNetworkTab();
  if (found !== null) {
    await touch(found, now);
    return found;
  }
  const tab = await browser.tabs.create({ url: OPEN_URL, active: false });
  if (typeof tab.id !== 'number') throw new Error('The browser did not open a network tab');
  await openedTabItem.setValue({ tab_id: tab.id, last_used_at: now });
  if (!(await waitUntilReady(tab.id)))
    throw new Error('The network tab did not load (no answer from its content script)');
  return tab.id;
}

async function touch(tabId: number, now: number) {
  const opened = await openedTabItem.getValue();
  if (opened?.tab_id === tabId) await openedTabItem.setValue({ tab_id: tabId, last_used_at: now });
}

export async function tabExists(tabId: number): Promise<boolean> {
  try {
    await browser.tabs.get(tabId);
    return true;
  } catch {
    return false;
  }
}

/** Closes the tab we opened once it has been idle for IDLE_CLOSE_MS. */
export async function closeIdleTab(now: number, busy: boolean): Promise<void> {
  const opened = await openedTabItem.getValue();
  if (!opened || busy || now - opened.last_used_at < IDLE_CLOSE_MS) return;
  await openedTabItem.setValue(null);
  await browser.tabs.remove(opened.tab_id).catch(() => {});
}

export async function openSignInPage(): Promise<void> {
  await browser.tabs.create({ url: SIGN_IN_URL, active: true });
}
