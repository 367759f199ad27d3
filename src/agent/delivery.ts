import type { Clock } from './clock.js';
import { HOUR, MINUTE } from './clock.js';
import type { Journal, OutboxEntry } from './journal.js';
import { ServiceError, ServiceUnreachable, type ServiceClient } from './service-client.js';

/**
 * Sends journaled results until the service acknowledges them. Complete and fail are idempotent
 * for the same attempt (docs/agent-protocol.md), so sending again after a lost answer is safe.
 */

export const BACKOFF = { base_ms: 2_000, max_ms: 5 * MINUTE };
/** A result nobody could deliver for this long is given up (the lease expired long ago anyway). */
const GIVE_UP_AFTER_MS = 24 * HOUR;

/** Delay before try number `tries + 1`: doubling from base, capped, with up to 20 % jitter. */
export function backoffMs(tries: number, random: number, opts = BACKOFF): number {
  const raw = Math.min(opts.max_ms, opts.base_ms * 2 ** tries);
  return Math.round(raw * (1 + 0.2 * random));
}

/** How one send ended; a send that could not reach the service says how. */
type DeliveryOutcome = 'delivered' | 'dropped' | 'retry' | 'replaced' | ServiceUnreachable;

async function sendOne(client: ServiceClient, e: OutboxEntry) {
  if (e.result.ok) await client.complete(e.task_id, e.attempt, e.result.output);
  else await client.fail(e.task_id, e.attempt, e.result.error);
}

async function deliverEntry(
  journal: Journal,
  client: ServiceClient,
  e: OutboxEntry,
  clock: Clock,
): Promise<DeliveryOutcome> {
  const now = clock.now();
  const base = { at: now, task_id: e.task_id, type: e.type, duration_ms: null };
  try {
    await sendOne(client, e);
    await journal.remove(e.key);
    await journal.log({
      ...base,
      kind: 'delivered',
      error_code: null,
      message: e.result.ok ? 'completed' : `failed: ${e.result.error.code}`,
    });
    return 'delivered';
  } catch (err) {
    // Our key or token is refused: the entry stays due, for whoever signs in next.
    if (err instanceof ServiceError && err.status === 401) throw err;
    if (err instanceof ServiceError && (err.status === 409 || err.status === 404)) {
      // 409 Lease lost: another attempt replaced ours; 404: the task is gone. Either way the
      // service has moved on and this result can never be accepted.
      await journal.remove(e.key);
      await journal.log({
        ...base,
        kind: 'dropped',
        error_code: null,
        message: `Result of attempt ${e.attempt} dropped: ${err.status} ${err.message}`,
      });
      return 'dropped';
    }
    if (err instanceof ServiceError && err.status === 400) {
      if (e.result.ok) {
        // The service refused our output (its contract check): report that as a failure rather
        // than sending the same refused output for ever.
        await journal.replaceResult(
          e.key,
          {
            ok: false,
            error: {
              code: 'network_changed',
              message: `Output refused by the service: ${err.message}`.slice(0, 2000),
              retryable: false,
            },
          },
          now,
        );
        await journal.log({
          ...base,
          kind: 'note',
          error_code: 'network_changed',
          message: `Output refused: ${err.message}`,
        });
        return 'replaced';
      }
      await journal.remove(e.key);
      await journal.log({
        ...base,
        kind: 'dropped',
        error_code: null,
        message: `Failure report refused: ${err.message}`,
      });
      return 'dropped';
    }
    if (now - e.created_at > GIVE_UP_AFTER_MS) {
      await journal.remove(e.key);
      await journal.log({
        ...base,
        kind: 'dropped',
        error_code: null,
        message: `Undeliverable for 24 h: ${(err as Error).message}`,
      });
      return 'dropped';
    }
    const reason =
      err instanceof ServiceError || err instanceof ServiceUnreachable ? err.message : String(err);
    // A busy service's Retry-After is the least we wait.
    const asked = err instanceof ServiceError ? (err.retryAfterS ?? 0) * 1000 : 0;
    const wait = Math.max(backoffMs(e.tries, clock.random()), asked);
    await journal.reschedule(e.key, now + wait, reason);
    return err instanceof ServiceUnreachable ? err : 'retry';
  }
}

/** What a round of deliveries left: results still waiting, and whether the service was away. */
interface DeliveryRound {
  waiting: number;
  /** How a send failed because the service could not be reached, null when none did. */
  unreachable: ServiceUnreachable | null;
}

/**
 * Delivers every entry that is due now. A 401 ends the round (thrown): every other entry would
 * meet it too.
 */
export async function deliverDue(
  journal: Journal,
  client: ServiceClient,
  clock: Clock,
): Promise<DeliveryRound> {
  let unreachable: ServiceUnreachable | null = null;
  for (const e of await journal.due(clock.now())) {
    let outcome = await deliverEntry(journal, client, e, clock);
    // A refused output became a failure report: send that at once.
    if (outcome === 'replaced') {
      const replaced = await journal.get(e.key);
      if (replaced) outcome = await deliverEntry(journal, client, replaced, clock);
    }
    if (outcome instanceof ServiceUnreachable) unreachable ??= outcome;
  }
  return { waiting: (await journal.all()).length, unreachable };
}
