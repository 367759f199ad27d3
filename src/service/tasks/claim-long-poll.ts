import type { Database } from '../db/database.js';
import type { ClaimedTask } from '../../contract/agent.js';
import type { TaskSignals } from './task-signals.js';
import { claimTask, type ClaimFilter } from './claim.js';
import { rememberClaim } from './claim-memory.js';
import { giveBackClaim } from './give-back-claim.js';
import type { WaitingClaims } from '../metrics/waiting-claims.js';

/**
 * docs/agent-protocol.md long poll: answers with a task as soon as one this member may run is
 * claimable, or null after `waitMs`, when `clientGone()` fires (the client went away) or the service stops.
 * A task claimed when the client is already gone is given back (give-back-claim.ts) and null answered.
 * A claim of a team the instance knows has nothing due (TaskSignals.nothingDue) begins to wait
 * without a look. While it waits, a claim runs no statement: it looks again only when woken
 * (task-signals.ts) by a task signal for its team, or by the instance's shared re-check, which also
 * wakes it when a retry delay (`run_after`) of its member's work runs out.
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
  if (deps.signals.stopping.aborted) return null;
  const abort = opts.clientGone?.();
  const who = { userId: filter.userId, excludeTypes: filter.excludeTypes };
  // Listen before looking: a task enqueued during a look still wakes the claim after it. Listening
  // is an entry in a list, so a busy queue answered from its first look pays nothing for it.
  let wait = deps.signals.waitForTask(filter.teamId, who);
  let counted = false;
  // A wake-up for one task this claim did not take: the team is looked at again for whoever may.
  let passOn: (() => void) | undefined;
  try {
    for (let look = 0; ; look++) {
      if (abort?.aborted || deps.signals.stopping.aborted) return null;
      // A team with nothing due this instance does not know of: the first look would find nothing.
      // A full instance would refuse it: the look may still find a task.
      const skip = look === 0 && !opts.waiting?.full && deps.signals.nothingDue(filter.teamId);
      if (skip) deps.signals.lookSkipped();
      const task = skip ? null : await claimTask(deps.db, filter);
      if (task) {
        passOn = undefined;
        return handedOver(deps, filter, task, abort);
      }
      passOn?.();
      passOn = undefined;
      if (look === 0) await opts.whenNoTask?.();
      const remaining = deadline - Date.now();
      if (remaining <= 0) return null;
      if (!counted) {
        opts.waiting?.enter();
        counted = true;
        deps.signals.beganWaiting(filter.teamId);
      }
      const current = wait;
      const onAbort = () => current.stop();
      abort?.addEventListener('abort', onAbort, { once: true });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        current.stop();
      }, remaining);
      try {
        passOn = (await current.woken).passOn;
      } finally {
        clearTimeout(timer);
        abort?.removeEventListener('abort', onAbort);
      }
      // Nothing woke it in time: a task made claimable meanwhile would have.
      if (timedOut) return null;
      wait = deps.signals.waitForTask(filter.teamId, who);
    }
  } finally {
    wait.stop();
    // Ended (a task, the deadline, the client gone, an error) holding a wake-up it did not use.
    passOn?.();
    void wait.woken.then((w) => w.passOn?.());
    if (counted) opts.waiting?.leave();
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
