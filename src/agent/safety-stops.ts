import { defineItem } from './storage-item.js';
import { TASK_TYPES } from 'virtual:task-kinds';
import type { AgentErrorCode, TaskType } from '../contract/task-types.js';
import { DAY, HOUR } from './clock.js';

/**
 * Safety stops: when the network says "slow down" we stop the affected kind of work for a while
 * instead of trying again soon (docs/network-internal-api.md, "Pacing seen in the field": after a warning,
 * stop for 24 to 48 hours). A rate limit or a challenge stops all network work; the weekly
 * invitation limit stops only invitations.
 */
export interface SafetyStop {
  code: 'network_rate_limited' | 'network_challenge' | 'invitation_limit';
  /** The task types this stop keeps us from claiming. */
  types: TaskType[];
  /** Epoch ms when claiming may resume. */
  until: number;
  message: string;
}

/** Cool-downs. A rate limit is the mildest signal; a challenge means the account is watched. */
export const COOL_DOWN_MS = {
  network_rate_limited: 6 * HOUR,
  network_challenge: 24 * HOUR,
  invitation_limit: 7 * DAY,
} as const;

/** The stop one task error calls for, or null for errors that concern only that task. */
export function stopFor(
  error: { code: AgentErrorCode; message: string; retry_after?: string },
  now: number,
): SafetyStop | null {
  switch (error.code) {
    case 'network_rate_limited':
    case 'network_challenge':
      return {
        code: error.code,
        types: [...TASK_TYPES],
        until: now + COOL_DOWN_MS[error.code],
        message: error.message,
      };
    case 'invitation_limit': {
      // The network's own reset, when it told us one and it is sooner than a week.
      const reset = error.retry_after ? Date.parse(error.retry_after) : NaN;
      const until =
        Number.isFinite(reset) && reset > now && reset < now + COOL_DOWN_MS.invitation_limit
          ? reset
          : now + COOL_DOWN_MS.invitation_limit;
      return {
        code: 'invitation_limit',
        types: ['agent_connection_request'],
        until,
        message: error.message,
      };
    }
    default:
      return null;
  }
}

export function activeStops(stops: SafetyStop[], now: number): SafetyStop[] {
  return stops.filter((s) => s.until > now);
}

/** Adds a stop, replacing an older one of the same code (the latest signal sets the cool-down). */
function addStop(stops: SafetyStop[], stop: SafetyStop, now: number): SafetyStop[] {
  return [...activeStops(stops, now).filter((s) => s.code !== stop.code), stop];
}

export interface StopVerdict {
  /** Every task type is stopped: nothing may be claimed (reported as paused in the heartbeat). */
  all_stopped: boolean;
  exclude_types: TaskType[];
  /** For the heartbeat and the popup, e.g. `network_rate_limited until 2026-11-22T12:00:00.000Z`. */
  reason: string | null;
  /** When the last of these stops ends. */
  until: number | null;
}

export function stopVerdict(stops: SafetyStop[], now: number): StopVerdict {
  const active = activeStops(stops, now);
  if (!active.length) return { all_stopped: false, exclude_types: [], reason: null, until: null };
  const excluded = new Set(active.flatMap((s) => s.types));
  const allStopped = TASK_TYPES.every((t) => excluded.has(t));
  const lead = active.find((s) => s.types.length === TASK_TYPES.length) ?? active[0]!;
  return {
    all_stopped: allStopped,
    exclude_types: TASK_TYPES.filter((t) => excluded.has(t)),
    reason: `${lead.code} until ${new Date(lead.until).toISOString()}`,
    until: Math.max(...active.map((s) => s.until)),
  };
}

export const safetyStopsItem = defineItem<SafetyStop[]>('local:safety_stops', { fallback: [] });

/** Records the stop a task error calls for; answers it (or null). */
export async function recordStopFor(
  error: { code: AgentErrorCode; message: string; retry_after?: string },
  now: number,
): Promise<SafetyStop | null> {
  const stop = stopFor(error, now);
  if (!stop) return null;
  await safetyStopsItem.setValue(addStop(await safetyStopsItem.getValue(), stop, now));
  return stop;
}
