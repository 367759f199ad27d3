import type { ServiceContext } from '../context.js';
import { startDueWebhooks } from './deliver.js';

/**
 * The background job (jobs.ts): starts every due delivery it has room for, each on its own, and
 * returns without waiting for any: a receiver that is slow to answer never holds the next run, so
 * another team's delivery due meanwhile goes out at once.
 */
export async function runWebhookDelivery(ctx: ServiceContext): Promise<void> {
  for (let batch = 0; batch < 10; batch++) {
    const started = await startDueWebhooks(ctx);
    if (started.length === 0) return;
  }
}
