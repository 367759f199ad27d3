import type { ServiceContext } from '../context.js';
import { deliverDueWebhooks } from './deliver.js';

/** The background job (jobs.ts): sends due deliveries, batch after batch while any are due. */
export async function runWebhookDelivery(ctx: ServiceContext): Promise<void> {
  for (let batch = 0; batch < 10; batch++) {
    const run = await deliverDueWebhooks(ctx);
    if (run.delivered + run.retrying + run.failed === 0) return;
  }
}
