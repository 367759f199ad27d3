import type { ServiceContext } from './context.js';
import type { Config } from './config.js';
import { sweepExpiredLeases } from './tasks/sweep-leases.js';
import { runSchedulerWhenDue } from './scheduler/index.js';
import { startSlackDelivery } from './slack/slack-job.js';
import { resumePendingPrompts } from './watchlists/prompt-jobs.js';
import { runWebhookDelivery } from './webhooks/job.js';
import { tidyEmbeddedDatabase } from './db/housekeeping.js';
import { runRelationshipSync } from './relationships/sync.js';
import { withdrawOldInvitations } from './relationships/withdraw-old-invitations.js';
import { pruneUseByHour } from './budgets/usage.js';
import { advanceSequences } from './sequences/engine.js';
import { pruneSignInRows } from './auth/sign-in-housekeeping.js';
import { expireApprovals } from './approvals/expire.js';
import { sendWeeklySummaries } from './summary/weekly-summary-job.js';
import { HEALTH_DUE_CHANNEL, refreshAccountHealth } from './budgets/health-job.js';
import { classifyReplies } from './ai/classify-job.js';
import { draftSequenceMessages } from './sequences/draft-step.js';
import { COMMENT_DRAFTS_DUE, draftWatchlistComments } from './watchlists/comment-drafts.js';

/** One periodic job: a name for the logs, how often (fixed, or from the service's settings), and the work. */
export interface BackgroundJob {
  name: string;
  everyMs: number | ((config: Config) => number);
  run(ctx: ServiceContext): Promise<unknown>;
  /** A NOTIFY channel that runs the job at once (work that waits for an event, not for the clock). */
  wakeOn?: string;
}

/**
 * Periodic work of a running service (lease-expiry sweep, scheduler). Each job is idempotent and
 * safe to run on several instances at once. Add a job by adding an entry here.
 */
export const BACKGROUND_JOBS: BackgroundJob[] = [
  // A lease is 120 s; sweeping every 5 s returns a lost agent's task within seconds of expiry.
  {
    name: 'sweep_expired_leases',
    everyMs: 5_000,
    run: (ctx) => sweepExpiredLeases(ctx.db, ctx.signals),
  },
  // Checks every second; plans once SCHEDULER_INTERVAL_S has passed (scheduler/scheduler-job.ts).
  { name: 'scheduler', everyMs: 1_000, run: runSchedulerWhenDue },
  { name: 'slack_delivery', everyMs: 5_000, run: startSlackDelivery },
  // Prompt generations whose instance stopped (restart) are taken up within seconds of start-up.
  { name: 'resume_prompt_watchlists', everyMs: 5_000, run: resumePendingPrompts },
  // A task's end or a filing notifies `webhook_ready`: delivered within the second; retries by the clock.
  { name: 'webhook_delivery', everyMs: 5_000, run: runWebhookDelivery, wakeOn: 'webhook_ready' },
  // Each member is due every RELATIONSHIP_SYNC_INTERVAL_S (relationships/sync.ts); looking is one small query.
  // An interval set shorter than the 15 s look (tests) is looked at as often as it says.
  {
    name: 'relationship_sync',
    everyMs: (config) => Math.min(15_000, config.RELATIONSHIP_SYNC_INTERVAL_S * 1000),
    run: (ctx) => runRelationshipSync(ctx),
  },
  // Each message another person wrote is sorted by the team's model, beside the sync and never in
  // its path (ai/classify-job.ts); without LLM_API_URL a run does nothing.
  { name: 'reply_classification', everyMs: 5_000, run: classifyReplies },
  // Keyword watchlists with draft_comments: a comment drafted on each new post worth it, held for
  // approval (watchlists/comment-drafts.ts); a collection that files posts wakes it.
  {
    name: 'watchlist_comment_drafts',
    everyMs: 60_000,
    run: draftWatchlistComments,
    wakeOn: COMMENT_DRAFTS_DUE,
  },
  // Pending invitations older than the team's withdraw_pending_after_days are withdrawn by their
  // senders, within the withdrawal budget and working hours (relationships/withdraw-old-invitations.ts).
  {
    name: 'withdraw_old_invitations',
    everyMs: 300_000,
    run: (ctx) => withdrawOldInvitations(ctx),
  },
  // The budgets' hourly use counts older than the week's window are never read again.
  { name: 'prune_budget_use', everyMs: 3_600_000, run: (ctx) => pruneUseByHour(ctx.db) },
  // Follows each enrolled person's step tasks and queues the next step when it is due (sequences/engine.ts).
  // A step's task ending, or the sync's connections read, wakes it at once (migration 022); the clock
  // serves the delays, checked at least once a sequence hour (SEQUENCE_HOUR_S, shortened by tests).
  {
    name: 'sequences',
    everyMs: (config) => Math.min(5_000, config.SEQUENCE_HOUR_S * 1000),
    run: (ctx) => advanceSequences(ctx),
    wakeOn: 'sequence_wakeup',
  },
  // Message steps with a `draft`: the team's model writes each person's message, held for approval
  // (sequences/draft-step.ts); outside the engine's transaction, so a slow model holds no lock.
  {
    name: 'sequence_drafts',
    everyMs: (config) => Math.min(5_000, config.SEQUENCE_HOUR_S * 1000),
    run: draftSequenceMessages,
  },
  // Each member's account health (budgets/health-job.ts): at once when a limit or challenge is
  // reported, else every HEALTH_RECHECK_MINUTES; a look with nobody due is one small query.
  {
    name: 'account_health',
    everyMs: 30_000,
    run: (ctx) => refreshAccountHealth(ctx),
    wakeOn: HEALTH_DUE_CHANNEL,
  },
  // Writes from AI clients nobody approved in time end failed (approvals/expire.ts); one small query.
  { name: 'expire_approvals', everyMs: 60_000, run: (ctx) => expireApprovals(ctx.db) },
  // Each team with the weekly summary on gets last week's once, on any instance (summary/weekly-summary-job.ts).
  { name: 'weekly_summary', everyMs: 300_000, run: (ctx) => sendWeeklySummaries(ctx) },
  // Spent sign-in codes, the counts of ended limit windows and expired rotated-out keys
  // (auth/sign-in-housekeeping.ts).
  { name: 'prune_sign_in_rows', everyMs: 600_000, run: (ctx) => pruneSignInRows(ctx) },
  // PGlite has no autovacuum (db/housekeeping.ts); looking costs one small query.
  {
    name: 'tidy_embedded_database',
    everyMs: 10_000,
    run: (ctx) => tidyEmbeddedDatabase(ctx.db, ctx.log),
  },
];

export function startBackgroundJobs(
  ctx: ServiceContext,
  jobs: BackgroundJob[] = BACKGROUND_JOBS,
): { stop(): Promise<void> } {
  const timers: NodeJS.Timeout[] = [];
  const unlisten: Promise<() => Promise<void>>[] = [];
  const running = new Set<Promise<unknown>>();
  let stopped = false;
  for (const job of jobs) {
    let busy = false;
    let again = false;
    const tick = () => {
      // A slow run (a busy database) is never overlapped by the next one; a wake-up meanwhile runs it once more after.
      if (stopped) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      const p = job
        .run(ctx)
        .catch((err: Error) =>
          ctx.log.error('background_job_failed', { job: job.name, message: err.message }),
        )
        .finally(() => {
          busy = false;
          running.delete(p);
          if (again) {
            again = false;
            tick();
          }
        });
      running.add(p);
    };
    timers.push(
      setInterval(tick, typeof job.everyMs === 'function' ? job.everyMs(ctx.config) : job.everyMs),
    );
    if (job.wakeOn) unlisten.push(ctx.db.listen(job.wakeOn, tick));
  }
  return {
    /**
     * Stops the timers and waits for runs in progress and the deliveries they started (each ends
     * within the outbound deadline, at once when shutdown aborts them), so the database can be
     * closed after.
     */
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      for (const u of await Promise.all(unlisten)) await u();
      await Promise.all(running);
      await ctx.outbound.settle();
    },
  };
}
