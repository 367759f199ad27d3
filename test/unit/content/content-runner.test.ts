import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { runInTab } from '../../../src/content/content-runner.js';
import type { StartTask } from '../../../src/shared/protocol.js';
import { BUILT_IN_NETWORK_MAP } from '../../../src/network/map/built-in.js';

/**
 * The content script's side of a task, and its own life: when the extension is updated or reloaded
 * under the page (WXT's context is invalidated) the running operation is aborted and nothing is
 * handed back: the new worker gives the task to its next attempt.
 */

beforeEach(() => {
  fakeBrowser.reset();
  // What WXT's context needs of a page: events on the document and postMessage on the window.
  vi.stubGlobal('document', new EventTarget());
  vi.stubGlobal('window', Object.assign(new EventTarget(), { postMessage() {} }));
});
afterEach(() => vi.unstubAllGlobals());

const task: StartTask = {
  task_id: 't1',
  attempt: 1,
  type: 'agent_profile_fetch',
  input: { task_type: 'agent_profile_fetch', profile_slug: 'ada-lovelace' },
  map: BUILT_IN_NETWORK_MAP,
  timeout_ms: 60_000,
};

/** An operation that waits until aborted, and says whether its signal fired. */
function hangingOperation() {
  const seen: { aborted: boolean; reason?: unknown } = { aborted: false };
  const run = vi.fn(
    (_t: unknown, o: { signal: AbortSignal }) =>
      new Promise<never>((_, reject) => {
        o.signal.addEventListener('abort', () => {
          seen.aborted = true;
          seen.reason = o.signal.reason;
          reject(o.signal.reason);
        });
      }),
  );
  return { run, seen };
}

describe('the content script honours its context', () => {
  it('an update or reload of the extension aborts the running operation and sends no result', async () => {
    const results: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener((m: unknown) => void results.push(m));
    const ctx = new ContentScriptContext('network');
    const { run, seen } = hangingOperation();
    const tab = runInTab(run, ctx, async () => {});
    expect(tab.start(task)).toEqual({ accepted: true });
    expect(tab.busy()).toEqual(['t1']);

    ctx.notifyInvalidated();
    await vi.waitFor(() => expect(seen.aborted).toBe(true));
    await vi.waitFor(() => expect(tab.busy()).toEqual([]));
    expect(results).toEqual([]);
    // An orphaned script takes no new work either.
    expect(tab.start({ ...task, task_id: 't2' })).toMatchObject({ accepted: false });
  });

  it('notices the runtime going away by itself while a task runs (WXT checks it when asked)', async () => {
    vi.useFakeTimers();
    // fakeBrowser.reset() does not restore the id, and test files share one fakeBrowser per worker.
    const id = fakeBrowser.runtime.id;
    try {
      const ctx = new ContentScriptContext('network');
      const { run, seen } = hangingOperation();
      runInTab(run, ctx, async () => {}).start(task);
      // What Chrome does to an orphaned content script: runtime.id is gone.
      (fakeBrowser.runtime as { id?: string }).id = undefined;
      await vi.advanceTimersByTimeAsync(1_500);
      expect(ctx.isValid).toBe(false);
      expect(seen.aborted).toBe(true);
    } finally {
      (fakeBrowser.runtime as { id?: string }).id = id;
      vi.useRealTimers();
    }
  });

  it('a task that ends is handed to the worker until it says the result is journaled', async () => {
    const ctx = new ContentScriptContext('network');
    const sent: unknown[] = [];
    let answers = 0;
    fakeBrowser.runtime.onMessage.addListener(async (m: unknown) => {
      sent.push(m);
      // The worker is starting: the first try gets no answer.
      return ++answers === 1 ? undefined : { journaled: true };
    });
    const tab = runInTab(
      async () => ({ ok: true, output: { name: 'Ada' } }),
      ctx,
      async () => {},
    );
    tab.start(task);
    await vi.waitFor(() => expect(tab.busy()).toEqual([]));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      na: 1,
      type: 'task:result',
      data: { task_id: 't1', attempt: 1, result: { ok: true, output: { name: 'Ada' } } },
    });
  });

  it('a result the worker refuses (not the tab running that task) is not sent again', async () => {
    const ctx = new ContentScriptContext('network');
    const sent: unknown[] = [];
    fakeBrowser.runtime.onMessage.addListener(async (m: unknown) => {
      sent.push(m);
      return { journaled: false };
    });
    const tab = runInTab(
      async () => ({ ok: true, output: { name: 'Ada' } }),
      ctx,
      async () => {},
    );
    tab.start(task);
    await vi.waitFor(() => expect(tab.busy()).toEqual([]));
    expect(sent).toHaveLength(1);
  });
});
