import type { ServiceContext } from '../context.js';
import { deleteSpentOtps } from './otp-store.js';
import { deleteEndedCounts } from './rate-counters.js';

/**
 * Deletes what sign-in no longer needs: spent code rows (expired or used, their throttle over) and
 * counts of ended windows. A background job (jobs.ts); safe on several instances at once.
 */
export async function pruneSignInRows(
  ctx: Pick<ServiceContext, 'db' | 'log'>,
): Promise<{ codes: number; counts: number }> {
  const codes = await deleteSpentOtps(ctx.db);
  const counts = await deleteEndedCounts(ctx.db);
  if (codes + counts > 0) ctx.log.info('sign_in_rows_pruned', { codes, counts });
  return { codes, counts };
}
