import type { ServiceContext } from '../context.js';
import { composeAnnouncements } from './compose.js';
import { deliverDue } from './deliver.js';

/** The background job (jobs.ts): announce finished cycles, then send what is due. */
export async function runSlackDelivery(ctx: ServiceContext): Promise<void> {
  await composeAnnouncements(ctx.db);
  await deliverDue(ctx);
}
