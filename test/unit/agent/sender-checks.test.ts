import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { dispatch, listen, ownExtension, type Routes } from '../../../src/agent/messaging.js';
import { isNetworkTopFrame, isOwnExtensionPage, isOwnWorker, type SenderLike } from '../../../src/agent/sender-checks.js';
import type { ToWorker, WorkerToContent } from '../../../src/agent/protocol.js';

beforeEach(() => fakeBrowser.reset());

const ext = () => ownExtension();
const ID = 'test-extension-id';
const popup: SenderLike = { id: ID, url: `chrome-extension://${ID}/popup.html` };
const worker: SenderLike = { id: ID, url: `chrome-extension://${ID}/background.js` };
const networkTop: SenderLike = { id: ID, url: 'https://www.linkedin.com/feed/', frameId: 0, tab: { id: 7, url: 'https://www.linkedin.com/feed/' } };

const result = { task_id: 't', attempt: 1, type: 'agent_like_post' as const, result: { ok: true as const, output: { liked: true } } };
const env = (type: string, data: unknown) => ({ na: 1, type, data });

function workerRoutes(seen: unknown[]): Routes<Pick<ToWorker, 'task:result' | 'popup:set-paused'>> {
  return {
    'task:result': { allow: isNetworkTopFrame, handle: (d) => (seen.push(d), { journaled: true }) },
    'popup:set-paused': { allow: isOwnExtensionPage, handle: (d) => (seen.push(d), { ok: true as const }) },
  };
}

describe('sender checks', () => {
  it("the worker takes a result only from our content script in a network tab's top frame", async () => {
    const seen: unknown[] = [];
    const routes = workerRoutes(seen);
    const log = vi.fn();
    expect(await dispatch(routes, env('task:result', result), networkTop, ext(), log)).toEqual({ journaled: true });
    const foreign: SenderLike[] = [
      { ...networkTop, id: 'another-extension' },
      { ...networkTop, frameId: 3 },
      { ...networkTop, url: 'https://evil.example/', tab: { id: 7, url: 'https://evil.example/' } },
      { ...networkTop, url: 'https://www.linkedin.com.evil.example/', tab: { id: 7, url: 'https://www.linkedin.com.evil.example/' } },
      { url: 'https://www.linkedin.com/feed/', frameId: 0, tab: { id: 7, url: 'https://www.linkedin.com/feed/' } },
      popup,
    ];
    for (const sender of foreign) {
      expect(await dispatch(routes, env('task:result', result), sender, ext(), log)).toEqual({ refused: 'sender not allowed' });
    }
    expect(seen).toHaveLength(1);
    expect(log).toHaveBeenCalledTimes(foreign.length);
  });

  it('popup commands come only from our extension pages, never from a content script', async () => {
    const seen: unknown[] = [];
    const routes = workerRoutes(seen);
    expect(await dispatch(routes, env('popup:set-paused', { paused: true }), popup, ext(), () => {})).toEqual({ ok: true });
    expect(await dispatch(routes, env('popup:set-paused', { paused: true }), networkTop, ext(), () => {})).toEqual({ refused: 'sender not allowed' });
    expect(await dispatch(routes, env('popup:set-paused', { paused: true }), { id: 'other', url: 'chrome-extension://other/popup.html' }, ext(), () => {})).toEqual({
      refused: 'sender not allowed',
    });
    expect(seen).toEqual([{ paused: true }]);
  });

  it('the content script accepts messages only from our worker', () => {
    expect(isOwnWorker(worker, ext())).toBe(true);
    expect(isOwnWorker({ id: ID, url: 'moz-extension://x/_generated_background_page.html' }, { id: ID, baseUrl: 'moz-extension://x/' })).toBe(true);
    expect(isOwnWorker(popup, ext())).toBe(false);
    expect(isOwnWorker(networkTop, ext())).toBe(false);
    expect(isOwnWorker({ ...worker, id: 'another-extension' }, ext())).toBe(false);
    expect(isOwnWorker({ id: ID, url: 'chrome-extension://another/background.js' }, ext())).toBe(false);
  });

  it('messages that are not ours, or of unknown type, get no handler', async () => {
    const seen: unknown[] = [];
    expect(await dispatch(workerRoutes(seen), { type: 'task:result', data: result }, networkTop, ext())).toBeUndefined();
    expect(await dispatch(workerRoutes(seen), env('toString', {}), networkTop, ext())).toEqual({ refused: 'unknown message toString' });
    expect(seen).toEqual([]);
  });

  it('through runtime.onMessage: a foreign sender is answered with a refusal and the handler never runs', async () => {
    const handled = vi.fn(() => ({ ready: true as const }));
    listen<WorkerToContent>({ ping: { allow: isOwnWorker, handle: handled } });
    const answer = (sender: SenderLike) =>
      new Promise((resolve) => void (fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>)(env("ping", {}), sender, resolve));
    expect(await answer({ id: 'another-extension', url: 'chrome-extension://another-extension/background.js' })).toEqual({ refused: 'sender not allowed' });
    expect(handled).not.toHaveBeenCalled();
    expect(await answer(worker)).toEqual({ ready: true });
    expect(handled).toHaveBeenCalledTimes(1);
  });
});
