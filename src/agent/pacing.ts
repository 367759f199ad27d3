import { defineItem } from './storage-item.js';
import type { TaskType } from '../contract/task-types.js';
import { HOUR } from './clock.js';

/**
 * Safe mode (opt-in): actions that others see (likes, comments, invitations, messages) go out 30
 * to 60 s apart with random jitter, and all network work keeps within an hourly budget; the spec's
 * own guidance is about 50 calls an hour, likes and comments 30 to 60 s apart. Without safe mode
 * every task runs at once (spec: "the caller paces its own calls").
 *
 * The pacing never holds a claimed task: it keeps us from claiming what we may not run yet (via
 * exclude_types and by not claiming at all), so no lease is spent waiting.
 */
export const ACTION_TYPES: readonly TaskType[] = [
  'agent_like_post',
  'agent_comment_post',
  'agent_connection_request',
  'agent_send_message',
];

export interface PacingOptions {
  min_gap_ms: number;
  max_gap_ms: number;
  hourly_budget: number;
}

export const DEFAULT_PACING: PacingOptions = { min_gap_ms: 30_000, max_gap_ms: 60_000, hourly_budget: 50 };

export interface PacingState {
  /** Start times (epoch ms) of the network tasks run in the last hour. */
  runs: number[];
  /** Earliest time the next action may run, drawn with jitter when the last one ran. */
  next_action_at: number;
}

export const EMPTY_PACING: PacingState = { runs: [], next_action_at: 0 };

/** Records that a task of `type` starts now. `random` in [0,1) draws the jitter of the next gap. */
export function recordRun(state: PacingState, type: TaskType, now: number, random: number, opts = DEFAULT_PACING): PacingState {
  const runs = [...state.runs.filter((t) => t > now - HOUR), now];
  if (!ACTION_TYPES.includes(type)) return { ...state, runs };
  const gap = opts.min_gap_ms + Math.floor(random * (opts.max_gap_ms - opts.min_gap_ms + 1));
  return { runs, next_action_at: now + gap };
}

export interface PacingVerdict {
  /** Nothing may be claimed before this time (the hourly budget is spent), or null. */
  blocked_until: number | null;
  /** Task types not to claim now (actions inside their gap). */
  exclude_types: TaskType[];
  /** How long to wait at most for a claim, so the loop looks again when the gap ends. */
  recheck_in_ms: number | null;
}

export function pacingVerdict(state: PacingState, safeMode: boolean, now: number, opts = DEFAULT_PACING): PacingVerdict {
  if (!safeMode) return { blocked_until: null, exclude_types: [], recheck_in_ms: null };
  const recent = state.runs.filter((t) => t > now - HOUR).sort((a, b) => a - b);
  if (recent.length >= opts.hourly_budget) {
    // The budget frees one slot when the oldest run of the window leaves it.
    return { blocked_until: recent[recent.length - opts.hourly_budget]! + HOUR, exclude_types: [], recheck_in_ms: null };
  }
  if (state.next_action_at > now) {
    return { blocked_until: null, exclude_types: [...ACTION_TYPES], recheck_in_ms: state.next_action_at - now };
  }
  return { blocked_until: null, exclude_types: [], recheck_in_ms: null };
}

export const pacingItem = defineItem<PacingState>('local:pacing', { fallback: EMPTY_PACING });
