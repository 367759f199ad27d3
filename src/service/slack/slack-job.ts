import type { ServiceContext } from '../context.js';
import { composeAnnouncements } from './compose.js';
import { deliverDue, startDue } from './deliver.js';

/** Announces finished cycles, then sends what is due and waits for the answers (tests, a one-off run). */
export async function runSlackDelivery(ctx: ServiceContext): Promise<void> {
  await composeAnnouncements(ctx.db);
  await deliverDue(ctx);
}

/**
 * The background job (jobs.ts): announces finished cycles, then starts every due message it has
 * room for, each on its own, and returns without waiting for any: a slow webhook never holds the
 * next run, so another watchlist's message due meanwhile goes out at once.
 */
export async function startSlackDelivery(ctx: ServiceContext): Promise<void> {
  await composeAnnouncements(ctx.db);
  for (let batch = 0; batch < 10; batch++) {
    const started = await startDue(ctx);
    if (started.length === 0) return;
  }
}
