import type { Database } from '../../db/database.js';
import type { IdleTeams } from './idle-teams.js';
import type { RecentlyTaken } from './recently-taken.js';
import type { SharedRecheck } from './shared-recheck.js';
import { notifyTeamsReady } from './task-ready-channel.js';
import type { ReadyTask, TaskReadyMessage } from './task-ready-message.js';
import type { WaitingClaimRegistry } from './waiting-claim-registry.js';

interface Parts {
  db: Database;
  /** Names this instance in the notifications of tasks it wakes a claim of its own for. */
  instance: string;
  claims: WaitingClaimRegistry;
  idle: IdleTeams;
  taken: RecentlyTaken;
  recheck: SharedRecheck;
}

/** What an announcement does here: in process, or heard from any instance on PostgreSQL. */
interface Announcements {
  /**
   * A task wakes the longest-waiting claim of its team that may run it, which then looks; teams
   * without a task, or a task no claim here may run, go into the next shared re-check.
   */
  announced(teamIds: string[], task?: ReadyTask): void;
  /** A NOTIFY heard: announced, unless it names the one instance that wakes a claim for it. */
  heard(message: TaskReadyMessage): void;
}

export function announcements({
  db,
  instance,
  claims,
  idle,
  taken,
  recheck,
}: Parts): Announcements {
  /**
   * Wakes the longest-waiting claim that may run `task`; if it does not take it, `passOn` has the
   * team re-checked. False when no claim here may run it. A task handed to a waiting claim needs
   * no look from a claim that arrives.
   */
  function wakeOne(teamId: string, task: ReadyTask, passOn: () => void): boolean {
    if (task.id && taken.has(task.id)) return true;
    const w = claims.firstMayRun(teamId, task);
    if (!w) return false;
    w.wake({ passOn });
    if (task.id) idle.seen(task.id);
    return true;
  }

  /**
   * Every instance re-checks the team: a task this instance said it would wake a claim for was not
   * taken by it, and claims of other instances may take it.
   */
  const recheckEverywhere = (teamId: string) => {
    notifyTeamsReady(db, [teamId]).catch(() => recheck.soon([teamId]));
  };

  function announced(teamIds: string[], task?: ReadyTask) {
    for (const t of teamIds) idle.signalled(t, task);
    if (task) wakeOne(teamIds[0]!, task, () => recheck.soon(teamIds));
    else recheck.soon(teamIds);
  }

  /**
   * A task of this instance that a claim waiting here may run: only this instance wakes a claim
   * for it, so the other instances neither wake one that looks in vain nor re-check. If none
   * waits here any more, or the claim woken does not take it, every instance re-checks the team.
   */
  function announcedToWakeHere(teamId: string, task: ReadyTask) {
    idle.signalled(teamId, task);
    if (!wakeOne(teamId, task, () => recheckEverywhere(teamId))) recheckEverywhere(teamId);
  }

  return {
    announced,
    heard({ teamIds, task, wakesHere }) {
      if (wakesHere === undefined) announced(teamIds, task);
      else if (wakesHere === instance) announcedToWakeHere(teamIds[0]!, task!);
    },
  };
}
