import { storage } from 'wxt/utils/storage';
import type { TaskType } from '../contract/task-types.js';
import type { NetworkSession } from '../network/types.js';

/** What the worker learnt last (kept in storage, because the worker itself comes and goes). */
export interface AgentState {
  last_heartbeat_at: number | null;
  service_reachable: boolean | null;
  service_error: string | null;
  heartbeat_every_s: number;
  claim_wait_s: number;
  network: (NetworkSession & { checked_at: number }) | null;
  current_task: { id: string; type: TaskType; started_at: number } | null;
  /** What the last accepted heartbeat told the service; the service routes work by it. */
  reported: ReportedState | null;
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

export const agentStateItem = storage.defineItem<AgentState>('local:agent_state', { fallback: INITIAL_STATE });

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
export const pendingSignInItem = storage.defineItem<{ service_url: string; email: string } | null>('local:pending_sign_in', {
  fallback: null,
});
