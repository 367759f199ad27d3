import type { ClaimedTask } from '../contract/agent.js';

/**
 * How long one task may run in the tab before it counts as timed out. A task is one to three
 * network calls, or one per page (and per hollow search result) of a list, paced like a person
 * (docs/network-map.md, "Paging"): lists and tasks over many profiles get time per item.
 */
const BASE_TIMEOUT_MS = 90_000;
const PER_PROFILE_MS = 30_000;
/** A page of two, paced, is the slowest the network has answered a list in. */
const PER_LIST_ITEM_MS = 1_500;
const MAX_TIMEOUT_MS = 15 * 60_000;

export function taskTimeoutMs(task: Pick<ClaimedTask, 'type' | 'input'>): number {
  const urns = task.input.profile_urns;
  const profiles = Array.isArray(urns) ? urns.length : 1;
  const count = typeof task.input.count === 'number' ? task.input.count : 0;
  const perProfileItems = Array.isArray(urns) ? profiles * count : count;
  return Math.min(
    MAX_TIMEOUT_MS,
    BASE_TIMEOUT_MS +
      Math.max(0, profiles - 1) * PER_PROFILE_MS +
      perProfileItems * PER_LIST_ITEM_MS,
  );
}

/** Extend the lease when less than this is left of it. */
export const EXTEND_WHEN_LEFT_MS = 45_000;
