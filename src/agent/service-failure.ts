import { agentStateItem, patchState } from './agent-state.js';
import type { Clock } from './clock.js';
import type { AgentContext } from './context.js';
import { clearCredentials, getCredentials, type Credentials } from './credentials.js';
import { deliverDue } from './delivery.js';
import { ServiceError, ServiceUnreachable, type ServiceClient } from './service-client.js';
import { serviceAddressProblem } from '../shared/default-service-url.js';

/**
 * What a failed service call means for the worker and the popup. A 401 means our token or key is no
 * longer valid (revoked, expired, the member removed): the credentials go and nothing calls the
 * service until the member signs in again. A 503 or 429 means the service is busy: nothing calls it
 * before its Retry-After has passed.
 */

/** The wait after a 503 or 429 that names none. */
export const BUSY_WAIT_S = 30;
/** A longer Retry-After is taken as this: a wrong header must not stop the agent for days. */
export const MAX_WAIT_S = 3_600;

/**
 * When the next call to the service may go after this failure, or null when it need not wait:
 * Retry-After (or BUSY_WAIT_S), plus up to 20 % jitter, so that agents told the same wait do not
 * all come back at the same moment.
 */
export function retryAt(err: unknown, now: number, random: number): number | null {
  if (!(err instanceof ServiceError) || (err.status !== 503 && err.status !== 429)) return null;
  const waitS = Math.min(MAX_WAIT_S, err.retryAfterS ?? BUSY_WAIT_S);
  return now + Math.round(waitS * 1000 * (1 + 0.2 * random));
}

/** The time before which the service must not be called (it asked us to wait), or null. */
export async function serviceWaitUntil(now: number): Promise<number | null> {
  const at = (await agentStateItem.getValue()).service_retry_at ?? null;
  return at !== null && at > now ? at : null;
}

export async function noteServiceFailure(
  err: unknown,
  clock: Pick<Clock, 'now' | 'random'>,
): Promise<void> {
  if (err instanceof ServiceError && err.status === 401) {
    // A call sent before the member moved to another team (new key and token) is refused with the
    // old ones: that is no sign-out.
    const stored = await getCredentials();
    if (err.sentToken && stored && stored.agent_token !== err.sentToken) return;
    await clearCredentials();
    await patchState({
      service_reachable: true,
      service_error: `Signed out by the service: ${err.message}`,
      signed_out_by_service: err.message,
      service_retry_at: null,
    });
  } else if (err instanceof ServiceUnreachable) {
    await patchState({ service_reachable: false, service_error: err.message });
  } else {
    await patchState({
      service_reachable: true,
      service_error: (err as Error).message,
      service_retry_at: retryAt(err, clock.now(), clock.random()),
    });
  }
}

/**
 * Delivers the journaled results that are due, unless the service asked us to wait; a 401 on the
 * way signs out, and a service that cannot be reached is noted, as on any other call. Answers
 * false when the credentials were refused.
 */
export async function deliverResults(ctx: AgentContext, client: ServiceClient): Promise<boolean> {
  if (await serviceWaitUntil(ctx.clock.now())) return true;
  try {
    const round = await deliverDue(ctx.journal, client, ctx.clock);
    // Noted before the task that made the result stops showing as running (task-runner.ts): the
    // pill goes from working to unreachable, never through ready.
    if (round.unreachable) await noteServiceFailure(round.unreachable, ctx.clock);
    return true;
  } catch (err) {
    if (!(err instanceof ServiceError && err.status === 401)) return true;
    await noteServiceFailure(err, ctx.clock);
    return !!(await getCredentials());
  }
}

/**
 * Credentials stored for a plain-http address off this machine (signed in before such addresses
 * were refused) are not used: the key and token would travel in clear. They are dropped, and the
 * popup asks the member to sign in again at an https address. Answers whether `c` may be used.
 */
export async function addressStillAccepted(c: Credentials): Promise<boolean> {
  const problem = serviceAddressProblem(c.service_url);
  if (!problem) return true;
  await clearCredentials();
  await patchState({ signed_out_by_service: problem, service_error: null });
  return false;
}
