import type { NetworkMap } from '../contract/network-map.js';
import { TASK_INPUTS, TASK_OUTPUTS } from '../contract/task-io.js';
import { TaskType } from '../contract/task-types.js';
import { NetworkError, toTaskError } from './errors.js';
import { OPERATIONS, type OperationContext } from './operations/index.js';
import { pacedPause } from './paging.js';
import { forgetSession, sessionMemoryFor } from './session-memory.js';
import { createNetworkFetch, csrfTokenFromCookies, documentCookies, type NetworkClientOptions } from './session.js';
import { sessionSelf } from './steps/me.js';
import type { NetworkReport, TaskResult } from './types.js';

export interface RunTaskOptions extends Omit<NetworkClientOptions, 'signal'> {
  map: NetworkMap;
  signal?: AbortSignal;
}

/**
 * Runs one claimed task in the network tab: validates its input, performs the operation of the
 * table, validates the output against the contract (so the service never gets a shape it would
 * refuse), and turns every failure into `{ok: false, error}`. The result carries which map
 * alternatives were used and which failed. Never throws.
 */
export async function runTask(task: { type: string; input: unknown }, options: RunTaskOptions): Promise<TaskResult> {
  const report: NetworkReport = { used: [], failed: [] };
  try {
    const type = TaskType.safeParse(task.type);
    if (!type.success) throw new NetworkError('network_changed', `Unknown task type: ${String(task.type)}`, { retryable: false });
    const output = await runTyped(type.data, task.input, options, report);
    return { ok: true, output, network: report };
  } catch (err) {
    const error = toTaskError(err);
    // The session is gone or under a check: what we remembered of it no longer holds.
    if (error.code === 'network_signed_out' || error.code === 'network_challenge') forgetSession();
    return { ok: false, error, network: report };
  }
}

async function runTyped<K extends TaskType>(type: K, rawInput: unknown, options: RunTaskOptions, report: NetworkReport): Promise<Record<string, unknown>> {
  const withType = rawInput && typeof rawInput === 'object' ? { task_type: type, ...rawInput } : rawInput;
  const input = TASK_INPUTS[type].safeParse(withType);
  if (!input.success) {
    const issue = input.error.issues[0];
    // A task the service should never have handed out: retrying it cannot help.
    throw new NetworkError('network_changed', `Invalid ${type} input: ${issue?.path.join('.') || 'input'}: ${issue?.message ?? 'invalid'}`, { retryable: false });
  }
  const signal = options.signal ?? new AbortController().signal;
  const cookies = options.cookies ?? documentCookies;
  const base = {
    map: options.map,
    fetch: createNetworkFetch({ ...options, cookies, signal }),
    signal,
    memory: sessionMemoryFor(csrfTokenFromCookies(cookies()) ?? 'signed-out'),
    report,
  };
  const ctx: OperationContext = { ...base, self: sessionSelf(base), pause: pacedPause(options.map, signal) };

  const operation = OPERATIONS[type] as (input: unknown, ctx: OperationContext) => Promise<unknown>;
  const output = TASK_OUTPUTS[type].safeParse(await operation(input.data, ctx));
  if (!output.success) {
    const issue = output.error.issues[0];
    throw new NetworkError('network_changed', `The ${type} output does not fit the contract at ${issue?.path.join('.') || 'output'}: ${issue?.message ?? 'invalid'}`);
  }
  return output.data as Record<string, unknown>;
}
