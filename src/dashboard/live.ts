import type { ChangeKind } from '../contract/live-events.js';
import { rejectSession } from './api.js';
import { SseParser } from './sse-parser.js';
import type { Session } from './session.js';

/**
 * The dashboard follows GET /api-events: the stream names what changed and the page
 * fetches those kinds again, so nobody presses Refresh. The stream is read with `fetch` (the key
 * goes as a header, which EventSource cannot send). When it cannot be had, the page polls every
 * kind every 15 s and keeps trying to reconnect, waiting longer each time (1 s, 2 s, 4 s … 60 s).
 */

export type LiveState = 'connecting' | 'live' | 'reconnecting';

const ALL_KINDS: ChangeKind[] = [
  'tasks',
  'posts',
  'watchlists',
  'members',
  'invitations',
  'inbox',
  'sequences',
];
const POLL_EVERY_MS = 15_000;
const FIRST_BACKOFF_MS = 1_000;
const MAX_BACKOFF_MS = 60_000;
/** Silence longer than this (the service writes a keep-alive every 15 s) means the stream is dead. */
const SILENCE_MS = 45_000;

interface LiveHandlers {
  /** Fetch these kinds again. All of them when the stream (re)starts or while polling. */
  changed(kinds: ChangeKind[]): void;
  state(state: LiveState): void;
}

export function followChanges(session: Session, on: LiveHandlers): { stop(): void } {
  let stopped = false;
  let controller: AbortController | null = null;
  let poller: ReturnType<typeof setInterval> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let backoff = FIRST_BACKOFF_MS;

  const startPolling = () => {
    poller ??= setInterval(() => on.changed(ALL_KINDS), POLL_EVERY_MS);
  };
  const stopPolling = () => {
    clearInterval(poller);
    poller = undefined;
  };

  async function connect(): Promise<void> {
    const mine = new AbortController();
    controller = mine;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(silence);
      silence = setTimeout(() => mine.abort(), SILENCE_MS);
    };
    const parser = new SseParser();
    let wasLive = false;
    try {
      heard();
      const res = await fetch('/api-events', {
        // With the member's token, a key rotated meanwhile still opens the stream.
        headers: {
          'x-api-key': session.team.api_key,
          authorization: `Bearer ${session.agent_token}`,
          accept: 'text/event-stream',
        },
        credentials: 'omit',
        cache: 'no-store',
        signal: mine.signal,
      });
      if (res.status === 401) {
        rejectSession(session, await errorOf(res));
        stopped = true;
        return;
      }
      if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        heard();
        for (const event of parser.push(value)) {
          if (event.event === 'ready') {
            wasLive = true;
            backoff = FIRST_BACKOFF_MS;
            stopPolling();
            on.state('live');
            // Whatever happened while we were away: fetch everything once.
            on.changed(ALL_KINDS);
          } else if (event.event === 'change') {
            const kinds = readKinds(event.data);
            if (kinds.length) on.changed(kinds);
          }
        }
      }
    } catch {
      // Dropped, refused or silent: handled below like an end.
    } finally {
      clearTimeout(silence);
    }
    if (stopped) return;
    if (wasLive) {
      // The service ends each stream after 10 minutes on purpose: open the next one at once,
      // after the delay it asked for (its `retry`).
      schedule(parser.retryMs ?? 2_000);
    } else {
      on.state('reconnecting');
      startPolling();
      schedule(backoff);
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }

  function schedule(ms: number) {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (!stopped) void connect();
    }, ms);
  }

  on.state('connecting');
  void connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(retry);
      stopPolling();
      controller?.abort();
    },
  };
}

function readKinds(data: string): ChangeKind[] {
  try {
    const kinds = (JSON.parse(data) as { kinds?: unknown }).kinds;
    return Array.isArray(kinds)
      ? kinds.filter((k): k is ChangeKind => (ALL_KINDS as string[]).includes(k))
      : [];
  } catch {
    return [];
  }
}

async function errorOf(res: Response): Promise<string> {
  try {
    return ((await res.json()) as { error?: string }).error ?? `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}
