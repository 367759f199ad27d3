import { TASK_INPUTS, type TaskInput } from '../contract/task-io.js';
import type { AgentTaskError, TaskType } from '../contract/task-types.js';

/**
 * Checks a claimed task's input against the contract and normalises it (defaults filled in) before
 * it goes to the network tab in `task:start`. The content script trusts what its worker sends and
 * carries no schema library (scripts/bundle-size.mjs). A task the service should never have handed
 * out fails at once, without touching the network: retrying it cannot help.
 */
export function checkTaskInput<K extends TaskType>(
  type: K,
  input: Record<string, unknown>,
): { ok: true; input: TaskInput<K> } | { ok: false; error: AgentTaskError } {
  const parsed = TASK_INPUTS[type].safeParse({ task_type: type, ...input });
  if (parsed.success) return { ok: true, input: parsed.data as TaskInput<K> };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    error: {
      code: 'network_changed',
      message: `Invalid ${type} input: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`.slice(0, 2000),
      retryable: false,
    },
  };
}
