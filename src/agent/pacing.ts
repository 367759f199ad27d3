import { defineItem } from './storage-item.js';
import { TASK_TYPES, WRITE_TYPES } from 'virtual:task-kinds';
import { DEFAULT_PACING } from '../contract/constants.js';
import type { TaskType } from '../contract/task-types.js';
import type { Pacing } from '../contract/budgets.js';
import { HOUR } from './clock.js';

/**
 * Pacing, on by default (docs/budgets.md): after an action others see (a like, a comment, an
 * invitation, a message) the next one waits a random gap, by default 30 to 90 s; after a read the
 * next read waits a shorter one, by default 2 to 6 s. The gaps are the service's to hand out (every
 * heartbeat answer carries the team's pace), so a team tightens them without a release. Safe mode
 * is the stricter setting: twice the gaps, and at most 50 network tasks an hour.
 *
 * The pacing never holds a claimed task: it keeps us from claiming what we may not run yet (via
 * exclude_types and by not claiming at all), so no lease is spent waiting.
 */
export const ACTION_TYPES: readonly TaskType[] = WRITE_TYPES;

const SAFE_MODE_FACTOR = 2;
const SAFE_MODE_HOURLY_BUDGET = 50;

export interface PacingState {
  /** Start times (epoch ms) of the network tasks run in the last hour. */
  runs: number[];
  /** Earliest time the next action may run, drawn with jitter when the last one ran. */
  next_action_at: number;
  /** Earliest time the next read may run. */
  next_read_at?: number;
}

export const EMPTY_PACING: PacingState = { runs: [], next_action_at: 0, next_read_at: 0 };

/**
 * Records that a task of `type` starts now and draws the gap before the next of its kind:
 * `random` in [0,1) picks it within the pace's [min, max] (doubled in safe mode).
 */
export function recordRun(
  state: PacingState,
  type: TaskType,
  now: number,
  random: number,
  pace: Pacing = DEFAULT_PACING,
  safeMode = false,
): PacingState {
  const runs = [...state.runs.filter((t) => t > now - HOUR), now];
  const write = ACTION_TYPES.includes(type);
  const [min, max] = write
    ? [pace.write_min_s, pace.write_max_s]
    : [pace.read_min_s, pace.read_max_s];
  const factor = safeMode ? SAFE_MODE_FACTOR : 1;
  const gapMs = Math.round((min + random * (max - min)) * 1000 * factor);
  return write
    ? { ...state, runs, next_action_at: now + gapMs }
    : { ...state, runs, next_read_at: now + gapMs };
}

export interface PacingVerdict {
  /** Nothing may be claimed before this time (the hourly budget is spent), or null. */
  blocked_until: number | null;
  /** Task types not to claim now (inside their gap). */
  exclude_types: TaskType[];
  /** How long to wait at most for a claim, so the loop looks again when a gap ends. */
  recheck_in_ms: number | null;
}

const READ_TYPES = TASK_TYPES.filter((t) => !ACTION_TYPES.includes(t));

export function pacingVerdict(state: PacingState, safeMode: boolean, now: number): PacingVerdict {
  if (safeMode) {
    const recent = state.runs.filter((t) => t > now - HOUR).sort((a, b) => a - b);
    if (recent.length >= SAFE_MODE_HOURLY_BUDGET) {
      // The budget frees one slot when the oldest run of the window leaves it.
      return {
        blocked_until: recent[recent.length - SAFE_MODE_HOURLY_BUDGET]! + HOUR,
        exclude_types: [],
        recheck_in_ms: null,
      };
    }
  }
  const writesWait = state.next_action_at > now ? state.next_action_at - now : 0;
  const readsWait = (state.next_read_at ?? 0) > now ? state.next_read_at! - now : 0;
  // Both gaps running: nothing may be claimed, and the loop looks again when the first one ends.
  if (writesWait && readsWait)
    return {
      blocked_until: null,
      exclude_types: [...TASK_TYPES],
      recheck_in_ms: Math.min(writesWait, readsWait),
    };
  if (writesWait)
    return { blocked_until: null, exclude_types: [...ACTION_TYPES], recheck_in_ms: writesWait };
  if (readsWait)
    return { blocked_until: null, exclude_types: [...READ_TYPES], recheck_in_ms: readsWait };
  return { blocked_until: null, exclude_types: [], recheck_in_ms: null };
}

export const pacingItem = defineItem<PacingState>('local:pacing', { fallback: EMPTY_PACING });
