import type { NetworkSession } from '../network/types.js';
import { agentStateItem, patchState } from './agent-state.js';
import { sendToTab } from '../shared/messaging.js';
import { getCredentials } from './credentials.js';
import { noteNetworkAccount } from './network-account.js';
import { currentNetworkMap } from './network-map-store.js';
import { ensureNetworkTab, findNetworkTab } from './network-tab.js';

/**
 * Who is signed in to the network, read in a network tab (the content script asks the network's
 * `me`). With no network tab open we trust a recent answer rather than opening a tab every minute.
 */
const SESSION_FRESH_MS = 30 * 60_000;

export async function checkNetworkSession(
  now: number,
  opts: { force?: boolean } = {},
): Promise<NetworkSession & { checked_at: number }> {
  const known = (await agentStateItem.getValue()).network;
  let tabId = await findNetworkTab();
  if (tabId === null) {
    if (!opts.force && known && now - known.checked_at < SESSION_FRESH_MS) return known;
    try {
      tabId = await ensureNetworkTab(now);
    } catch (err) {
      if (known) return known;
      const session: NetworkSession & { checked_at: number } = {
        signed_in: false,
        member_urn: null,
        public_identifier: null,
        full_name: null,
        problem: { code: 'network_error', message: `No network tab: ${(err as Error).message}` },
        checked_at: now,
      };
      return session;
    }
  }
  const session = {
    ...(await sendToTab(tabId, 'session:read', { map: await currentNetworkMap() })),
    checked_at: now,
  };
  await patchState({ network: session });
  const creds = await getCredentials();
  if (creds) await noteNetworkAccount(creds.user.id, session);
  return session;
}
