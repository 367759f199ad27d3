import type { ReadyTask } from './task-ready-message.js';

/** Who waits: the claim's member and the kinds it skips. */
export interface Waiting {
  userId: string;
  excludeTypes: readonly string[];
}

/**
 * What woke a claim: `passOn` when it was woken for work: if the claim does not take it (another
 * claim or instance did, or a budget or working hours hold it), calling it has the team's other
 * waiting claims looked at for that work.
 */
interface Wake {
  passOn?: () => void;
}

/**
 * Ended by `stop()`, not an AbortSignal: a claim's every wait ends, and an aborted signal makes a
 * DOMException with its stack for every waiting agent.
 */
export interface TaskWait {
  woken: Promise<Wake>;
  stop(): void;
}

/** A waiting claim as the registry holds it. */
export interface Waiter extends Waiting {
  wake(wake: Wake): void;
}

/** Whether `w`'s member may run `task`: a kind it does not skip, for anyone or for that member. */
export const mayRun = (w: Waiting, task: ReadyTask): boolean =>
  !w.excludeTypes.includes(task.type) &&
  (task.assignedUserId === null || task.assignedUserId === w.userId);

/**
 * The claims of this instance that wait for a task, per team in the order they began to wait: the
 * longest waiting is woken first. A wait goes through two states, and leaves the first once:
 *
 *   (begins) ── wait() ─────────────────────────────────────────────────────▶ waiting
 *   (begins) ── wait() once the service stops ──────────────────────────────▶ woken {}
 *   waiting ── a signal for a task it may run, it the longest waiting such ─▶ woken { passOn }
 *   waiting ── the shared re-check found due work its member may take ──────▶ woken { passOn }
 *   waiting ── stop(): its deadline, its client gone, its first look's task ▶ woken {}
 *   waiting ── stopAll(): the service stops ────────────────────────────────▶ woken {}
 *
 * - **waiting**: an entry at the end of its team's list. A claim enters before its first look, so
 *   a task enqueued during the look still wakes it (claim-long-poll.ts).
 * - **woken**: out of the list; `woken` resolves with the `Wake`, and later wakes do nothing. A
 *   claim woken with `passOn` begins a new wait (a new entry, at the end of the list) before it
 *   looks; if its look finds nothing it calls `passOn` and waits on in that new entry.
 *
 * A team is in the registry while its list holds a claim. When its last claim is woken,
 * `teamEmptied` is told: the instance forgets what it learned of the team unless a claim waits
 * there again within the same turn of the event loop, as a claim woken for work it could not take
 * does (shared-recheck.ts).
 */
export class WaitingClaimRegistry {
  readonly #byTeam = new Map<string, Set<Waiter>>();
  readonly #stopper = new AbortController();
  readonly #teamEmptied: (teamId: string) => void;

  constructor(teamEmptied: (teamId: string) => void) {
    this.#teamEmptied = teamEmptied;
    this.#stopper.signal.addEventListener('abort', () => {
      for (const set of [...this.#byTeam.values()]) for (const w of [...set]) w.wake({});
    });
  }

  /** Aborted when the service shuts down: waiting claims answer at once so SIGTERM drains quickly. */
  get stopping(): AbortSignal {
    return this.#stopper.signal;
  }

  /** Wakes every waiting claim now, and every later wait at once. */
  stopAll(): void {
    this.#stopper.abort();
  }

  /** A claim of `teamId` begins to wait: at the end of its team's list, until something wakes it. */
  wait(teamId: string, who: Waiting): TaskWait {
    let waiter: Waiter | undefined;
    const woken = new Promise<Wake>((resolve) => {
      if (this.#stopper.signal.aborted) return resolve({});
      let set = this.#byTeam.get(teamId);
      if (!set) {
        set = new Set();
        this.#byTeam.set(teamId, set);
      }
      const own = set;
      let done = false;
      const w: Waiter = {
        ...who,
        wake: (wake) => {
          if (done) return;
          done = true;
          own.delete(w);
          if (own.size === 0 && this.#byTeam.get(teamId) === own) {
            this.#byTeam.delete(teamId);
            this.#teamEmptied(teamId);
          }
          resolve(wake);
        },
      };
      waiter = w;
      own.add(w);
    });
    return { woken, stop: () => waiter?.wake({}) };
  }

  /** Whether a claim of `teamId` waits. */
  has(teamId: string): boolean {
    return this.#byTeam.has(teamId);
  }

  /** The teams with a waiting claim. */
  teams(): string[] {
    return [...this.#byTeam.keys()];
  }

  /** The team's waiting claims, the longest waiting first. */
  claimsOf(teamId: string): Waiter[] {
    return [...(this.#byTeam.get(teamId) ?? [])];
  }

  /** The members with a waiting claim in any of `teamIds`, each once per team. */
  membersOf(teamIds: string[]): string[] {
    return teamIds.flatMap((t) => [...new Set(this.claimsOf(t).map((w) => w.userId))]);
  }

  /** The longest-waiting claim of `teamId` that may run `task`. */
  firstMayRun(teamId: string, task: ReadyTask): Waiter | undefined {
    for (const w of this.#byTeam.get(teamId) ?? []) if (mayRun(w, task)) return w;
    return undefined;
  }

  /** Forgets every claim without waking it (the service has closed). */
  clear(): void {
    this.#byTeam.clear();
  }
}
