import type { Database, Queryable } from '../db/database.js';
import { announcements } from './signals/announcements.js';
import { IdleTeams } from './signals/idle-teams.js';
import { RecentlyTaken } from './signals/recently-taken.js';
import { SharedRecheck } from './signals/shared-recheck.js';
import {
  listenForTaskReady,
  notifyTaskReady,
  notifyTeamsReady,
} from './signals/task-ready-channel.js';
import { encodeTaskReady, type ReadyTask } from './signals/task-ready-message.js';
import {
  type TaskWait,
  type Waiting,
  WaitingClaimRegistry,
} from './signals/waiting-claim-registry.js';

export { SAFETY_RECHECK_MS } from './signals/shared-recheck.js';

/**
 * Wakes long-poll claims the moment a task of their team becomes claimable: in process, and across
 * service instances on PostgreSQL through LISTEN/NOTIFY. A waiting claim costs no database work of
 * its own: a new task wakes one waiting claim that may run it (its member, not excluding its type),
 * the longest waiting first, which then looks; of the instance that created it when one waits
 * there, else one on each instance that has one. A change that may free work of any kind (a member
 * eligible again, budgets raised, leases returned), a lost signal, and the periodic safety re-check
 * go through one shared look (claimable-work.ts): a batch of such changes, for every team in it, is
 * one statement, which says which waiting members have claimable work; only their claims look.
 *
 * Its parts, in signals/: the waiting claims and the states a wait goes through
 * (waiting-claim-registry.ts), the NOTIFY message and channel (task-ready-message.ts,
 * task-ready-channel.ts), what an announcement does (announcements.ts), the shared re-check and
 * its timers (shared-recheck.ts, due-timer.ts), and what this instance knows of teams with nothing
 * due (idle-teams.ts, recently-taken.ts).
 */
export interface TaskSignals {
  /**
   * Announce that `teamId` has a claimable task (`task`: which; without it, the team's waiting
   * members are looked at in the next shared re-check). On PostgreSQL the NOTIFY goes through `via`
   * when given (a transaction: delivered at its commit); in process it is handled at once.
   */
  taskReady(teamId: string, via?: Queryable, task?: ReadyTask): Promise<void>;
  /**
   * True when the database runs statements in the order they are sent, on one connection (PGlite):
   * a claim woken for a task as its insert is sent, before the insert's answer, sends its look
   * behind the insert and still finds the task (enqueue.ts).
   */
  readonly inSendingOrder: boolean;
  /**
   * On PostgreSQL, the NOTIFY payload announcing `task` that its insert sends itself on
   * TASK_READY_CHANNEL (delivered at its commit, as taskReady's through a transaction): one
   * statement instead of two. Null where signals are in process (PGlite).
   */
  insertNotice(teamId: string, task: ReadyTask): string | null;
  /** These teams' waiting members are looked at again: a few NOTIFYs in one statement on PostgreSQL. */
  tasksReady(teamIds: string[], via?: Queryable): Promise<void>;
  /**
   * A claim of this instance took `taskId`: a wake-up for it that arrives later wakes nobody (an
   * agent back from its last task often takes a new one with its first look).
   */
  taken(taskId: string): void;
  /**
   * A claim whose look found nothing begins to wait: if its team's claims were not waiting before,
   * the team goes into the next shared re-check, which learns when its retry delays run out.
   */
  beganWaiting(teamId: string): void;
  /**
   * True when this instance knows `teamId` has no due pending task: its last shared re-check found
   * none, its claims have waited without a pause since, and every task signalled since was taken
   * by one of its claims or woke one, which looks for it. A claim that arrives then waits without
   * its first look, since any task that could change the answer wakes it with its signal.
   */
  nothingDue(teamId: string): boolean;
  /** A claim began to wait without a look (nothingDue): counted for the operator. */
  lookSkipped(): void;
  /** Claims that waited without a look because the team had nothing due (nothingDue). */
  readonly looksSkipped: number;
  /**
   * A claim's wait: `woken` resolves when a task it may run is ready, on `stop()`, or when the
   * service stops.
   */
  waitForTask(teamId: string, who: Waiting): TaskWait;
  /** Aborted when the service shuts down: waiting claims answer at once so SIGTERM drains quickly. */
  readonly stopping: AbortSignal;
  /** Ends every waiting claim now and every later wait at once (server shutdown). */
  stopWaiting(): void;
  /**
   * False while signals from other instances cannot arrive (PostgreSQL's LISTEN connection is
   * down): the shared re-check then runs often instead of waiting for signals.
   */
  readonly healthy: boolean;
  /** Shared re-checks run so far (each one statement for any number of teams and claims). */
  readonly rechecks: number;
  close(): Promise<void>;
}

export async function createTaskSignals(db: Database): Promise<TaskSignals> {
  const taken = new RecentlyTaken();
  const idle = new IdleTeams(taken);
  const claims = new WaitingClaimRegistry((teamId) => recheck.forgetUnlessBack(teamId));
  const recheck = new SharedRecheck({ db, claims, idle });
  const instance = crypto.randomUUID();
  const arrivals = announcements({ db, instance, claims, idle, taken, recheck });
  let looksSkipped = 0;
  // Only while this instance hears its own notifications: it wakes its claim when it does.
  const wakesHere = (teamId: string, task: ReadyTask | undefined) =>
    task?.id && db.listening() && claims.firstMayRun(teamId, task) ? instance : undefined;
  const stopListening =
    db.kind === 'postgres'
      ? await listenForTaskReady(db, arrivals.heard, (up) => {
          // Down or back after a drop: signals sent meanwhile are lost.
          idle.clear();
          if (up) recheck.soon('all');
        })
      : undefined;

  return {
    async taskReady(teamId, via, task) {
      if (db.kind !== 'postgres') return arrivals.announced([teamId], task);
      await notifyTaskReady(via ?? db, teamId, task, wakesHere(teamId, task));
    },
    inSendingOrder: db.kind === 'pglite',
    insertNotice(teamId, task) {
      if (db.kind !== 'postgres') return null;
      return encodeTaskReady(teamId, task, wakesHere(teamId, task));
    },
    async tasksReady(teamIds, via) {
      if (teamIds.length === 0) return;
      if (db.kind !== 'postgres') return arrivals.announced(teamIds);
      await notifyTeamsReady(via ?? db, teamIds);
    },
    taken(taskId) {
      taken.add(taskId);
      idle.seen(taskId);
    },
    nothingDue(teamId) {
      // A retry delay runs out: its timer may not have fired yet.
      return idle.isIdle(teamId) && db.listening() && recheck.dueAt(teamId) > Date.now();
    },
    lookSkipped() {
      looksSkipped++;
    },
    get looksSkipped() {
      return looksSkipped;
    },
    beganWaiting(teamId) {
      if (!recheck.knows(teamId)) recheck.soon([teamId]);
    },
    waitForTask: (teamId, who) => claims.wait(teamId, who),
    stopping: claims.stopping,
    get healthy() {
      return db.listening();
    },
    get rechecks() {
      return recheck.count;
    },
    stopWaiting() {
      claims.stopAll();
    },
    async close() {
      claims.stopAll();
      await stopListening?.();
      recheck.close();
      claims.clear();
      idle.clear();
      taken.clear();
    },
  };
}
