import type { ServiceContext } from '../context.js';
import { schedulerTick } from './tick.js';

const lastTick = new WeakMap<ServiceContext, number>();

/**
 * The background job's run (jobs.ts calls it every second): ticks once SCHEDULER_INTERVAL_S has
 * passed since this instance's last tick, so the interval stays a setting of the running service.
 */
export async function runSchedulerWhenDue(ctx: ServiceContext): Promise<void> {
  const last = lastTick.get(ctx);
  if (last !== undefined && Date.now() - last < ctx.config.SCHEDULER_INTERVAL_S * 1000) return;
  lastTick.set(ctx, Date.now());
  const r = await schedulerTick(ctx);
  // More were due than one tick plans: the next run (a second later) ticks again.
  if (r.more) lastTick.delete(ctx);
  if (r.planned.length > 0)
    ctx.log.info('scheduler_planned', { watchlists: r.planned.length, tasks: r.queued });
}
