import type { NetworkMap } from '../contract/network-map.js';
import { TASK_INPUTS, TASK_OUTPUTS } from '../contract/task-io.js';
import { TaskType } from '../contract/task-types.js';
import { NetworkError, toTaskError } from './errors.js';
import { OPERATIONS, type Me, type OperationContext } from './operations/index.js';
import { fetchMe } from './parse/me.js';
import { createNetworkFetch, type NetworkClientOptions } from './session.js';
import type { TaskResult } from './types.js';

export interface RunTaskOptions extends Omit<NetworkClientOptions, 'signal'> {
  map: NetworkMap;
  signal?: AbortSignal;
}

/**
 * Runs one claimed task in the network tab: validates its input, performs the operation of the
 * table, validates the output against the contract (so the service never gets a shape it would
 * refuse), and turns every failure into `{ok: false, error}`. Never throws.
 */
export async function runTask(task: { type: string; input: unknown }, options: RunTaskOptions): Promise<TaskResult> {
  try {
    const type = TaskType.safeParse(task.type);
    if (!type.success) throw new NetworkError('network_changed', `Unknown task type: ${String(task.type)}`, false);
    const output = await runTyped(type.data, task.input, options);
    return { ok: true, output };
  } catch (err) {
    return { ok: false, error: toTaskError(err) };
  }
}

async function runTyped<K extends TaskType>(type: K, rawInput: unknown, options: RunTaskOptions): Promise<Record<string, unknown>> {
  const withType = rawInput && typeof rawInput === 'object' ? { task_type: type, ...rawInput } : rawInput;
  const input = TASK_INPUTS[type].safeParse(withType);
  if (!input.success) {
    const issue = input.error.issues[0];
    // A task the service should never have handed out: retrying it cannot help.
    throw new NetworkError('network_changed', `Invalid ${type} input: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`, false);
  }
  const signal = options.signal ?? new AbortController().signal;
  const fetch = createNetworkFetch({ ...options, signal });
  let me: Promise<Me> | undefined;
  const ctx: OperationContext = { map: options.map, fetch, signal, self: () => (me ??= fetchMe(options.map, fetch, signal)) };

  const operation = OPERATIONS[type] as (input: unknown, ctx: OperationContext) => Promise<unknown>;
  const output = TASK_OUTPUTS[type].safeParse(await operation(input.data, ctx));
  if (!output.success) {
    const issue = output.error.issues[0];
    throw new NetworkError('network_changed', `The ${type} output does not fit the contract at ${issue?.path.join('.') || 'output'}: ${issue?.message ?? 'invalid'}`);
  }
  return output.data as Record<string, unknown>;
}
