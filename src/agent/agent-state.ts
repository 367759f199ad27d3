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
}

export const INITIAL_STATE: AgentState = {
  last_heartbeat_at: null,
  service_reachable: null,
  service_error: null,
  heartbeat_every_s: 60,
  claim_wait_s: 20,
  network: null,
  current_task: null,
};

export const agentStateItem = storage.defineItem<AgentState>('local:agent_state', { fallback: INITIAL_STATE });

/** Read-modify-write of the state; writes are rare (a few a minute), so no lock is needed. */
export async function patchState(patch: Partial<AgentState>): Promise<AgentState> {
  const next = { ...(await agentStateItem.getValue()), ...patch };
  await agentStateItem.setValue(next);
  return next;
}

/** The sign-in in progress: a code was sent to `email` by the service at `service_url`. */
export const pendingSignInItem = storage.defineItem<{ service_url: string; email: string } | null>('local:pending_sign_in', {
  fallback: null,
});
