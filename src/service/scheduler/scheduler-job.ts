import type { ServiceContext } from '../context.js';
import { planDueWatchlists } from './tick.js';

const lastTick = new WeakMap<ServiceContext, number>();

/**
 * The background job's run (jobs.ts calls it every second): plans every due watchlist once
 * SCHEDULER_INTERVAL_S has passed since this instance last did, so the interval stays a setting of
 * the running service.
 */
export async function runSchedulerWhenDue(ctx: ServiceContext): Promise<void> {
  const last = lastTick.get(ctx);
  if (last !== undefined && Date.now() - last < ctx.config.SCHEDULER_INTERVAL_S * 1000) return;
  lastTick.set(ctx, Date.now());
  const r = await planDueWatchlists(ctx);
  if (r.planned > 0) ctx.log.info('scheduler_planned', { watchlists: r.planned, tasks: r.queued });
}
