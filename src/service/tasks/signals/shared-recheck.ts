import type { Database } from '../../db/database.js';
import { type ClaimableWork, findClaimableWork } from '../claimable-work.js';
import { DueTimer } from './due-timer.js';
import type { IdleTeams } from './idle-teams.js';
import { wakeForDueWork } from './wake-for-due-work.js';
import type { WaitingClaimRegistry } from './waiting-claim-registry.js';

/**
 * How often the instance looks, in one statement for all its waiting claims, which waiting members
 * have claimable work: covers a wake-up lost between instances (a dropped LISTEN connection) or a
 * member's state changing without a signal. The cost is one statement per period, however many
 * claims and teams wait.
 */
export const SAFETY_RECHECK_MS = 5_000;
/** While signals cannot arrive (the LISTEN connection is down), the shared re-check runs this often. */
const UNSIGNALLED_RECHECK_MS = 250;

interface Parts {
  db: Database;
  claims: WaitingClaimRegistry;
  idle: IdleTeams;
}

/**
 * The instance's shared re-check: one statement (claimable-work.ts) for every team of a batch,
 * which says which waiting members have claimable work; only their claims are woken, to look.
 * Teams are batched until the re-check runs, one at a time: those signalled without a task, those
 * whose claims begin to wait unknown to it, those whose retry delay runs out (its DueTimer), and
 * every waiting team each period. What it learns of a team (its retry delays, that its claims have
 * waited since) holds while the team's claims wait.
 */
export class SharedRecheck {
  readonly #parts: Parts;
  readonly #due: DueTimer;
  // The teams to look at in the next re-check, or all waiting teams.
  readonly #dirty = new Set<string>();
  #everyTeam = false;
  #running = false;
  #queued: NodeJS.Immediate | undefined;
  #retrying: NodeJS.Timeout | undefined;
  #periodic: NodeJS.Timeout | undefined;
  #count = 0;
  // Teams whose claims have waited without a pause since a re-check looked at them.
  readonly #known = new Set<string>();
  // Teams whose last waiting claim stopped waiting: forgotten unless one waits again within the
  // same turn of the event loop.
  readonly #emptied = new Set<string>();
  #forgetting: NodeJS.Immediate | undefined;

  /** Starts the periodic re-check. */
  constructor(parts: Parts) {
    this.#parts = parts;
    this.#due = new DueTimer((teamIds) => {
      // The re-check sets when each of these teams is next due; until then their claims look.
      for (const t of teamIds) parts.idle.notIdle(t);
      this.soon(teamIds);
    }, parts.claims.stopping);
    this.#schedulePeriodic();
  }

  /** Re-checks so far (each one statement for any number of teams and claims). */
  get count(): number {
    return this.#count;
  }

  /** These teams, or all waiting teams, go into the next re-check. */
  soon(teamIds: Iterable<string> | 'all'): void {
    if (teamIds === 'all') this.#everyTeam = true;
    else for (const t of teamIds) this.#dirty.add(t);
    if (!this.#running && !this.#queued && !this.#parts.claims.stopping.aborted)
      this.#queued = setImmediate(this.#run);
  }

  /** Whether the team's claims have waited without a pause since a re-check looked at them. */
  knows(teamId: string): boolean {
    return this.#known.has(teamId);
  }

  /** When the team's next retry delay runs out, Infinity when none is known. */
  dueAt(teamId: string): number {
    return this.#due.at(teamId);
  }

  /**
   * The team's last waiting claim stopped waiting. A claim woken for work it could not take waits
   * again at once (claim-long-poll.ts): its team's retry delays stay known. A team nobody waits in
   * once this turn ends is forgotten: signals to it are not followed while nobody waits there.
   */
  forgetUnlessBack(teamId: string): void {
    this.#emptied.add(teamId);
    this.#forgetting ??= setImmediate(() => {
      this.#forgetting = undefined;
      for (const t of this.#emptied) if (!this.#parts.claims.has(t)) this.#forget(t);
      this.#emptied.clear();
      this.#due.arm();
    });
  }

  close(): void {
    clearTimeout(this.#periodic);
    clearTimeout(this.#retrying);
    if (this.#queued) clearImmediate(this.#queued);
    if (this.#forgetting) clearImmediate(this.#forgetting);
    this.#due.close();
    this.#known.clear();
  }

  /** One statement for every team of the batch; then only the claims of members with work look. */
  readonly #run = async (): Promise<void> => {
    const { db, claims, idle } = this.#parts;
    this.#queued = undefined;
    const asked = this.#everyTeam ? claims.teams() : [...this.#dirty];
    this.#everyTeam = false;
    this.#dirty.clear();
    const teamIds = asked.filter((t) => claims.has(t));
    // Nobody waits there now: a claim that begins to wait has its team re-checked (beganWaiting).
    for (const t of asked) if (!claims.has(t)) this.#forget(t);
    if (teamIds.length === 0) return this.#due.arm();
    this.#running = true;
    idle.recheckBegan();
    try {
      this.#count++;
      // The statement measures each retry delay from its own start. Counted from before it was
      // sent, a delay is never late by the time its answer took to come back; it is early by the
      // time the statement waited to start, and the re-check it wakes then sets it again.
      const lookedAt = Date.now();
      const work = await findClaimableWork(db, teamIds, (due) => claims.membersOf(due));
      this.#found(teamIds, work, lookedAt);
    } catch {
      // The database is away: these teams are looked at again shortly, not left to the periodic one.
      for (const t of teamIds) {
        this.#dirty.add(t);
        idle.notIdle(t);
      }
      this.#retrySoon();
    } finally {
      this.#running = false;
      idle.recheckEnded();
      this.#due.arm();
      if ((this.#dirty.size || this.#everyTeam) && !claims.stopping.aborted && !this.#retrying)
        this.#queued = setImmediate(this.#run);
    }
  };

  /** What the re-check learned: retry delays, claims to wake, teams left with nothing due. */
  #found(teamIds: string[], work: ClaimableWork, lookedAt: number): void {
    const { claims, idle } = this.#parts;
    for (const t of teamIds) {
      this.#due.delete(t);
      if (claims.has(t)) this.#known.add(t);
    }
    for (const [teamId, next] of work.nextDueMs)
      if (claims.has(teamId)) this.#due.set(teamId, lookedAt, next);
    const handed = wakeForDueWork(
      work,
      (t) => claims.claimsOf(t),
      (t) => () => idle.notIdle(t),
    );
    for (const t of teamIds) {
      const unhanded = work.dueByTeam.has(t) && !handed.has(t);
      idle.recheckFound(t, this.#known.has(t) && !unhanded);
    }
  }

  #forget(teamId: string): void {
    this.#known.delete(teamId);
    this.#due.delete(teamId);
    this.#parts.idle.notIdle(teamId);
  }

  #retrySoon(): void {
    if (this.#retrying || this.#parts.claims.stopping.aborted) return;
    this.#retrying = setTimeout(() => {
      this.#retrying = undefined;
      this.soon([]);
    }, UNSIGNALLED_RECHECK_MS);
    this.#retrying.unref();
  }

  #schedulePeriodic(): void {
    this.#periodic = setTimeout(
      () => {
        this.soon('all');
        this.#schedulePeriodic();
      },
      this.#parts.db.listening() ? SAFETY_RECHECK_MS : UNSIGNALLED_RECHECK_MS,
    );
    this.#periodic.unref();
  }
}
