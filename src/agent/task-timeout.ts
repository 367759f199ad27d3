import type { ClaimedTask } from '../contract/agent.js';

/**
 * How long one task may run in the tab before it counts as timed out. Most operations are one to
 * three network calls; tasks over many profiles or pages get more time per item.
 */
export const BASE_TIMEOUT_MS = 90_000;
const PER_ITEM_MS = 30_000;
const MAX_TIMEOUT_MS = 10 * 60_000;

export function taskTimeoutMs(task: Pick<ClaimedTask, 'type' | 'input'>): number {
  const urns = task.input.profile_urns;
  const items = Array.isArray(urns) ? urns.length : 1;
  return Math.min(MAX_TIMEOUT_MS, BASE_TIMEOUT_MS + Math.max(0, items - 1) * PER_ITEM_MS);
}

/** Extend the lease when less than this is left of it. */
export const EXTEND_WHEN_LEFT_MS = 45_000;
