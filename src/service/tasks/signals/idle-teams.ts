import type { ReadyTask } from './task-ready-message.js';
import { type RecentlyTaken, TAKEN_REMEMBERED } from './recently-taken.js';

/**
 * The teams this instance knows have no due pending task, so that a claim arriving there waits
 * without its first look (TaskSignals.nothingDue). A team becomes idle when a shared re-check
 * found nothing due there, or only due work it handed to waiting claims, and no signal without a
 * task reached it while the re-check ran. It stays idle while every task signalled since was
 * taken by a claim of this instance or woke one, which looks for it. It stops being idle on a
 * signal without a task, on the next re-check, when a retry delay runs out, when its claims stop
 * waiting, when a claim woken for due work takes nothing, when the LISTEN connection drops or
 * comes back, and when a re-check fails.
 */
export class IdleTeams {
  readonly #idle = new Set<string>();
  // Per idle team, the tasks signalled since that no claim of this instance has taken or been
  // woken for, and each such task's team.
  readonly #unseen = new Map<string, Set<string>>();
  readonly #unseenTeam = new Map<string, string>();
  // While a re-check runs, the teams signalled meanwhile, whose answer may predate their tasks:
  // the tasks signalled, or null for a signal without a task.
  #signalledMidRecheck: Map<string, Set<string> | null> | null = null;
  readonly #taken: RecentlyTaken;

  constructor(taken: RecentlyTaken) {
    this.#taken = taken;
  }

  /** Idle, and every task signalled since was taken here or woke a claim here. */
  isIdle(teamId: string): boolean {
    return this.#idle.has(teamId) && !this.#unseen.has(teamId);
  }

  /** A shared re-check begins: the signals that arrive until it ends may postdate its answer. */
  recheckBegan(): void {
    this.#signalledMidRecheck = new Map();
  }

  /**
   * The shared re-check's answer for `teamId`: `nothingLeft` when its claims have waited without
   * a pause since and it has no due task that no woken claim is on its way to look for.
   */
  recheckFound(teamId: string, nothingLeft: boolean): void {
    this.notIdle(teamId);
    const mid = this.#signalledMidRecheck?.get(teamId);
    if (!nothingLeft || mid === null) return;
    this.#idle.add(teamId);
    for (const id of mid ?? []) if (!this.#taken.has(id)) this.#unseenTask(teamId, id);
  }

  recheckEnded(): void {
    this.#signalledMidRecheck = null;
  }

  /** A signal for a team: an idle team stays idle only while its signalled tasks are taken here. */
  signalled(teamId: string, task?: ReadyTask): void {
    const midRecheck = this.#signalledMidRecheck;
    if (midRecheck) {
      const mid = midRecheck.get(teamId);
      if (!task?.id) midRecheck.set(teamId, null);
      else if (mid !== null) midRecheck.set(teamId, (mid ?? new Set()).add(task.id));
    }
    if (!this.#idle.has(teamId) || (task?.id && this.#taken.has(task.id))) return;
    if (task?.id) this.#unseenTask(teamId, task.id);
    else this.notIdle(teamId);
  }

  /** A signalled task taken by, or handed to, a claim of this instance. */
  seen(taskId: string): void {
    const teamId = this.#unseenTeam.get(taskId);
    if (teamId === undefined) return;
    this.#unseenTeam.delete(taskId);
    const ids = this.#unseen.get(teamId)!;
    ids.delete(taskId);
    if (ids.size === 0) this.#unseen.delete(teamId);
  }

  notIdle(teamId: string): void {
    this.#idle.delete(teamId);
    for (const id of this.#unseen.get(teamId) ?? []) this.#unseenTeam.delete(id);
    this.#unseen.delete(teamId);
  }

  /** No team is idle any more (signals may have been lost). */
  clear(): void {
    this.#idle.clear();
    this.#unseen.clear();
    this.#unseenTeam.clear();
  }

  #unseenTask(teamId: string, taskId: string): void {
    if (this.#unseenTeam.size >= TAKEN_REMEMBERED) {
      this.notIdle(teamId);
      return;
    }
    let ids = this.#unseen.get(teamId);
    if (!ids) {
      ids = new Set();
      this.#unseen.set(teamId, ids);
    }
    ids.add(taskId);
    this.#unseenTeam.set(taskId, teamId);
  }
}
