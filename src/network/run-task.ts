import type { NetworkMap } from '../contract/network-map.js';
import type { TaskInput } from '../contract/task-io.js';
import type { TaskType } from '../contract/task-types.js';
import { NetworkError, toTaskError } from './errors.js';
import { OPERATIONS, type OperationContext } from './operations/index.js';
import { pacedPause } from './paging.js';
import { forgetSession, sessionMemoryFor } from './session-memory.js';
import {
  createNetworkFetch,
  csrfTokenFromCookies,
  documentCookies,
  type NetworkClientOptions,
} from './session.js';
import { sessionSelf } from './steps/me.js';
import type { NetworkReport, TaskResult } from './types.js';

export interface RunTaskOptions extends Omit<NetworkClientOptions, 'signal'> {
  map: NetworkMap;
  signal?: AbortSignal;
}

/**
 * Runs one claimed task in the network tab: performs the operation of the table and turns every
 * failure into `{ok: false, error}`. The result carries which map alternatives were used and which
 * failed. Never throws.
 *
 * The input comes checked and normalised by the worker (src/agent/task-input.ts), and the output
 * is checked by the service, whose refusal the worker reports as `network_changed`
 * (src/agent/delivery.ts): the content script carries no schema library, so that it stays small on
 * every page of the network (scripts/bundle-size.mjs).
 */
export async function runTask<K extends TaskType>(
  task: { type: K; input: TaskInput<K> },
  options: RunTaskOptions,
): Promise<TaskResult> {
  const report: NetworkReport = { used: [], failed: [] };
  try {
    if (!Object.hasOwn(OPERATIONS, task.type))
      throw new NetworkError('network_changed', `Unknown task type: ${String(task.type)}`, {
        retryable: false,
      });
    const output = await runTyped(task.type, task.input, options, report);
    return { ok: true, output, network: report };
  } catch (err) {
    const error = toTaskError(err);
    // The session is gone or under a check: what we remembered of it no longer holds.
    if (error.code === 'network_signed_out' || error.code === 'network_challenge') forgetSession();
    return { ok: false, error, network: report };
  }
}

async function runTyped<K extends TaskType>(
  type: K,
  input: TaskInput<K>,
  options: RunTaskOptions,
  report: NetworkReport,
): Promise<Record<string, unknown>> {
  const signal = options.signal ?? new AbortController().signal;
  const cookies = options.cookies ?? documentCookies;
  const base = {
    map: options.map,
    fetch: createNetworkFetch({ ...options, cookies, signal }),
    signal,
    memory: sessionMemoryFor(csrfTokenFromCookies(cookies()) ?? 'signed-out'),
    report,
  };
  const ctx: OperationContext = {
    ...base,
    self: sessionSelf(base),
    pause: pacedPause(options.map, signal),
  };
  const operation = (OPERATIONS as Partial<Record<TaskType, unknown>>)[type] as (
    input: TaskInput<K>,
    ctx: OperationContext,
  ) => Promise<Record<string, unknown>>;
  return operation(input, ctx);
}
