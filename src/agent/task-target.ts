import { TARGETS, TEXTS } from 'virtual:task-kinds';
import { taskTarget } from '../contract/task-target.js';
import type { TaskType } from '../contract/task-types.js';

/** Characters of a target the popup has room for. */
const ROOM = 48;

/**
 * What a task is about, for the popup: the task list's wording (src/contract/task-target.ts) from
 * the input alone, shortened to the popup's room.
 */
export function describeTarget(type: TaskType, input: Record<string, unknown>): string {
  const { label } = taskTarget({ target: TARGETS[type], text: TEXTS[type] }, input);
  return label.length > ROOM ? `${label.slice(0, ROOM - 1)}…` : label;
}
