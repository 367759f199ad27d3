import type { Database, Queryable } from '../db/database.js';

const CHANNEL = 'task_ready';
/**
 * How often a team's waiting claims look again without a signal, one of them at a time in turn:
 * covers a wake-up lost between instances (a dropped LISTEN connection) or a member's state changing
 * without a signal. The cost is one look per team per period, however many claims wait.
 */
export const SAFETY_RECHECK_MS = 5_000;

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
 * claim did, or a budget or working hours hold it), it hands the wake-up to the next claim that may.
 */
interface Wake {
  passOn?: () => void;
}

/**
 * Wakes long-poll claims the moment a task of their team becomes claimable: in process, and across
 * service instances on PostgreSQL through LISTEN/NOTIFY. A new task wakes one waiting claim that may
 * run it (its member, not excluding its type), the longest waiting first, and that claim passes the
 * wake-up on if it does not take the task: a team with a hundred waiting agents runs one claim per
 * task, not a hundred. A change that may free work of any kind (a member eligible again, budgets
 * raised, leases returned) wakes every claim of the team.
 */
export interface TaskSignals {
  /**
   * Announce that `teamId` has a claimable task (`task`: which; without it, every claim of the team
   * looks). On PostgreSQL the NOTIFY goes through `via` when given (a transaction: delivered at its
   * commit); in process the waiter wakes at once.
   */
  taskReady(teamId: string, via?: Queryable, task?: ReadyTask): Promise<void>;
  /** Every claim of these teams looks, in one statement on PostgreSQL. */
  tasksReady(teamIds: string[], via?: Queryable): Promise<void>;
  /**
   * A claim of this instance took `taskId`: a wake-up for it stops where it is instead of going on
   * through every waiting claim (an agent back from its last task often takes a new one with its
   * first look, before the claim woken for it looks).
   */
  taken(taskId: string): void;
  /** Resolves when a task this claim may run is ready, on abort, or when the service stops. */
  waitForTask(teamId: string, who: Waiting, signal: AbortSignal): Promise<Wake>;
  /** Aborted when the service shuts down: waiting claims answer at once so SIGTERM drains quickly. */
  readonly stopping: AbortSignal;
  /** Ends every waiting claim now and every later wait at once (server shutdown). */
  stopWaiting(): void;
  /**
   * False while signals from other instances cannot arrive (PostgreSQL's LISTEN connection is
   * down): waiting claims then look for tasks often instead of waiting to be woken.
   */
  readonly healthy: boolean;
  close(): Promise<void>;
}

interface Waiter extends Waiting {
  wake(wake: Wake): void;
}

/** The NOTIFY payload: the team alone (every claim looks), or the team and the task's kind and member. */
const encode = (teamId: string, task?: ReadyTask) =>
  task ? JSON.stringify({ t: teamId, y: task.type, u: task.assignedUserId, i: task.id }) : teamId;
function decode(payload: string): { teamId: string; task?: ReadyTask } {
  if (!payload.startsWith('{')) return { teamId: payload };
  const p = JSON.parse(payload) as { t: string; y: string; u: string | null; i?: string };
  return { teamId: p.t, task: { type: p.y, assignedUserId: p.u, ...(p.i ? { id: p.i } : {}) } };
}

/** The tasks this instance's claims took lately, as many as a wake-up can still be on its way for. */
const TAKEN_REMEMBERED = 1_000;

export async function createTaskSignals(db: Database): Promise<TaskSignals> {
  // Per team, its waiting claims in the order they began to wait (a Set keeps insertion order).
  const waiters = new Map<string, Set<Waiter>>();
  const rechecks = new Map<string, NodeJS.Timeout>();
  const stopper = new AbortController();
  let unlisten: (() => Promise<void>) | null = null;
  let unwatch: (() => void) | null = null;
  // Insertion-ordered: the oldest is forgotten first.
  const taken = new Set<string>();

  // One listener for all waiting claims (one each made Node warn of a leak past ten).
  stopper.signal.addEventListener('abort', () => {
    for (const teamId of [...waiters.keys()]) wakeAll(teamId);
  });

  const mayRun = (w: Waiter, task: ReadyTask) =>
    !w.excludeTypes.includes(task.type) &&
    (task.assignedUserId === null || task.assignedUserId === w.userId);

  function wakeAll(teamId: string) {
    for (const w of [...(waiters.get(teamId) ?? [])]) w.wake({});
  }

  /** Wakes the longest-waiting claim that may run `task` and has not had this wake-up yet. */
  function wakeOne(teamId: string, task: ReadyTask, tried: Set<string>) {
    if (task.id && taken.has(task.id)) return;
    for (const w of waiters.get(teamId) ?? []) {
      if (tried.has(w.userId) || !mayRun(w, task)) continue;
      // A member's claims see the same tasks: once one of them found nothing, its others would too.
      tried.add(w.userId);
      w.wake({ passOn: () => wakeOne(teamId, task, tried) });
      return;
    }
  }

  function announced(teamId: string, task?: ReadyTask) {
    if (task) wakeOne(teamId, task, new Set());
    else wakeAll(teamId);
  }

  /** The team's safety re-check: the longest-waiting claim looks (and waits again at the back). */
  function recheckInTurn(teamId: string) {
    const first = waiters.get(teamId)?.values().next().value;
    first?.wake({});
  }

  if (db.kind === 'postgres') {
    unlisten = await db.listen(CHANNEL, (payload) => {
      const { teamId, task } = decode(payload);
      announced(teamId, task);
    });
    // Back after a drop: signals sent meanwhile are lost, so every waiting claim looks again now.
    unwatch = db.onListeningChange((up) => {
      if (up) for (const teamId of [...waiters.keys()]) wakeAll(teamId);
    });
  }

  return {
    async taskReady(teamId, via, task) {
      if (db.kind === 'postgres')
        await (via ?? db).query('SELECT pg_notify($1, $2)', [CHANNEL, encode(teamId, task)]);
      else announced(teamId, task);
    },
    async tasksReady(teamIds, via) {
      if (teamIds.length === 0) return;
      if (db.kind === 'postgres')
        await (via ?? db).query('SELECT pg_notify($1, t) FROM unnest($2::text[]) t', [
          CHANNEL,
          teamIds,
        ]);
      else for (const teamId of teamIds) wakeAll(teamId);
    },
    taken(taskId) {
      if (taken.size >= TAKEN_REMEMBERED) taken.delete(taken.values().next().value!);
      taken.add(taskId);
    },
    waitForTask(teamId, who, signal) {
      return new Promise((resolve) => {
        if (signal.aborted || stopper.signal.aborted) return resolve({});
        let set = waiters.get(teamId);
        if (!set) {
          set = new Set();
          waiters.set(teamId, set);
          const timer = setInterval(() => recheckInTurn(teamId), SAFETY_RECHECK_MS);
          timer.unref();
          rechecks.set(teamId, timer);
        }
        const waiter: Waiter = {
          ...who,
          wake(wake) {
            set.delete(waiter);
            if (set.size === 0) {
              waiters.delete(teamId);
              clearInterval(rechecks.get(teamId));
              rechecks.delete(teamId);
            }
            signal.removeEventListener('abort', aborted);
            resolve(wake);
          },
        };
        const aborted = () => waiter.wake({});
        set.add(waiter);
        signal.addEventListener('abort', aborted, { once: true });
      });
    },
    stopping: stopper.signal,
    get healthy() {
      return db.listening();
    },
    stopWaiting() {
      stopper.abort();
    },
    async close() {
      stopper.abort();
      unwatch?.();
      await unlisten?.();
      for (const t of rechecks.values()) clearInterval(t);
      rechecks.clear();
      waiters.clear();
      taken.clear();
    },
  };
}
