import type { ServiceContext } from './context.js';
import { sweepExpiredLeases } from './tasks/sweep-leases.js';
import { runSchedulerWhenDue } from './scheduler/index.js';
import { runSlackDelivery } from './slack/slack-job.js';
import { resumePendingPrompts } from './watchlists/prompt-jobs.js';

/** One periodic job: a name for the logs, how often, and the work. */
export interface BackgroundJob {
  name: string;
  everyMs: number;
  run(ctx: ServiceContext): Promise<unknown>;
}

/**
 * Periodic work of a running service (lease-expiry sweep, scheduler). Each job is idempotent and
 * safe to run on several instances at once. Add a job by adding an entry here.
 */
export const BACKGROUND_JOBS: BackgroundJob[] = [
  // A lease is 120 s; sweeping every 5 s returns a lost agent's task within seconds of expiry.
  { name: 'sweep_expired_leases', everyMs: 5_000, run: (ctx) => sweepExpiredLeases(ctx.db, ctx.signals) },
  // Checks every second; plans once SCHEDULER_INTERVAL_S has passed (scheduler/scheduler-job.ts).
  { name: 'scheduler', everyMs: 1_000, run: runSchedulerWhenDue },
  { name: 'slack_delivery', everyMs: 5_000, run: runSlackDelivery },
  // Prompt generations whose instance stopped (restart) are taken up within seconds of start-up.
  { name: 'resume_prompt_watchlists', everyMs: 5_000, run: resumePendingPrompts },
];

export function startBackgroundJobs(ctx: ServiceContext, jobs: BackgroundJob[] = BACKGROUND_JOBS): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    const tick = () => {
      // A slow run (a busy database) is never overlapped by the next one.
      if (busy || stopped) return;
      busy = true;
      const p = job
        .run(ctx)
        .catch((err: Error) => ctx.log.error('background_job_failed', { job: job.name, message: err.message }))
        .finally(() => {
          busy = false;
          running.delete(p);
        });
      running.add(p);
    };
    timers.push(setInterval(tick, job.everyMs));
  }
  return {
    /** Stops the timers and waits for runs in progress, so the database can be closed after. */
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      await Promise.all(running);
    },
  };
}
