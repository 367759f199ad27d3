/** A new task: who may run it. A claim that excludes its type, or of another member when it is assigned, is not woken. */
export interface ReadyTask {
  type: string;
  assignedUserId: string | null;
  /** The task's id: a wake-up for a task a claim of this instance has taken is passed on no further. */
  id?: string;
}

/**
 * A signal as it arrives: the teams to look at, the task when it names one, and the instance that
 * wakes a claim of its own for that task when one waits there.
 */
export interface TaskReadyMessage {
  teamIds: string[];
  task?: ReadyTask;
  wakesHere?: string;
}

/** Team ids per NOTIFY of a batch (a payload holds at most 8,000 bytes). */
const TEAMS_PER_NOTIFY = 150;

/**
 * The NOTIFY payload: the team alone (its members are re-checked), or the team and the task's kind
 * and member, and the instance that wakes a claim of its own for it when one waits there (`o`).
 */
export const encodeTaskReady = (teamId: string, task?: ReadyTask, wakesHere?: string): string =>
  task
    ? JSON.stringify({ t: teamId, y: task.type, u: task.assignedUserId, i: task.id, o: wakesHere })
    : teamId;

/** The payloads of a batch: each a JSON array of teams, as many as one NOTIFY holds. */
export function encodeTeamsReady(teamIds: string[]): string[] {
  const payloads: string[] = [];
  for (let i = 0; i < teamIds.length; i += TEAMS_PER_NOTIFY)
    payloads.push(JSON.stringify(teamIds.slice(i, i + TEAMS_PER_NOTIFY)));
  return payloads;
}

/** Any payload of the two encoders above. */
export function decodeTaskReady(payload: string): TaskReadyMessage {
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
