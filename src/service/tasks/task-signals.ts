import type { Database, Queryable } from '../db/database.js';
import { findClaimableWork, type ClaimableWork } from './claimable-work.js';

const CHANNEL = 'task_ready';
/**
 * How often the instance looks, in one statement for all its waiting claims, which waiting members
 * have claimable work: covers a wake-up lost between instances (a dropped LISTEN connection) or a
 * member's state changing without a signal. The cost is one statement per period, however many
 * claims and teams wait.
 */
export const SAFETY_RECHECK_MS = 5_000;
/** While signals cannot arrive (the LISTEN connection is down), the shared re-check runs this often. */
const UNSIGNALLED_RECHECK_MS = 250;
/** A task due in a few ms is looked for a hair later, so a rounding edge never spins. */
const DUE_SLACK_MS = 5;
/** Team ids per NOTIFY of a batch (a payload holds at most 8,000 bytes). */
const TEAMS_PER_NOTIFY = 150;

/** A new task: who may run it. A claim that excludes its type, or of another member when it is assigned, is not woken. */
interface ReadyTask {
  type: string;
  assignedUserId: string | null;
  /** The task's id: a wake-up for a task a claim of this instance has taken is passed on no further. */
  id?: string;
}

/** Who waits: the claim's member and the kinds it skips. */
interface Waiting {
  userId: string;
  excludeTypes: readonly string[];
}

/**
 * What woke a claim: `passOn` when it was woken for one task: if the claim does not take it (another
 * claim or instance did, or a budget or working hours hold it), the team goes into the next shared
 * re-check, which wakes the waiting members that still have claimable work.
 */
interface Wake {
  passOn?: () => void;
}

/**
 * Wakes long-poll claims the moment a task of their team becomes claimable: in process, and across
 * service instances on PostgreSQL through LISTEN/NOTIFY. A waiting claim costs no database work of
 * its own: a new task wakes one waiting claim that may run it (its member, not excluding its type),
 * the longest waiting first, which then looks; of the instance that created it when one waits
 * there, else one on each instance that has one. A change that may free work of any kind (a member
 * eligible again, budgets raised, leases returned), a lost signal, and the periodic safety re-check
 * go through one shared look (claimable-work.ts): a batch of such changes, for every team in it, is
 * one statement, which says which waiting members have claimable work; only their claims look.
 */
export interface TaskSignals {
  /**
   * Announce that `teamId` has a claimable task (`task`: which; without it, the team's waiting
   * members are looked at in the next shared re-check). On PostgreSQL the NOTIFY goes through `via`
   * when given (a transaction: delivered at its commit); in process it is handled at once.
   */
  taskReady(teamId: string, via?: Queryable, task?: ReadyTask): Promise<void>;
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

interface Waiter extends Waiting {
  wake(wake: Wake): void;
}

/**
 * Ended by `stop()`, not an AbortSignal: a claim's every wait ends, and an aborted signal makes a
 * DOMException with its stack for every waiting agent.
 */
interface TaskWait {
  woken: Promise<Wake>;
  stop(): void;
}

/**
 * The NOTIFY payload: the team alone (its members are re-checked), a JSON array of teams (a batch),
 * or the team and the task's kind and member, and the instance that wakes a claim of its own for
 * it when one waits there (`o`).
 */
const encode = (teamId: string, task?: ReadyTask, wakesHere?: string) =>
  task
    ? JSON.stringify({ t: teamId, y: task.type, u: task.assignedUserId, i: task.id, o: wakesHere })
    : teamId;
function decode(payload: string): { teamIds: string[]; task?: ReadyTask; wakesHere?: string } {
  if (payload.startsWith('[')) return { teamIds: JSON.parse(payload) as string[] };
  if (!payload.startsWith('{')) return { teamIds: [payload] };
  const p = JSON.parse(payload) as {
    t: string;
    y: string;
    u: string | null;
    i?: string;
    o?: string;
  };
  return {
    teamIds: [p.t],
    task: { type: p.y, assignedUserId: p.u, ...(p.i ? { id: p.i } : {}) },
    ...(p.o ? { wakesHere: p.o } : {}),
  };
}

/** The tasks this instance's claims took lately, as many as a wake-up can still be on its way for. */
const TAKEN_REMEMBERED = 1_000;

export async function createTaskSignals(db: Database): Promise<TaskSignals> {
  // Names this instance in the notifications of tasks it wakes a claim of its own for.
  const instance = crypto.randomUUID();
  // Per team, its waiting claims in the order they began to wait (a Set keeps insertion order).
  const waiters = new Map<string, Set<Waiter>>();
  const stopper = new AbortController();
  let unlisten: (() => Promise<void>) | null = null;
  let unwatch: (() => void) | null = null;
  // Insertion-ordered: the oldest is forgotten first.
  const taken = new Set<string>();

  // The shared re-check: the teams to look at in the next one (or all waiting teams), one at a time.
  const dirty = new Set<string>();
  let everyTeam = false;
  let running = false;
  let queued: NodeJS.Immediate | undefined;
  let rechecks = 0;
  // Teams whose claims have waited without a pause since a re-check looked at them.
  const known = new Set<string>();
  // When each team's next retry delay runs out (epoch ms), from the last re-check that saw it.
  const dueAt = new Map<string, number>();
  // Teams whose last waiting claim stopped waiting: forgotten (known, dueAt) unless one waits again
  // within the same turn of the event loop, as a claim woken for work it could not take does.
  const emptied = new Set<string>();
  let forgetting: NodeJS.Immediate | undefined;
  let dueTimer: NodeJS.Timeout | undefined;
  let dueTimerAt = Infinity;
  let periodic: NodeJS.Timeout | undefined;
  // Teams the last re-check found with no due pending task, while their claims kept waiting.
  const idle = new Set<string>();
  // Per idle team, the tasks signalled since that no claim of this instance has taken or been
  // woken for, and each such task's team.
  const unseen = new Map<string, Set<string>>();
  const unseenTeam = new Map<string, string>();
  // Teams signalled while a re-check runs, whose answer may predate their tasks: the tasks
  // signalled, or null for a signal without a task.
  const signalledMidRecheck = new Map<string, Set<string> | null>();
  let looksSkipped = 0;

  stopper.signal.addEventListener('abort', () => {
    for (const set of [...waiters.values()]) for (const w of [...set]) w.wake({});
  });

  const mayRun = (w: Waiter, task: ReadyTask) =>
    !w.excludeTypes.includes(task.type) &&
    (task.assignedUserId === null || task.assignedUserId === w.userId);

  /** The longest-waiting claim of `teamId` that may run `task`. */
  function firstMayRun(teamId: string, task: ReadyTask): Waiter | undefined {
    for (const w of waiters.get(teamId) ?? []) if (mayRun(w, task)) return w;
    return undefined;
  }

  /**
   * Wakes the longest-waiting claim that may run `task`; if it does not take it, `passOn` has the
   * team re-checked. False when no claim here may run it. A task handed to a waiting claim needs
   * no look from a claim that arrives.
   */
  function wakeOne(teamId: string, task: ReadyTask, passOn: () => void): boolean {
    if (task.id && taken.has(task.id)) return true;
    const w = firstMayRun(teamId, task);
    if (!w) return false;
    w.wake({ passOn });
    if (task.id) seen(task.id);
    return true;
  }

  /**
   * Every instance re-checks the team: a task this instance said it would wake a claim for was not
   * taken by it, and claims of other instances may take it.
   */
  function recheckEverywhere(teamId: string) {
    notifyTeams([teamId]).catch(() => recheckSoon([teamId]));
  }

  async function notifyTeams(teamIds: string[], via?: Queryable) {
    const payloads: string[] = [];
    for (let i = 0; i < teamIds.length; i += TEAMS_PER_NOTIFY)
      payloads.push(JSON.stringify(teamIds.slice(i, i + TEAMS_PER_NOTIFY)));
    await (via ?? db).query('SELECT pg_notify($1, p) FROM unnest($2::text[]) p', [
      CHANNEL,
      payloads,
    ]);
  }

  function recheckSoon(teamIds: Iterable<string> | 'all') {
    if (teamIds === 'all') everyTeam = true;
    else for (const t of teamIds) dirty.add(t);
    if (!running && !queued && !stopper.signal.aborted) queued = setImmediate(runRecheck);
  }

  /** One statement for every team of the batch; then only the claims of members with work look. */
  async function runRecheck() {
    queued = undefined;
    const asked = everyTeam ? [...waiters.keys()] : [...dirty];
    everyTeam = false;
    dirty.clear();
    const teamIds = asked.filter((t) => waiters.has(t));
    // Nobody waits there now: a claim that begins to wait has its team re-checked (beganWaiting).
    for (const t of asked) if (!waiters.has(t)) forget(t);
    if (teamIds.length === 0) return armDueTimer();
    running = true;
    signalledMidRecheck.clear();
    try {
      rechecks++;
      const work = await findClaimableWork(db, teamIds, (due) =>
        due.flatMap((t) => [...new Set([...(waiters.get(t) ?? [])].map((w) => w.userId))]),
      );
      const now = Date.now();
      for (const t of teamIds) {
        dueAt.delete(t);
        if (waiters.has(t)) known.add(t);
      }
      for (const [teamId, next] of work.nextDueMs)
        if (waiters.has(teamId)) dueAt.set(teamId, Math.ceil(now + next + DUE_SLACK_MS));
      const handed = wakeWithWork(work);
      for (const t of teamIds) {
        notIdle(t);
        const mid = signalledMidRecheck.get(t);
        if (!known.has(t) || mid === null || (work.dueByTeam.has(t) && !handed.has(t))) continue;
        idle.add(t);
        for (const id of mid ?? []) if (!taken.has(id)) unseenTask(t, id);
      }
    } catch {
      // The database is away: these teams are looked at again shortly, not left to the periodic one.
      for (const t of teamIds) {
        dirty.add(t);
        notIdle(t);
      }
      retrySoon();
    } finally {
      running = false;
      armDueTimer();
      if ((dirty.size || everyTeam) && !stopper.signal.aborted && !retrying)
        queued = setImmediate(runRecheck);
    }
  }

  let retrying: NodeJS.Timeout | undefined;
  function retrySoon() {
    if (retrying || stopper.signal.aborted) return;
    retrying = setTimeout(() => {
      retrying = undefined;
      recheckSoon([]);
    }, UNSIGNALLED_RECHECK_MS);
    retrying.unref();
  }

  function forget(teamId: string) {
    known.delete(teamId);
    dueAt.delete(teamId);
    notIdle(teamId);
  }

  function notIdle(teamId: string) {
    idle.delete(teamId);
    for (const id of unseen.get(teamId) ?? []) unseenTeam.delete(id);
    unseen.delete(teamId);
  }

  /** A signal for a team: an idle team stays idle only while its signalled tasks are taken here. */
  function signalled(teamId: string, task?: ReadyTask) {
    if (running) {
      const mid = signalledMidRecheck.get(teamId);
      if (!task?.id) signalledMidRecheck.set(teamId, null);
      else if (mid !== null) signalledMidRecheck.set(teamId, (mid ?? new Set()).add(task.id));
    }
    if (!idle.has(teamId) || (task?.id && taken.has(task.id))) return;
    if (!task?.id) return notIdle(teamId);
    unseenTask(teamId, task.id);
  }

  /** A signalled task taken by, or handed to, a claim of this instance. */
  function seen(taskId: string) {
    const teamId = unseenTeam.get(taskId);
    if (teamId === undefined) return;
    unseenTeam.delete(taskId);
    const ids = unseen.get(teamId)!;
    ids.delete(taskId);
    if (ids.size === 0) unseen.delete(teamId);
  }

  function unseenTask(teamId: string, taskId: string) {
    if (unseenTeam.size >= TAKEN_REMEMBERED) return notIdle(teamId);
    let ids = unseen.get(teamId);
    if (!ids) {
      ids = new Set();
      unseen.set(teamId, ids);
    }
    ids.add(taskId);
    unseenTeam.set(taskId, teamId);
  }

  /**
   * Wakes, per due group, the claims that may take it: an assigned member's, or up to `due` members'.
   * Returns the teams whose every due task a woken claim is on its way to look for.
   */
  function wakeWithWork(work: ClaimableWork): Set<string> {
    const handed = new Set<string>();
    for (const [teamId, groups] of work.dueByTeam) {
      const set = waiters.get(teamId);
      if (!set) continue;
      const woken = new Set<string>();
      const claims = [...set];
      let all = true;
      // Assigned work first: only one member can take it.
      const ordered = [...groups].sort(
        (a, b) => Number(b.assignedUserId !== null) - Number(a.assignedUserId !== null),
      );
      for (const g of ordered) {
        let left = g.assignedUserId === null ? g.due : 1;
        for (const w of claims) {
          if (left === 0) break;
          if (woken.has(w.userId) || !mayRun(w, { type: g.type, assignedUserId: g.assignedUserId }))
            continue;
          const blocked = work.blocked.get(w.userId);
          if (blocked === null || blocked?.includes(g.type)) continue;
          woken.add(w.userId);
          // Held by a budget or working hours, or taken by another: claims of the team look again.
          w.wake({ passOn: () => notIdle(teamId) });
          left--;
        }
        if (left > 0) all = false;
      }
      if (all) handed.add(teamId);
    }
    return handed;
  }

  /**
   * One timer for the earliest retry delay of any team. A timer may fire a little before the
   * instant it was set for by the wall clock: the teams not due yet are left for the timer it arms
   * again, so a wake-up never depends on how the timer rounds.
   */
  function armDueTimer() {
    let next = Infinity;
    for (const at of dueAt.values()) next = Math.min(next, at);
    if (next === dueTimerAt) return;
    clearTimeout(dueTimer);
    dueTimerAt = next;
    if (next === Infinity || stopper.signal.aborted) return;
    dueTimer = setTimeout(dueTimerFired, Math.max(0, next - Date.now()));
    dueTimer.unref();
  }

  function dueTimerFired() {
    dueTimerAt = Infinity;
    const now = Date.now();
    const due = [...dueAt].filter(([, at]) => at <= now).map(([t]) => t);
    // The re-check sets when each of these teams is next due; until then their claims look.
    for (const t of due) {
      dueAt.delete(t);
      notIdle(t);
    }
    if (due.length) recheckSoon(due);
    armDueTimer();
  }

  function schedulePeriodic() {
    periodic = setTimeout(
      () => {
        recheckSoon('all');
        schedulePeriodic();
      },
      db.listening() ? SAFETY_RECHECK_MS : UNSIGNALLED_RECHECK_MS,
    );
    periodic.unref();
  }
  schedulePeriodic();

  /**
   * A claim woken for work it could not take waits again at once (claim-long-poll.ts): its team's
   * retry delays stay known. A team nobody waits in once this turn ends is forgotten: signals to it
   * are not followed while nobody waits there.
   */
  function forgetUnlessBack(teamId: string) {
    emptied.add(teamId);
    forgetting ??= setImmediate(() => {
      forgetting = undefined;
      for (const t of emptied) if (!waiters.has(t)) forget(t);
      emptied.clear();
      armDueTimer();
    });
  }

  function announced(teamIds: string[], task?: ReadyTask) {
    for (const t of teamIds) signalled(t, task);
    if (task) wakeOne(teamIds[0]!, task, () => recheckSoon(teamIds));
    else recheckSoon(teamIds);
  }

  /**
   * A task of this instance that a claim waiting here may run: only this instance wakes a claim
   * for it, so the other instances neither wake one that looks in vain nor re-check. If none
   * waits here any more, or the claim woken does not take it, every instance re-checks the team.
   */
  function announcedToWakeHere(teamId: string, task: ReadyTask) {
    signalled(teamId, task);
    if (!wakeOne(teamId, task, () => recheckEverywhere(teamId))) recheckEverywhere(teamId);
  }

  if (db.kind === 'postgres') {
    unlisten = await db.listen(CHANNEL, (payload) => {
      const { teamIds, task, wakesHere } = decode(payload);
      if (wakesHere === undefined) announced(teamIds, task);
      else if (wakesHere === instance) announcedToWakeHere(teamIds[0]!, task!);
    });
    // Back after a drop: signals sent meanwhile are lost, so every waiting team is re-checked now.
    unwatch = db.onListeningChange((up) => {
      for (const t of [...idle]) notIdle(t);
      if (up) recheckSoon('all');
    });
  }

  return {
    async taskReady(teamId, via, task) {
      if (db.kind !== 'postgres') return announced([teamId], task);
      // Only while this instance hears its own notifications: it wakes its claim when it does.
      const wakesHere =
        task?.id && db.listening() && firstMayRun(teamId, task) ? instance : undefined;
      await (via ?? db).query('SELECT pg_notify($1, $2)', [
        CHANNEL,
        encode(teamId, task, wakesHere),
      ]);
    },
    async tasksReady(teamIds, via) {
      if (teamIds.length === 0) return;
      if (db.kind !== 'postgres') return announced(teamIds);
      await notifyTeams(teamIds, via);
    },
    taken(taskId) {
      if (taken.size >= TAKEN_REMEMBERED) taken.delete(taken.values().next().value!);
      taken.add(taskId);
      seen(taskId);
    },
    nothingDue(teamId) {
      if (!idle.has(teamId) || unseen.has(teamId) || !db.listening()) return false;
      // A retry delay runs out: its timer may not have fired yet.
      return (dueAt.get(teamId) ?? Infinity) > Date.now();
    },
    lookSkipped() {
      looksSkipped++;
    },
    get looksSkipped() {
      return looksSkipped;
    },
    beganWaiting(teamId) {
      if (!known.has(teamId)) recheckSoon([teamId]);
    },
    waitForTask(teamId, who) {
      let waiter: Waiter | undefined;
      const woken = new Promise<Wake>((resolve) => {
        if (stopper.signal.aborted) return resolve({});
        let set = waiters.get(teamId);
        if (!set) {
          set = new Set();
          waiters.set(teamId, set);
        }
        const own = set;
        let done = false;
        const w: Waiter = {
          ...who,
          wake(wake) {
            if (done) return;
            done = true;
            own.delete(w);
            if (own.size === 0 && waiters.get(teamId) === own) {
              waiters.delete(teamId);
              forgetUnlessBack(teamId);
            }
            resolve(wake);
          },
        };
        waiter = w;
        own.add(w);
      });
      return { woken, stop: () => waiter?.wake({}) };
    },
    stopping: stopper.signal,
    get healthy() {
      return db.listening();
    },
    get rechecks() {
      return rechecks;
    },
    stopWaiting() {
      stopper.abort();
    },
    async close() {
      stopper.abort();
      unwatch?.();
      await unlisten?.();
      clearTimeout(periodic);
      clearTimeout(dueTimer);
      clearTimeout(retrying);
      if (queued) clearImmediate(queued);
      if (forgetting) clearImmediate(forgetting);
      waiters.clear();
      known.clear();
      idle.clear();
      unseen.clear();
      unseenTeam.clear();
      dueAt.clear();
      taken.clear();
    },
  };
}
