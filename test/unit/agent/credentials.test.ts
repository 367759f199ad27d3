import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Credentials } from '../../../src/agent/credentials.js';

/**
 * The key and token live in the extension origin's IndexedDB, which a content script (running in
 * the network page's origin) cannot open; `storage.local`, which content scripts read, holds none
 * of them. An update from a version that kept them in `storage.local` moves them once and keeps the
 * member signed in.
 */
const creds = (agent_token: string): Credentials => ({
  service_url: 'https://agent.example.com',
  api_key: 'na_key_secret_1234',
  agent_token,
  user: { id: 'u1', email: 'grace@example.com', full_name: 'Grace Hopper' },
  team: { id: 't1', name: "Grace's team" },
  role: 'member',
});

/** A fresh copy of the module, as a worker started after an update loads it. */
async function freshModule() {
  vi.resetModules();
  return import('../../../src/agent/credentials.js');
}

/** Everything a content script can read: `storage.local` (and `storage.sync`). */
async function whatContentScriptsSee(): Promise<string> {
  return JSON.stringify([
    await fakeBrowser.storage.local.get(null),
    await fakeBrowser.storage.sync.get(null),
  ]);
}

beforeEach(async () => {
  fakeBrowser.reset();
  await (await freshModule()).clearCredentials();
});

describe('where the credentials are kept', () => {
  it('readable by the worker, absent from the storage content scripts read', async () => {
    const c = await freshModule();
    await c.saveCredentials(creds('tok_secret_5678'));
    expect((await c.getCredentials())?.agent_token).toBe('tok_secret_5678');
    const seen = await whatContentScriptsSee();
    expect(seen).not.toContain('na_key_secret_1234');
    expect(seen).not.toContain('tok_secret_5678');
  });

  it('an update moves credentials out of storage.local once, signed in as before', async () => {
    await fakeBrowser.storage.local.set({ credentials: creds('tok_before_update') });
    const c = await freshModule();
    expect((await c.getCredentials())?.agent_token).toBe('tok_before_update');
    expect(await fakeBrowser.storage.local.get('credentials')).toEqual({});
    expect(await whatContentScriptsSee()).not.toContain('tok_before_update');
    // The next start finds them where they are now.
    expect((await (await freshModule()).getCredentials())?.agent_token).toBe('tok_before_update');
  });

  it('a newer sign-in in the vault is not overwritten by credentials left behind', async () => {
    await (await freshModule()).saveCredentials(creds('tok_new'));
    await fakeBrowser.storage.local.set({ credentials: creds('tok_old') });
    const c = await freshModule();
    expect((await c.getCredentials())?.agent_token).toBe('tok_new');
    expect(await fakeBrowser.storage.local.get('credentials')).toEqual({});
  });

  it('sign-in and sign-out are seen by watchers in every context', async () => {
    const c = await freshModule();
    const seen = vi.fn();
    const stop = c.watchCredentials(seen);
    await c.saveCredentials(creds('tok'));
    await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(1));
    await c.clearCredentials();
    await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(2));
    stop();
    expect(await c.getCredentials()).toBeNull();
  });
});
