import type { TaskInput } from '../contract/task-io.js';
import type { AgentTaskError, TaskType } from '../contract/task-types.js';
import { checkContract, describeFailure } from '../shared/contract-check.js';

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
  const checked = checkContract(type, { task_type: type, ...input });
  if (checked.ok) return { ok: true, input: checked.data as TaskInput<K> };
  return {
    ok: false,
    error: {
      code: 'network_changed',
      message: `Invalid ${type} input: ${describeFailure(checked, 'input')}`.slice(0, 2000),
      retryable: false,
    },
  };
}
