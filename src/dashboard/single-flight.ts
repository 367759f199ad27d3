/**
 * A load that the live stream may ask for many times in a burst: one runs at a time, and calls
 * made meanwhile fold into one more run after it, so the page always ends on fresh data without
 * piling up requests (or drawing an older answer over a newer one).
 */
export function singleFlight(load: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  let again = false;
  const run = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await load();
        } while (again);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  return run;
}
