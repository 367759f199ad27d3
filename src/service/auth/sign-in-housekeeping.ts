import type { ServiceContext } from '../context.js';
import { deleteExpiredRetiredKeys } from '../teams/api-keys.js';
import { deleteSpentOtps } from './otp-store.js';
import { deleteEndedCounts } from './rate-counters.js';

/**
 * Deletes what sign-in no longer needs: spent code rows (expired or used, their throttle over),
 * counts of ended windows, and rotated-out keys past RETIRED_KEY_HOURS. A background job (jobs.ts);
 * safe on several instances at once.
 */
export async function pruneSignInRows(
  ctx: Pick<ServiceContext, 'db' | 'log' | 'config'>,
): Promise<{ codes: number; counts: number; retiredKeys: number }> {
  const codes = await deleteSpentOtps(ctx.db);
  const counts = await deleteEndedCounts(ctx.db);
  const retiredKeys = await deleteExpiredRetiredKeys(ctx.db, ctx.config.RETIRED_KEY_HOURS);
  if (codes + counts + retiredKeys > 0)
    ctx.log.info('sign_in_rows_pruned', { codes, counts, retired_keys: retiredKeys });
  return { codes, counts, retiredKeys };
}
