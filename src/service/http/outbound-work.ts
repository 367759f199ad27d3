/**
 * The service's outbound work on this instance: the limits every outbound request is sent under
 * (the deadline, and the signal shutdown pulls), and the background sends (webhook and Slack
 * deliveries) that run each on its own, never awaited together. They are counted per team, so one
 * team's slow receivers take at most PER_TEAM of a lane's places and never another team's turn.
 */

/** Sends of one team in flight at once on one lane of this instance. */
export const PER_TEAM = 4;
/** Sends in flight at once on one lane of this instance, all teams together. */
const PER_LANE = 100;

type Lane = 'webhooks' | 'slack';

export interface OutboundLimits {
  deadlineMs: number;
  signal: AbortSignal;
}

export class OutboundWork {
  readonly #stop = new AbortController();
  readonly #running = new Set<Promise<void>>();
  readonly #inFlight = new Map<Lane, Map<string, number>>();

  constructor(readonly deadlineMs: number) {}

  /** What each outbound request is given: the deadline, and the signal of the service stopping. */
  get limits(): OutboundLimits {
    return { deadlineMs: this.deadlineMs, signal: this.#stop.signal };
  }

  get stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  /** The teams with sends in flight on a lane, with how many each has. */
  busyTeams(lane: Lane): { teams: string[]; counts: number[] } {
    const teams = this.#inFlight.get(lane) ?? new Map<string, number>();
    return { teams: [...teams.keys()], counts: [...teams.values()] };
  }

  /** Places left on a lane, all teams together. */
  room(lane: Lane): number {
    let used = 0;
    for (const n of this.#inFlight.get(lane)?.values() ?? []) used += n;
    return Math.max(0, PER_LANE - used);
  }

  /**
   * Runs one send on its own: counted for its team until it ends, awaited by `stop`. The returned
   * promise is for a caller that wants the outcome; nothing else waits for it.
   */
  start<T>(lane: Lane, teamId: string, send: () => Promise<T>): Promise<T> {
    const teams = this.#inFlight.get(lane) ?? new Map<string, number>();
    this.#inFlight.set(lane, teams);
    teams.set(teamId, (teams.get(teamId) ?? 0) + 1);
    const outcome = send().finally(() => {
      const left = (teams.get(teamId) ?? 1) - 1;
      if (left > 0) teams.set(teamId, left);
      else teams.delete(teamId);
    });
    const tracked = outcome.then(
      () => undefined,
      () => undefined,
    );
    this.#running.add(tracked);
    void tracked.finally(() => this.#running.delete(tracked));
    return outcome;
  }

  /** Resolves when every send started so far has ended. */
  async settle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running]);
  }

  /** Aborts every outbound request in flight (each ends at once, its send recording why), then settles. */
  async stop(): Promise<void> {
    this.#stop.abort();
    await this.settle();
  }
}
