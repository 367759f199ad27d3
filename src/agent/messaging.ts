import { browser } from 'wxt/browser';
import type { ToWorker, WorkerToContent } from './protocol.js';
import type { OwnExtension, SenderLike } from './sender-checks.js';

/**
 * A small typed wrapper over runtime/tabs messaging. Every handler is registered together with the
 * sender check it requires, and the dispatcher runs that check before the handler sees the payload:
 * a handler without a check cannot be written. (We use our own wrapper rather than
 * @webext-core/messaging because the check must sit in front of every handler, not inside each.)
 */

type Protocol<P> = { [K in keyof P]: { req: unknown; res: unknown } };

interface Envelope {
  /** Marks our messages; anything else on the channel is not ours and gets no answer. */
  na: 1;
  type: string;
  data: unknown;
}

export type SenderCheck = (sender: SenderLike, ext: OwnExtension) => boolean;

export type Routes<P extends Protocol<P>> = {
  [K in keyof P]?: { allow: SenderCheck; handle: (data: P[K]['req'], sender: SenderLike) => Promise<P[K]['res']> | P[K]['res'] };
};

export function ownExtension(): OwnExtension {
  return { id: browser.runtime.id, baseUrl: (browser.runtime as unknown as { getURL(path: string): string }).getURL('/') };
}

export type Refusal = { refused: string };

/**
 * Routes one incoming message: undefined when it is not ours (not an envelope), a refusal when its
 * sender is not allowed or its type is unknown, else the handler's answer.
 */
export async function dispatch<P extends Protocol<P>>(
  routes: Routes<P>,
  message: unknown,
  sender: SenderLike,
  ext: OwnExtension,
  log: (msg: string) => void = console.warn,
): Promise<unknown> {
  if (!message || typeof message !== 'object' || (message as Envelope).na !== 1) return undefined;
  const type = (message as Envelope).type;
  const route = typeof type === 'string' && Object.hasOwn(routes, type) ? routes[type as keyof P] : undefined;
  if (!route) return { refused: `unknown message ${String(type)}` } satisfies Refusal;
  if (!route.allow(sender, ext)) {
    log(`Refused ${type} from ${sender.url ?? sender.id ?? 'an unknown sender'}`);
    return { refused: 'sender not allowed' } satisfies Refusal;
  }
  return route.handle((message as Envelope).data as P[keyof P]['req'], sender);
}

/** Listens on runtime.onMessage in this context; answers through sendResponse (works in every browser). */
export function listen<P extends Protocol<P>>(routes: Routes<P>): () => void {
  const listener = (message: unknown, sender: SenderLike, sendResponse: (r: unknown) => void) => {
    if (!message || typeof message !== 'object' || (message as Envelope).na !== 1) return false;
    dispatch(routes, message, sender, ownExtension()).then(sendResponse, (err: unknown) =>
      sendResponse({ refused: `handler failed: ${err instanceof Error ? err.message : String(err)}` }),
    );
    return true;
  };
  browser.runtime.onMessage.addListener(listener as Parameters<typeof browser.runtime.onMessage.addListener>[0]);
  return () => browser.runtime.onMessage.removeListener(listener as Parameters<typeof browser.runtime.onMessage.removeListener>[0]);
}

function unwrap<T>(answer: unknown, type: string): T {
  if (answer === undefined) throw new Error(`No answer to ${type}`);
  if (answer && typeof answer === 'object' && 'refused' in answer) throw new Error(`${type} refused: ${(answer as Refusal).refused}`);
  return answer as T;
}

/** Content script or popup -> worker. */
export async function sendToWorker<K extends keyof ToWorker & string>(type: K, data: ToWorker[K]['req']): Promise<ToWorker[K]['res']> {
  const envelope: Envelope = { na: 1, type, data };
  return unwrap(await browser.runtime.sendMessage(envelope), type);
}

/** Worker -> the content script in the top frame (frameId 0) of one tab. */
export async function sendToTab<K extends keyof WorkerToContent & string>(
  tabId: number,
  type: K,
  data: WorkerToContent[K]['req'],
): Promise<WorkerToContent[K]['res']> {
  const envelope: Envelope = { na: 1, type, data };
  return unwrap(await browser.tabs.sendMessage(tabId, envelope, { frameId: 0 }), type);
}
