import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { CONTENT_TO_WORKER, POPUP_TO_WORKER } from '../../../src/contract/extension-messages.js';
import {
  dispatch,
  listen,
  ownExtension,
  type PayloadCheck,
  type Routes,
} from '../../../src/shared/messaging.js';
import {
  isNetworkTopFrame,
  isOwnExtensionPage,
  isOwnWorker,
  type SenderLike,
} from '../../../src/shared/sender-checks.js';
import type { ToWorker, WorkerToContent } from '../../../src/shared/protocol.js';
import { workerRoutes as realWorkerRoutes } from '../../../src/agent/worker-routes.js';
import type { AgentContext } from '../../../src/agent/context.js';

/**
 * Every message between the extension's parts: the sender the browser stamped is checked first,
 * then (for messages to the worker) the payload against its schema; only then does a handler run.
 */

beforeEach(() => fakeBrowser.reset());

const ext = () => ownExtension();
const ID = 'test-extension-id';
const popup: SenderLike = { id: ID, url: `chrome-extension://${ID}/popup.html` };
const worker: SenderLike = { id: ID, url: `chrome-extension://${ID}/background.js` };
const networkTop: SenderLike = {
  id: ID,
  url: 'https://www.linkedin.com/feed/',
  frameId: 0,
  tab: { id: 7, url: 'https://www.linkedin.com/feed/' },
};

const result = {
  task_id: 't',
  attempt: 1,
  type: 'agent_like_post' as const,
  result: { ok: true as const, output: { liked: true } },
};
const env = (type: string, data: unknown) => ({ na: 1, type, data });

/** The schema check the worker uses, from the same schemas. */
function schema<K extends keyof ToWorker>(type: K): PayloadCheck<ToWorker[K]['req']> {
  const s = (
    { ...CONTENT_TO_WORKER, ...POPUP_TO_WORKER } as Record<
      string,
      { safeParse(d: unknown): { success: boolean; data?: unknown } }
    >
  )[type]!;
  return (d) => {
    const r = s.safeParse(d);
    return r.success
      ? { ok: true, data: r.data as ToWorker[K]['req'] }
      : { ok: false, error: 'invalid' };
  };
}

function workerRoutes(seen: unknown[]): Routes<Pick<ToWorker, 'task:result' | 'popup:set-paused'>> {
  return {
    'task:result': {
      allow: isNetworkTopFrame,
      check: schema('task:result'),
      handle: (d) => {
        seen.push(d);
        return { journaled: true };
      },
    },
    'popup:set-paused': {
      allow: isOwnExtensionPage,
      check: schema('popup:set-paused'),
      handle: (d) => {
        seen.push(d);
        return { ok: true as const };
      },
    },
  };
}

describe('sender checks', () => {
  it("the worker takes a result only from our content script in a network tab's top frame", async () => {
    const seen: unknown[] = [];
    const routes = workerRoutes(seen);
    const log = vi.fn();
    expect(
      await dispatch<ToWorker>(routes, env('task:result', result), networkTop, ext(), log),
    ).toEqual({ journaled: true });
    const foreign: SenderLike[] = [
      { ...networkTop, id: 'another-extension' },
      { ...networkTop, frameId: 3 },
      { ...networkTop, url: 'https://evil.example/', tab: { id: 7, url: 'https://evil.example/' } },
      {
        ...networkTop,
        url: 'https://www.linkedin.com.evil.example/',
        tab: { id: 7, url: 'https://www.linkedin.com.evil.example/' },
      },
      {
        url: 'https://www.linkedin.com/feed/',
        frameId: 0,
        tab: { id: 7, url: 'https://www.linkedin.com/feed/' },
      },
      popup,
    ];
    for (const sender of foreign) {
      expect(
        await dispatch<ToWorker>(routes, env('task:result', result), sender, ext(), log),
      ).toEqual({ refused: 'sender not allowed' });
    }
    expect(seen).toHaveLength(1);
    expect(log).toHaveBeenCalledTimes(foreign.length);
  });

  it('popup commands come only from our extension pages, never from a content script', async () => {
    const seen: unknown[] = [];
    const routes = workerRoutes(seen);
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:set-paused', { paused: true }),
        popup,
        ext(),
        () => {},
      ),
    ).toEqual({ ok: true });
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:set-paused', { paused: true }),
        networkTop,
        ext(),
        () => {},
      ),
    ).toEqual({ refused: 'sender not allowed' });
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:set-paused', { paused: true }),
        { id: 'other', url: 'chrome-extension://other/popup.html' },
        ext(),
        () => {},
      ),
    ).toEqual({
      refused: 'sender not allowed',
    });
    expect(seen).toEqual([{ paused: true }]);
  });

  it('the content script accepts messages only from our worker', () => {
    expect(isOwnWorker(worker, ext())).toBe(true);
    expect(
      isOwnWorker(
        { id: ID, url: 'moz-extension://x/_generated_background_page.html' },
        { id: ID, baseUrl: 'moz-extension://x/' },
      ),
    ).toBe(true);
    expect(isOwnWorker(popup, ext())).toBe(false);
    expect(isOwnWorker(networkTop, ext())).toBe(false);
    expect(isOwnWorker({ ...worker, id: 'another-extension' }, ext())).toBe(false);
    expect(isOwnWorker({ id: ID, url: 'chrome-extension://another/background.js' }, ext())).toBe(
      false,
    );
  });

  it('messages that are not ours, or of unknown type, get no handler', async () => {
    const seen: unknown[] = [];
    expect(
      await dispatch(workerRoutes(seen), { type: 'task:result', data: result }, networkTop, ext()),
    ).toBeUndefined();
    expect(
      await dispatch(workerRoutes(seen), env('toString', {}), networkTop, ext(), () => {}),
    ).toEqual({ refused: 'unknown message toString' });
    expect(seen).toEqual([]);
  });

  it('through runtime.onMessage: a foreign sender is answered with a refusal and the handler never runs', async () => {
    const handled = vi.fn(() => ({ ready: true as const, busy: [] }));
    listen<WorkerToContent>({
      ping: {
        allow: isOwnWorker,
        check: (d) => ({ ok: true, data: d as Record<string, never> }),
        handle: handled,
      },
    });
    const answer = (sender: SenderLike) =>
      new Promise(
        (resolve) =>
          void (fakeBrowser.runtime.onMessage.trigger as (...args: unknown[]) => Promise<unknown>)(
            env('ping', {}),
            sender,
            resolve,
          ),
      );
    expect(
      await answer({
        id: 'another-extension',
        url: 'chrome-extension://another-extension/background.js',
      }),
    ).toEqual({ refused: 'sender not allowed' });
    expect(handled).not.toHaveBeenCalled();
    expect(await answer(worker)).toEqual({ ready: true, busy: [] });
    expect(handled).toHaveBeenCalledTimes(1);
  });
});

describe('payload checks of the worker', () => {
  // The worker's own routes, with a context whose parts must never be reached by a refused message.
  const unreachable = () => {
    throw new Error('a refused message reached a handler');
  };
  const ctx = {
    clock: { now: () => Date.now() },
    journal: new Proxy({}, { get: unreachable }),
    client: unreachable,
    kick: unreachable,
  } as unknown as AgentContext;
  const routes = realWorkerRoutes(ctx);

  it('every message to the worker has a route with a schema', () => {
    expect(Object.keys(routes).sort()).toEqual(
      Object.keys({ ...CONTENT_TO_WORKER, ...POPUP_TO_WORKER }).sort(),
    );
  });

  it('a malformed result from the content script is refused and logged, never handled', async () => {
    const malformed = [
      { ...result, attempt: 'one' },
      { ...result, type: 'agent_unknown' },
      { ...result, result: { ok: true, output: 'not an object' } },
      {
        ...result,
        result: { ok: false, error: { code: 'no_such_code', message: 'x', retryable: false } },
      },
      { ...result, result: { ok: false, error: { code: 'timeout', message: 'x' } } },
      { ...result, extra: 'field' },
      'a string',
      null,
    ];
    for (const data of malformed) {
      const log = vi.fn();
      const answer = (await dispatch<ToWorker>(
        routes,
        env('task:result', data),
        networkTop,
        ext(),
        log,
      )) as { refused: string };
      expect(answer.refused, JSON.stringify(data)).toMatch(/^malformed task:result: /);
      expect(log).toHaveBeenCalledWith(
        expect.stringMatching(
          /^Refused task:result from https:\/\/www\.linkedin\.com\/feed\/: malformed/,
        ),
      );
    }
  });

  it('a malformed popup command is refused, naming what is wrong', async () => {
    const log = vi.fn();
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:set-paused', { paused: 'yes' }),
        popup,
        ext(),
        log,
      ),
    ).toEqual({
      refused:
        'malformed popup:set-paused: paused: Invalid input: expected boolean, received string',
    });
    expect(
      await dispatch<ToWorker>(routes, env('popup:set-safe-mode', {}), popup, ext(), log),
    ).toMatchObject({ refused: expect.stringMatching(/^malformed popup:set-safe-mode: enabled/) });
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:send-code', { service_url: 'http://x', email: 'a@b.c' }),
        popup,
        ext(),
        log,
      ),
    ).toMatchObject({ refused: expect.stringMatching(/full_name/) });
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:verify-code', { otp: '1'.repeat(100) }),
        popup,
        ext(),
        log,
      ),
    ).toMatchObject({
      refused: expect.stringMatching(/^malformed popup:verify-code: otp: Too big/),
    });
    expect(
      await dispatch<ToWorker>(
        routes,
        env('popup:sign-out', { everything: true }),
        popup,
        ext(),
        log,
      ),
    ).toMatchObject({ refused: expect.stringMatching(/Unrecognized key/) });
    expect(log).toHaveBeenCalledTimes(5);
  });
});
