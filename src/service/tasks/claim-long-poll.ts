import type { ServerResponse } from 'node:http';
import type { Database } from '../db/database.js';
import type { ClaimedTask } from '../../contract/agent.js';
import type { TaskSignals } from './task-signals.js';
import { claimTask, type ClaimFilter } from './claim.js';
import { rememberClaim } from './claim-memory.js';
import { giveBackClaim } from './give-back-claim.js';
import type { WaitingClaims } from '../metrics/waiting-claims.js';

type Deps = { db: Database; signals: TaskSignals };
type TaskWait = ReturnType<TaskSignals['waitForTask']>;

/** The client of a claim, whose leaving ends the claim's wait. */
interface ClaimClient {
  gone(): boolean;
  onGone(listener: () => void): void;
  offGone(listener: () => void): void;
}

export function clientOfSignal(signal: AbortSignal): ClaimClient {
  return {
    gone: () => signal.aborted,
    onGone: (listener) => signal.addEventListener('abort', listener, { once: true }),
    offGone: (listener) => signal.removeEventListener('abort', listener),
  };
}

/** A client served over a socket: it has gone when the response closes before it is written. */
export function clientOfResponse(res: ServerResponse): ClaimClient {
  return {
    gone: () => res.destroyed,
    onGone: (listener) => res.once('close', listener),
    offGone: (listener) => res.off('close', listener),
  };
}

interface ClaimOptions {
  client?: ClaimClient;
  /**
   * Runs when the first look found nothing, before any wait: the caller's checks that the claim's
   * own statement makes too (it throws to refuse the claim), so a busy queue skips them.
   */
  whenNoTask?: () => Promise<void>;
  /**
   * Counts the claim while it waits; a full share (its member's, its team's or the instance's)
   * refuses it there (waiting-claims.ts).
   */
  waiting?: WaitingClaims;
}

/** How a claim's first look ended: its answer now, or the claim that waits for one. */
type ClaimStart = { task: ClaimedTask | null } | { waiting: WaitingClaim };

/**
 * docs/agent-protocol.md long poll, its first look. A claim of a team the instance knows has
 * nothing due (TaskSignals.nothingDue) begins to wait without it. A claim that finds nothing comes
 * back as a `WaitingClaim`, which answers later: holding no async frame, it lets the caller's own
 * frames end while it waits (http/answer-later.ts).
 */
export async function startClaim(
  deps: Deps,
  filter: ClaimFilter,
  waitMs: number,
  opts: ClaimOptions = {},
): Promise<ClaimStart> {
  const deadline = Date.now() + waitMs;
  if (deps.signals.stopping.aborted) return { task: null };
  // Listen before looking: a task enqueued during the look still wakes the claim after it. Being
  // an entry in a list, listening costs a busy queue answered from its first look nothing.
  const wait = deps.signals.waitForTask(filter.teamId, waiterOf(filter));
  let waits = false;
  try {
    if (opts.client?.gone()) return { task: null };
    // A full share would refuse the claim: the look may still find a task.
    const skip =
      !opts.waiting?.refuses(filter.teamId, filter.userId) &&
      deps.signals.nothingDue(filter.teamId);
    if (skip) deps.signals.lookSkipped();
    const task = skip ? null : await claimTask(deps.db, filter);
    if (task) return { task: await handedOver(deps, filter, task, opts.client) };
    await opts.whenNoTask?.();
    if (deadline - Date.now() <= 0) return { task: null };
    opts.waiting?.enter(filter.teamId, filter.userId);
    deps.signals.beganWaiting(filter.teamId);
    waits = true;
    const { client, waiting } = opts;
    return { waiting: new WaitingClaim(deps, filter, deadline, wait, { client, waiting }) };
  } finally {
    if (!waits) letGo(wait);
  }
}

/**
 * A claim's whole long poll: a task as soon as one this member may run is claimable, or null after
 * `waitMs`, when the client leaves, or when the service stops.
 */
export async function claimWithin(
  deps: Deps,
  filter: ClaimFilter,
  waitMs: number,
  opts: ClaimOptions = {},
): Promise<ClaimedTask | null> {
  const start = await startClaim(deps, filter, waitMs, opts);
  return 'task' in start ? start.task : start.waiting.answer;
}

/**
 * A claim that waits. It runs no statement: it looks again only when woken (task-signals.ts) by a
 * task signal for its team, or by the instance's shared re-check, which also wakes it when a retry
 * delay (`run_after`) of its member's work runs out. Its state lives in fields and its steps are
 * callbacks, so a waiting claim holds this object, a timer and its entry in the team's list.
 */
class WaitingClaim {
  /** The task, or null at the deadline, when the client left or the service stops. */
  readonly answer: Promise<ClaimedTask | null>;
  readonly #deps: Deps;
  readonly #filter: ClaimFilter;
  readonly #deadline: number;
  readonly #opts: Omit<ClaimOptions, 'whenNoTask'>;
  #wait: TaskWait;
  #timer: NodeJS.Timeout | undefined;
  #timedOut = false;
  /** A wake-up for one task this claim did not take: the team is looked at again for others. */
  #passOn: (() => void) | undefined;
  #settle!: (task: ClaimedTask | null | Promise<ClaimedTask | null>) => void;
  #fail!: (err: unknown) => void;

  constructor(
    deps: Deps,
    filter: ClaimFilter,
    deadline: number,
    wait: TaskWait,
    opts: Omit<ClaimOptions, 'whenNoTask'>,
  ) {
    this.#deps = deps;
    this.#filter = filter;
    this.#deadline = deadline;
    this.#wait = wait;
    this.#opts = opts;
    this.answer = new Promise((resolve, reject) => {
      this.#settle = resolve;
      this.#fail = reject;
    });
    this.#park();
  }

  #park(): void {
    this.#opts.client?.onGone(this.#stopWaiting);
    this.#timer = setTimeout(this.#atDeadline, this.#deadline - Date.now());
    void this.#wait.woken.then(this.#woken);
  }

  readonly #stopWaiting = (): void => this.#wait.stop();

  readonly #atDeadline = (): void => {
    this.#timedOut = true;
    this.#wait.stop();
  };

  readonly #woken = (wake: { passOn?: () => void }): void => {
    clearTimeout(this.#timer);
    this.#opts.client?.offGone(this.#stopWaiting);
    this.#passOn = wake.passOn;
    // Nothing woke it in time: a task made claimable meanwhile would have.
    if (this.#timedOut) {
      this.#end(null);
      return;
    }
    this.#wait = this.#deps.signals.waitForTask(this.#filter.teamId, waiterOf(this.#filter));
    if (this.#opts.client?.gone() || this.#deps.signals.stopping.aborted) {
      this.#end(null);
      return;
    }
    claimTask(this.#deps.db, this.#filter).then(this.#looked, this.#failed);
  };

  readonly #looked = (task: ClaimedTask | null): void => {
    if (task) {
      this.#passOn = undefined;
      this.#end(handedOver(this.#deps, this.#filter, task, this.#opts.client));
      return;
    }
    this.#passOn?.();
    this.#passOn = undefined;
    if (this.#deadline - Date.now() <= 0) this.#end(null);
    else this.#park();
  };

  readonly #failed = (err: unknown): void => {
    this.#release();
    this.#fail(err);
  };

  #end(task: ClaimedTask | null | Promise<ClaimedTask | null>): void {
    this.#release();
    this.#settle(task);
  }

  #release(): void {
    // Ended (a task, the deadline, the client gone, an error) holding a wake-up it did not use.
    this.#passOn?.();
    this.#passOn = undefined;
    letGo(this.#wait);
    this.#opts.waiting?.leave(this.#filter.teamId, this.#filter.userId);
  }
}

const waiterOf = (filter: ClaimFilter) => ({
  userId: filter.userId,
  excludeTypes: filter.excludeTypes,
});

/** Stops a wait; a wake-up for one task that came before the stop is passed on. */
function letGo(wait: TaskWait): void {
  wait.stop();
  void wait.woken.then((w) => w.passOn?.());
}

async function handedOver(
  deps: Deps,
  filter: ClaimFilter,
  task: ClaimedTask,
  client: ClaimClient | undefined,
): Promise<ClaimedTask | null> {
  rememberClaim(deps.db, task.id, { type: task.type, input: task.input });
  deps.signals.taken(task.id);
  // The client left while the claim was being made: the answer would reach nobody.
  if (!client?.gone()) return task;
  await giveBackClaim(deps, filter.teamId, task);
  return null;
}
