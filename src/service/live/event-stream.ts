import type { SSEStreamingApi } from 'hono/streaming';
import {
  CHANGE_KINDS,
  type ChangeEvent,
  type ChangeKind,
  type ReadyEvent,
} from '../../contract/live-events.js';
import type { TeamChanges } from './team-changes.js';

/** A comment line this often keeps proxies (and the browser) from calling the stream idle. */
export const KEEP_ALIVE_S = 15;
/** Changes this close together go out as one event: a burst of tasks is one fetch, not fifty. */
const COALESCE_MS = 200;
/**
 * A stream ends after this long and the client opens a new one at once: credentials are checked
 * again (a rotated key stops streaming within this time) and no proxy holds one response forever.
 */
export const STREAM_LIFETIME_MS = 10 * 60_000;
/** How soon a client reconnects after the stream ends (the SSE `retry` field). */
const RECONNECT_MS = 2_000;

/** Writes one team's change events to `stream` until the client leaves, the lifetime ends or `stop` aborts. */
export async function streamTeamChanges(
  stream: SSEStreamingApi,
  changes: TeamChanges,
  teamId: string,
  stop: AbortSignal,
  { lifetimeMs = STREAM_LIFETIME_MS, keepAliveS = KEEP_ALIVE_S } = {},
): Promise<void> {
  const pending = new Set<ChangeKind>();
  let wake: (() => void) | null = null;
  const poke = () => {
    wake?.();
    wake = null;
  };
  let closed = false;
  const close = () => {
    closed = true;
    poke();
  };
  stream.onAbort(close);
  stop.addEventListener('abort', close, { once: true });
  const lifetime = setTimeout(close, lifetimeMs);
  let unsubscribe: (() => void) | undefined;
  try {
    unsubscribe = await changes.subscribe(teamId, (kind) => {
      pending.add(kind);
      poke();
    });
    const ready: ReadyEvent = { kinds: [...CHANGE_KINDS], keep_alive_s: keepAliveS };
    await stream.writeSSE({ event: 'ready', data: JSON.stringify(ready), retry: RECONNECT_MS });
    while (!closed && !stop.aborted) {
      if (pending.size === 0) {
        const waited = await new Promise<'change' | 'idle'>((resolve) => {
          const idle = setTimeout(() => resolve('idle'), keepAliveS * 1000);
          wake = () => {
            clearTimeout(idle);
            resolve('change');
          };
        });
        if (waited === 'idle' && !closed) await stream.write(': keep-alive\n\n');
        continue;
      }
      await new Promise((r) => setTimeout(r, COALESCE_MS));
      const change: ChangeEvent = { kinds: CHANGE_KINDS.filter((k) => pending.has(k)) };
      pending.clear();
      if (!closed) await stream.writeSSE({ event: 'change', data: JSON.stringify(change) });
    }
  } finally {
    clearTimeout(lifetime);
    stop.removeEventListener('abort', close);
    unsubscribe?.();
  }
}
