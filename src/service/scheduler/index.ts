export { planWatchlistNow } from './plan-now.js';
export { schedulerTick, SCHEDULER_LOCK_KEY, type TickResult } from './tick.js';
export { runSchedulerWhenDue } from './scheduler-job.js';
