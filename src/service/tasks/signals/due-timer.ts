/** A task due in a few ms is looked for a hair later, so a rounding edge never spins. */
const DUE_SLACK_MS = 5;

/**
 * When each waiting team's next retry delay runs out (epoch ms), as the last shared re-check that
 * saw the team learned it, and one timer for the earliest of them, which hands the teams now due
 * to `due`. A timer may fire a little before the instant it was set for by the wall clock: the
 * teams not due yet are left for the timer it arms again, so a wake-up never depends on how the
 * timer rounds.
 */
export class DueTimer {
  readonly #at = new Map<string, number>();
  readonly #due: (teamIds: string[]) => void;
  readonly #stopping: AbortSignal;
  #timer: NodeJS.Timeout | undefined;
  #timerAt = Infinity;

  constructor(due: (teamIds: string[]) => void, stopping: AbortSignal) {
    this.#due = due;
    this.#stopping = stopping;
  }

  /** The team's next retry delay runs out `inMs` after `now`. */
  set(teamId: string, now: number, inMs: number): void {
    this.#at.set(teamId, Math.ceil(now + inMs + DUE_SLACK_MS));
  }

  delete(teamId: string): void {
    this.#at.delete(teamId);
  }

  /** When the team's next retry delay runs out, Infinity when none is known. */
  at(teamId: string): number {
    return this.#at.get(teamId) ?? Infinity;
  }

  /** Sets the timer for the earliest instant, unless it is set for it already. */
  arm(): void {
    let next = Infinity;
    for (const at of this.#at.values()) next = Math.min(next, at);
    if (next === this.#timerAt) return;
    clearTimeout(this.#timer);
    this.#timerAt = next;
    if (next === Infinity || this.#stopping.aborted) return;
    this.#timer = setTimeout(this.#fired, Math.max(0, next - Date.now()));
    this.#timer.unref();
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#at.clear();
  }

  readonly #fired = (): void => {
    this.#timerAt = Infinity;
    const now = Date.now();
    const due = [...this.#at].filter(([, at]) => at <= now).map(([t]) => t);
    for (const t of due) this.#at.delete(t);
    if (due.length) this.#due(due);
    this.arm();
  };
}
