export { planWatchlistNow } from './plan-now.js';
export { planDueWatchlists, schedulerTick, type TickResult } from './tick.js';
export { runSchedulerWhenDue } from './scheduler-job.js';
