/**
 * Time and chance, injected: the worker uses the real ones, unit tests pass their own so that
 * pacing (30 to 60 s gaps), cool-downs (hours, days) and backoff are checked without waiting.
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or at once when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
  /** A number in [0, 1), for jitter. */
  random(): number;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(done, Math.max(0, ms));
      signal?.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
    }),
  random: () => Math.random(),
};

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
