import type { Database } from '../db/database.js';
import type { ClaimedTask } from '../../contract/agent.js';
import type { TaskSignals } from './task-signals.js';
import { claimTask, msUntilNextDue, type ClaimFilter } from './claim.js';
import { rememberClaim } from './claim-memory.js';
import { giveBackClaim } from './give-back-claim.js';
import type { WaitingClaims } from '../metrics/waiting-claims.js';

/** While signals cannot arrive (the LISTEN connection is down), claims look this often instead. */
const UNSIGNALLED_RECHECK_MS = 250;
/** A task due in a few ms is looked for a hair later, so a rounding edge never spins. */
const DUE_SLACK_MS = 5;

/**
 * docs/agent-protocol.md long poll: answers with a task as soon as one this member may run is
 * claimable, or null after `waitMs`, when `clientGone()` fires (the client went away) or the service stops.
 * A task claimed when the client is already gone is given back (give-back-claim.ts) and null answered.
 * Wakes on: a task signal for the team, the earliest future `run_after`, the safety re-check.
 * `whenNoTask` runs when the first look found nothing, before any wait: the caller's checks that
 * the claim's own statement makes too (it throws to refuse the claim), so a busy queue skips them.
 * `waiting` counts the claim while it waits; a full instance refuses it there (waiting-claims.ts).
 */
export async function claimWithin(
  deps: { db: Database; signals: TaskSignals },
  filter: ClaimFilter,
  waitMs: number,
  opts: {
    clientGone?: () => AbortSignal;
    whenNoTask?: () => Promise<void>;
    waiting?: WaitingClaims;
  } = {},
): Promise<ClaimedTask | null> {
  const deadline = Date.now() + waitMs;
  // A busy queue answers from the first look: no wake-up (nor the client's signal) is set up for it.
  if (deps.signals.stopping.aborted) return null;
  const first = await claimTask(deps.db, filter);
  if (first) return handedOver(deps, filter, first, opts.clientGone?.());
  await opts.whenNoTask?.();
  if (Date.now() >= deadline) return null;
  opts.waiting?.enter();
  const abort = opts.clientGone?.();
  const who = { userId: filter.userId, excludeTypes: filter.excludeTypes };
  // A wake-up for one task this claim did not take: handed on to the next claim that may take it.
  let passOn: (() => void) | undefined;
  try {
    for (;;) {
      if (abort?.aborted || deps.signals.stopping.aborted) return null;
      const wake = new AbortController();
      // Listen before looking: a task enqueued between the look and the wait still wakes us.
      const woken = deps.signals.waitForTask(filter.teamId, who, wake.signal);
      const onAbort = () => wake.abort();
      abort?.addEventListener('abort', onAbort, { once: true });
      let timer: NodeJS.Timeout | undefined;
      try {
        const lookedAt = performance.now();
        const task = await claimTask(deps.db, filter);
        if (task) {
          passOn = undefined;
          return handedOver(deps, filter, task, abort);
        }
        passOn?.();
        passOn = undefined;
        const remaining = deadline - Date.now();
        if (remaining <= 0) return null;
        // Counted from before the look: a retry falling due between the look and this question is
        // neither found nor ahead any more, and would wait for the safety re-check.
        const nextDue = await msUntilNextDue(deps.db, filter, performance.now() - lookedAt);
        // The team's safety re-check comes by turns (task-signals.ts); while signals cannot arrive, each claim looks often itself.
        const recheck = deps.signals.healthy ? Infinity : UNSIGNALLED_RECHECK_MS;
        const sleep = Math.min(
          remaining,
          recheck,
          nextDue === null ? Infinity : nextDue + DUE_SLACK_MS,
        );
        timer = setTimeout(() => wake.abort(), sleep);
        passOn = (await woken).passOn;
      } finally {
        clearTimeout(timer);
        abort?.removeEventListener('abort', onAbort);
        wake.abort();
      }
    }
  } finally {
    // Ended (a task, the deadline, the client gone, an error) holding a wake-up it did not use.
    passOn?.();
    opts.waiting?.leave();
  }
}

async function handedOver(
  deps: { db: Database; signals: TaskSignals },
  filter: ClaimFilter,
  task: ClaimedTask,
  clientGone: AbortSignal | undefined,
): Promise<ClaimedTask | null> {
  rememberClaim(deps.db, task.id, { type: task.type, input: task.input });
  deps.signals.taken(task.id);
  // The client left while the claim was being made: the answer would reach nobody.
  if (!clientGone?.aborted) return task;
  await giveBackClaim(deps, filter.teamId, task);
  return null;
}
