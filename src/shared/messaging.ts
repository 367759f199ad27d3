import { browser } from 'wxt/browser';
import type { Protocol, ToWorker, WorkerToContent } from './protocol.js';
import type { OwnExtension, SenderLike } from './sender-checks.js';

/**
 * A small typed wrapper over runtime/tabs messaging. Every route names the sender it accepts and
 * how its payload is checked, and the dispatcher runs both before the handler sees anything: the
 * sender check first (the browser stamps the sender; a page cannot forge it), then the payload
 * check, which answers the payload typed or refuses it. A route without either cannot be written,
 * and nothing is cast on the way (Bitwarden's browser messaging does the same). We use our own
 * wrapper rather than @webext-core/messaging because both checks must sit in front of every
 * handler, not inside each.
 */

interface Envelope {
  /** Marks our messages; anything else on the channel is not ours and gets no answer. */
  na: 1;
  type: string;
  data: unknown;
}

export type SenderCheck = (sender: SenderLike, ext: OwnExtension) => boolean;

/** A payload check: the payload typed, or why it is refused. */
export type PayloadCheck<T> = (
  data: unknown,
) => { ok: true; data: T } | { ok: false; error: string };

export interface Route<Req, Res> {
  allow: SenderCheck;
  check: PayloadCheck<Req>;
  handle: (data: Req, sender: SenderLike) => Promise<Res> | Res;
}

export type Routes<P extends Protocol<P>> = { [K in keyof P]?: Route<P[K]['req'], P[K]['res']> };

export function ownExtension(): OwnExtension {
  return {
    id: browser.runtime.id,
    baseUrl: (browser.runtime as unknown as { getURL(path: string): string }).getURL('/'),
  };
}

type Refusal = { refused: string };

const who = (sender: SenderLike) => sender.url ?? sender.id ?? 'an unknown sender';

/**
 * Routes one incoming message: undefined at once when it is not ours (not an envelope); else a
 * promise of a refusal, logged, when its type is unknown, its sender not allowed or its payload
 * malformed, or of the handler's answer.
 */
export function dispatch<P extends Protocol<P>>(
  routes: Routes<P>,
  message: unknown,
  sender: SenderLike,
  ext: OwnExtension,
  log: (msg: string) => void = console.warn,
): Promise<unknown> | undefined {
  if (!message || typeof message !== 'object' || (message as Envelope).na !== 1) return undefined;
  const type = (message as Envelope).type;
  const route =
    typeof type === 'string' && Object.hasOwn(routes, type) ? routes[type as keyof P] : undefined;
  const refuse = async (why: string): Promise<Refusal> => {
    log(`Refused ${String(type)} from ${who(sender)}: ${why}`);
    return { refused: why };
  };
  if (!route) return refuse(`unknown message ${String(type)}`);
  if (!route.allow(sender, ext)) return refuse('sender not allowed');
  const payload = route.check((message as Envelope).data);
  if (!payload.ok) return refuse(`malformed ${type}: ${payload.error}`);
  return (async () => route.handle(payload.data, sender))();
}

/** Listens on runtime.onMessage in this context; answers through sendResponse (works in every browser). */
export function listen<P extends Protocol<P>>(routes: Routes<P>): () => void {
  const listener = (message: unknown, sender: SenderLike, sendResponse: (r: unknown) => void) => {
    const answer = dispatch(routes, message, sender, ownExtension());
    if (!answer) return false;
    answer.then(sendResponse, (err: unknown) =>
      sendResponse({
        refused: `handler failed: ${err instanceof Error ? err.message : String(err)}`,
      }),
    );
    return true;
  };
  browser.runtime.onMessage.addListener(
    listener as Parameters<typeof browser.runtime.onMessage.addListener>[0],
  );
  return () =>
    browser.runtime.onMessage.removeListener(
      listener as Parameters<typeof browser.runtime.onMessage.removeListener>[0],
    );
}

function unwrap<T>(answer: unknown, type: string): T {
  if (answer === undefined) throw new Error(`No answer to ${type}`);
  if (answer && typeof answer === 'object' && 'refused' in answer)
    throw new Error(`${type} refused: ${(answer as Refusal).refused}`);
  return answer as T;
}

/** Content script or popup -> worker. */
export async function sendToWorker<K extends keyof ToWorker & string>(
  type: K,
  data: ToWorker[K]['req'],
): Promise<ToWorker[K]['res']> {
  const envelope: Envelope = { na: 1, type, data };
  return unwrap(await browser.runtime.sendMessage(envelope), type);
}

/**
 * How long the worker waits for a tab's answer. The content script answers these at once (a task's
 * result comes later, as its own message), except the session read, which asks the network. A tab
 * that never answers (a page frozen or mid-navigation) must not hold the worker's loop.
 */
const TAB_ANSWER_WITHIN_MS: { [K in keyof WorkerToContent]: number } = {
  ping: 10_000,
  'task:start': 10_000,
  'task:cancel': 10_000,
  'session:read': 90_000,
};

/** Worker -> the content script in the top frame (frameId 0) of one tab. */
export async function sendToTab<K extends keyof WorkerToContent & string>(
  tabId: number,
  type: K,
  data: WorkerToContent[K]['req'],
): Promise<WorkerToContent[K]['res']> {
  const envelope: Envelope = { na: 1, type, data };
  const within = TAB_ANSWER_WITHIN_MS[type];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silence = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer to ${type} from the tab within ${within / 1000} s`)),
      within,
    );
  });
  try {
    const answer = await Promise.race([
      browser.tabs.sendMessage(tabId, envelope, { frameId: 0 }),
      silence,
    ]);
    return unwrap(answer, type);
  } finally {
    clearTimeout(timer);
  }
}
