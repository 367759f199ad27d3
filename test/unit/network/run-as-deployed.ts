import { TASK_OUTPUTS } from '../../../src/contract/task-io.js';
import { TASK_TYPES, type TaskType } from '../../../src/contract/task-types.js';
import { checkTaskInput } from '../../../src/agent/task-input.js';
import { runTask, type RunTaskOptions } from '../../../src/network/run-task.js';
import type { TaskResult } from '../../../src/network/types.js';

/**
 * runTask as the deployed extension runs it: the worker checks and normalises the input before
 * `task:start` (src/agent/task-input.ts), and the service checks the output against the contract,
 * a refusal the worker reports as `network_changed` (src/agent/delivery.ts). The content script
 * itself carries neither check; these tests keep both in the loop, so every operation is still
 * held to the contract's output schema.
 */
export async function runAsDeployed(
  task: { type: string; input: Record<string, unknown> },
  options: RunTaskOptions,
): Promise<TaskResult> {
  if (!(TASK_TYPES as readonly string[]).includes(task.type))
    return runTask(task as never, options);
  const type = task.type as TaskType;
  const checked = checkTaskInput(type, task.input);
  if (!checked.ok) return { ok: false, error: checked.error, network: { used: [], failed: [] } };
  const result = await runTask({ type, input: checked.input }, options);
  if (!result.ok) return result;
  const output = TASK_OUTPUTS[type].safeParse(result.output);
  if (output.success) return { ...result, output: output.data as Record<string, unknown> };
  const issue = output.error.issues[0];
  return {
    ok: false,
    error: {
      code: 'network_changed',
      message: `Output refused by the service: the ${type} output does not fit the contract at ${issue?.path.join('.') || 'output'}: ${issue?.message}`,
      retryable: false,
    },
    network: result.network,
  };
}
