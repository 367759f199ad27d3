import type { AgentState, ReportedState } from './agent-state.js';
import type { StopVerdict } from './safety-stops.js';

/**
 * When the claim loop must send a heartbeat before it may claim: when the minute is up, and also
 * whenever what the service last heard from us (paused? signed in to the network?) differs from
 * what is true now. The service refuses claims from a member whose last heartbeat said paused or
 * signed out (docs/agent-protocol.md, "Liveness"), so a claim sent while it still believes an old
 * "paused" waits out its whole long poll for nothing, again and again until the next minute.
 *
 * Comparing with what the last heartbeat actually carried (not with a "send one now" flag) is what
 * makes this safe against orderings: a heartbeat that read "paused" just before the member pressed
 * Resume records "paused" as what it told the service, so the loop sends another one at once.
 */
export function heartbeatDue(
  state: Pick<
    AgentState,
    | 'last_heartbeat_at'
    | 'heartbeat_every_s'
    | 'reported'
    | 'service_reachable'
    | 'service_error'
    | 'heartbeat_wanted_at'
  >,
  current: ReportedState,
  now: number,
): boolean {
  if (
    state.last_heartbeat_at === null ||
    now - state.last_heartbeat_at >= state.heartbeat_every_s * 1000
  )
    return true;
  // Back from an outage or a refusal (a claim refused for want of consent): say so at once; the
  // popup shows the service unreachable, or its error, until a heartbeat.
  if (!state.reported || state.service_reachable === false || state.service_error) return true;
  // The open popup asked for fresh budgets and waiting tasks (status.ts).
  if ((state.heartbeat_wanted_at ?? 0) > state.last_heartbeat_at) return true;
  return (
    state.reported.paused !== current.paused ||
    state.reported.network_signed_in !== current.network_signed_in
  );
}

/** What a heartbeat sent now would report: paused by the member or by a safety stop of all work. */
export function reportFor(i: {
  paused_by_user: boolean;
  stops: StopVerdict;
  network_signed_in: boolean;
}): ReportedState {
  return {
    paused: i.paused_by_user || i.stops.all_stopped,
    network_signed_in: i.network_signed_in,
  };
}
