import type { keyedApi } from './relationship-events.js';

/** A sequence's enrollments as its route lists them (the first page). */
export async function sequenceEnrollments(
  api: ReturnType<typeof keyedApi>,
  sequenceId: string,
): Promise<any[]> {
  return (await api('GET', `/api-sequences/${sequenceId}/enrollments`)).body.enrollments;
}
