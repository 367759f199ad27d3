import { defineItem } from './storage-item.js';
import type { TaskType } from '../contract/task-types.js';
import type { NetworkSession } from '../network/types.js';
import type { MemberSafety, Pacing } from '../contract/budgets.js';
import type { PendingInvitation } from '../contract/team-invitations.js';

/** What the worker learnt last (kept in storage, because the worker itself comes and goes). */
export interface AgentState {
  last_heartbeat_at: number | null;
  /** The last time the service answered anything (a claim, an extend, a delivery, a heartbeat). */
  last_contact_at?: number | null;
  service_reachable: boolean | null;
  service_error: string | null;
  heartbeat_every_s: number;
  claim_wait_s: number;
  network: (NetworkSession & { checked_at: number }) | null;
  current_task: { id: string; type: TaskType; target: string | null; started_at: number } | null;
  /** What the last accepted heartbeat told the service; the service routes work by it. */
  reported: ReportedState | null;
  /** The team's pace from the last heartbeat answer; null until one came (the defaults apply). */
  pacing?: Pacing | null;
  /** This member's budgets, working hours and waiting tasks, from the last heartbeat answer. */
  safety?: MemberSafety | null;
  /** The popup is open and its budgets are older than a few seconds: a heartbeat brings fresh ones. */
  heartbeat_wanted_at?: number | null;
  /** Invitations to another team waiting for the member's answer, from the last heartbeat answer. */
  invitations?: PendingInvitation[];
  /** Writes in the member's name waiting for a person's approval, from the last heartbeat answer. */
  awaiting_approval?: number;
  /**
   * The service refused our key or token (401: revoked or expired), or the stored address is no
   * longer accepted: the credentials are gone and this says why, until the member signs in again.
   */
  signed_out_by_service?: string | null;
  /** The service asked us to wait (503 or 429 with Retry-After): no call to it before this time. */
  service_retry_at?: number | null;
  /** When the worker last asked for the team's current key (team-key.ts); none yet since sign-in. */
  key_checked_at?: number | null;
}

/** The part of a heartbeat that decides whether the service gives us tasks. */
export interface ReportedState {
  paused: boolean;
  network_signed_in: boolean;
}

export const INITIAL_STATE: AgentState = {
  last_heartbeat_at: null,
  service_reachable: null,
  service_error: null,
  heartbeat_every_s: 60,
  claim_wait_s: 20,
  network: null,
  current_task: null,
  reported: null,
};

/**
 * Whether the service can be reached, honestly: true only while a heartbeat answered lately (the
 * loop sends one every `heartbeat_every_s`, also while paused), false after a call failed, and
 * null while it is not known: before the first answer, or when the last is so old that it says
 * nothing about now (the worker was stopped, or its calls hang).
 */
export function serviceReachable(s: AgentState, now: number): boolean | null {
  if (s.service_reachable !== true) return s.service_reachable;
  const last = Math.max(s.last_heartbeat_at ?? 0, s.last_contact_at ?? 0);
  return now - last <= STALE_AFTER_HEARTBEATS * s.heartbeat_every_s * 1000 ? true : null;
}
const STALE_AFTER_HEARTBEATS = 3;

/**
 * Notes that the service answered (any answer: the service is there). Written at most every 30 s,
 * because a claim answers every 20 s and every write of the state repaints the toolbar.
 */
export async function noteServiceContact(now: number): Promise<void> {
  const s = await agentStateItem.getValue();
  if (now - (s.last_contact_at ?? 0) >= CONTACT_NOTE_EVERY_MS)
    await updateState((x) => ({ ...x, last_contact_at: now }));
}
const CONTACT_NOTE_EVERY_MS = 30_000;

export const agentStateItem = defineItem<AgentState>('local:agent_state', {
  fallback: INITIAL_STATE,
});

let writes: Promise<unknown> = Promise.resolve();

/**
 * Read-modify-write of the state, one at a time. The heartbeat, the task runner and message
 * handlers patch it concurrently (storage reads and writes are async); unqueued, one patch could
 * write back a stale copy and undo another's field, e.g. what the last heartbeat reported.
 */
export function updateState(change: (s: AgentState) => AgentState): Promise<AgentState> {
  const next = writes.then(async () => {
    const updated = change(await agentStateItem.getValue());
    await agentStateItem.setValue(updated);
    return updated;
  });
  writes = next.catch(() => {});
  return next;
}

export function patchState(patch: Partial<AgentState>): Promise<AgentState> {
  return updateState((s) => ({ ...s, ...patch }));
}

/** The sign-in in progress: a code was sent to `email` by the service at `service_url`. */
export const pendingSignInItem = defineItem<{ service_url: string; email: string } | null>(
  'local:pending_sign_in',
  {
    fallback: null,
  },
);
