import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import { browser } from 'wxt/browser';
import type { Role } from '../contract/auth.js';
import { defineItem } from './storage-item.js';

/**
 * What signing in through the popup gives the extension (auth-verify-otp answer): the service it
 * talks to, the team's API key and this member's agent token.
 *
 * Kept in IndexedDB of the extension's own origin, which only the worker and the extension's pages
 * (the popup) can open: a content script runs in the network page's origin and sees that page's
 * IndexedDB, never ours. `storage.local` would not do: content scripts read it in every browser
 * (`setAccessLevel` exists for `storage.session` only, and that area is emptied when the browser
 * closes). What `storage.local` keeps is a change marker without secrets, so that the toolbar and
 * the popup, which follow storage changes, see a sign-in or sign-out.
 */
export interface Credentials {
  service_url: string;
  api_key: string;
  agent_token: string;
  user: { id: string; email: string; full_name: string };
  team: { id: string; name: string };
  role: Role;
}

interface VaultSchema extends DBSchema {
  credentials: { key: string; value: Credentials };
}

const VAULT = 'network-agent-vault';
const KEY = 'current';
/** Where earlier versions kept the credentials, readable by content scripts: moved out once. */
const OLD_LOCAL_KEY = 'credentials';

/** Written on every save and clear: no secret, only when the credentials last changed. */
const credentialsChangedItem = defineItem<number>('local:credentials_changed_at', {
  fallback: 0,
});

let vault: Promise<IDBPDatabase<VaultSchema>> | null = null;

/**
 * The vault, opened once per context; credentials an earlier version left in `storage.local` go
 * into it first (unless a newer sign-in is there already), then leave `storage.local`: an update
 * keeps the member signed in.
 */
function openVault(): Promise<IDBPDatabase<VaultSchema>> {
  vault ??= (async () => {
    const db = await openDB<VaultSchema>(VAULT, 1, {
      upgrade(d) {
        d.createObjectStore('credentials');
      },
    });
    const old = (await browser.storage.local.get(OLD_LOCAL_KEY))[OLD_LOCAL_KEY] as
      | Credentials
      | undefined;
    if (old !== undefined) {
      if (old && (await db.get('credentials', KEY)) === undefined)
        await db.put('credentials', old, KEY);
      await browser.storage.local.remove(OLD_LOCAL_KEY);
    }
    return db;
  })();
  // A failed open is tried again on the next use.
  vault.catch(() => (vault = null));
  return vault;
}

export async function getCredentials(): Promise<Credentials | null> {
  return (await (await openVault()).get('credentials', KEY)) ?? null;
}

export async function saveCredentials(c: Credentials): Promise<void> {
  await (await openVault()).put('credentials', c, KEY);
  await credentialsChangedItem.setValue(Date.now());
}

export async function clearCredentials(): Promise<void> {
  await (await openVault()).delete('credentials', KEY);
  await credentialsChangedItem.setValue(Date.now());
}

/**
 * Calls `cb` after every sign-in, sign-out, change of team or of the team's key (team-key.ts), in
 * any of the extension's contexts.
 */
export const watchCredentials = (cb: () => void) => credentialsChangedItem.watch(cb);

/** The service URL last entered in the popup, so a signed-out popup offers it again. */
export const lastServiceUrlItem = defineItem<string | null>('local:last_service_url', {
  fallback: null,
});
