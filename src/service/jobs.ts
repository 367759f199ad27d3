import type { ServiceContext } from './context.js';

/**
 * Periodic work of a running service (lease-expiry sweep, scheduler). Each job is idempotent and
 * safe to run on several instances at once.
 */
export function startBackgroundJobs(ctx: ServiceContext): { stop(): void } {
  const timers: NodeJS.Timeout[] = [];
  void ctx;
  return {
    stop() {
      for (const t of timers) clearInterval(t);
    },
  };
}
