import type { TaskType } from '../contract/task-types.js';
import type { PacingVerdict } from './pacing.js';
import type { StopVerdict } from './safety-stops.js';

/** Everything the claim loop weighs before it asks the service for work. */
export interface ClaimInputs {
  signed_in_service: boolean;
  network_signed_in: boolean;
  paused_by_user: boolean;
  stops: StopVerdict;
  pacing: PacingVerdict;
  claim_wait_s: number;
}

export type ClaimDecision =
  | { claim: true; wait_s: number; exclude_types: TaskType[] }
  | {
      claim: false;
      reason:
        | 'signed_out_service'
        | 'signed_out_network'
        | 'paused_by_user'
        | 'safety_stop'
        | 'hourly_budget';
    };

/** The protocol allows long polls of 0 to 25 s. */
const MAX_WAIT_S = 25;

export function decideClaim(i: ClaimInputs): ClaimDecision {
  if (!i.signed_in_service) return { claim: false, reason: 'signed_out_service' };
  if (!i.network_signed_in) return { claim: false, reason: 'signed_out_network' };
  if (i.paused_by_user) return { claim: false, reason: 'paused_by_user' };
  if (i.stops.all_stopped) return { claim: false, reason: 'safety_stop' };
  if (i.pacing.blocked_until !== null) return { claim: false, reason: 'hourly_budget' };
  let wait = Math.min(MAX_WAIT_S, Math.max(0, i.claim_wait_s));
  // Inside a safe-mode gap: come back when the gap ends, so actions are claimed then.
  if (i.pacing.recheck_in_ms !== null)
    wait = Math.min(wait, Math.max(1, Math.ceil(i.pacing.recheck_in_ms / 1000)));
  const exclude = [...new Set([...i.stops.exclude_types, ...i.pacing.exclude_types])];
  return { claim: true, wait_s: wait, exclude_types: exclude };
}
