import type { ClaimedTask } from '../contract/agent.js';
import type { TaskType } from '../contract/task-types.js';
import type { TaskResult } from '../network/types.js';
import { sendToTab } from '../shared/messaging.js';
import { patchState } from './agent-state.js';
import type { AgentContext } from './context.js';
import type { InflightTask } from './journal.js';
import { currentNetworkMap } from './network-map-store.js';
import { recordNetworkReport } from './network-health.js';
import { ensureNetworkTab, tabExists } from './network-tab.js';
import { recordStopFor } from './safety-stops.js';
import { ServiceError } from './service-client.js';
import { deliverResults, noteServiceFailure } from './service-failure.js';
import { checkTaskInput } from './task-input.js';
import { describeTarget } from './task-target.js';
import { EXTEND_WHEN_LEFT_MS, taskTimeoutMs } from './task-timeout.js';

/**
 * One claimed task from the claim to its journaled result. The content script answers `task:start`
 * at once and sends the result later as its own message, which also wakes a stopped worker; the
 * in-flight record in IndexedDB lets a restarted worker supervise the task again (recoverInflight).
 */

const waiters = new Map<string, (r: TaskResult) => void>();

const failure = (
  code: Extract<TaskResult, { ok: false }>['error']['code'],
  message: string,
  retryable: boolean,
): TaskResult => ({
  ok: false,
  error: { code, message, retryable },
});

/** What finishTask needs of a task in flight. */
const refOf = (t: InflightTask): Parameters<typeof finishTask>[1] => ({
  task_id: t.task_id,
  attempt: t.attempt,
  type: t.type,
  target: t.target ?? null,
  started_at: t.started_at,
});

/**
 * Journals a result (once per claim), logs it, applies the safety stop it calls for, and hands it
 * to delivery. Called for results from the content script and for timeouts we decide ourselves.
 */
export async function finishTask(
  ctx: AgentContext,
  t: {
    task_id: string;
    attempt: number;
    type: TaskType;
    target: string | null;
    started_at: number | null;
  },
  result: TaskResult,
): Promise<boolean> {
  const now = ctx.clock.now();
  const isNew = await ctx.journal.record(
    { task_id: t.task_id, attempt: t.attempt, type: t.type, result, created_at: now },
    now,
  );
  if (isNew) {
    await ctx.journal.log({
      at: now,
      task_id: t.task_id,
      type: t.type,
      target: t.target,
      kind: result.ok ? 'completed' : 'failed',
      error_code: result.ok ? null : result.error.code,
      duration_ms: t.started_at === null ? null : now - t.started_at,
      message: result.ok ? null : result.error.message,
    });
    await recordNetworkReport(result.network, (await currentNetworkMap()).version, now, {
      operation: t.type,
      ok: result.ok,
      code: result.ok ? null : result.error.code,
    });
    if (!result.ok) await recordStopFor(result.error, now);
    // The tab's session is gone: stop claiming until a session check sees it back.
    if (!result.ok && result.error.code === 'network_signed_out') {
      await patchState({
        network: {
          signed_in: false,
          member_urn: null,
          public_identifier: null,
          full_name: null,
          problem: { code: 'network_signed_out', message: result.error.message },
          checked_at: now,
        },
      });
    }
  }
  waiters.get(`${t.task_id}#${t.attempt}`)?.(result);
  const client = await ctx.client();
  if (client) await deliverResults(ctx, client);
  return isNew;
}

/**
 * The content script's `task:result`: journal first, then answer, so the tab may forget it. Taken
 * only from the tab the task was started in, for the attempt and type it runs: any other network
 * tab (another page of the network, a tab whose content script was tampered with) is refused, and
 * so is a result for a task that is no longer in flight (it timed out, or was given back).
 */
export async function onTaskResult(
  ctx: AgentContext,
  msg: { task_id: string; attempt: number; type: TaskType; result: TaskResult },
  fromTab: number | undefined,
): Promise<{ journaled: boolean }> {
  const ours = await ctx.journal.getInflight(msg.task_id);
  if (
    !ours ||
    ours.attempt !== msg.attempt ||
    ours.type !== msg.type ||
    ours.tab_id === null ||
    ours.tab_id !== fromTab
  ) {
    return { journaled: false };
  }
  await finishTask(ctx, refOf(ours), msg.result);
  ctx.kick();
  return { journaled: true };
}

/** Runs a claimed task; resolves when its result is journaled. */
export async function runClaimedTask(ctx: AgentContext, task: ClaimedTask): Promise<TaskResult> {
  const now = ctx.clock.now();
  const timeout = taskTimeoutMs(task);
  const target = describeTarget(task.type, task.input);
  const record: InflightTask = {
    task_id: task.id,
    attempt: task.attempt,
    type: task.type,
    tab_id: null,
    target,
    started_at: now,
    deadline_at: now + timeout,
    lease_expires_at: Date.parse(task.lease_expires_at),
  };
  await ctx.journal.startInflight(record);
  await patchState({ current_task: { id: task.id, type: task.type, target, started_at: now } });
  const ref = { task_id: task.id, attempt: task.attempt, type: task.type, target, started_at: now };
  try {
    // Checked here, not in the tab: the content script carries no schema library.
    const input = checkTaskInput(task.type, task.input);
    if (!input.ok) return await settle(ctx, ref, { ok: false, error: input.error });
    let tabId: number;
    try {
      tabId = await ensureNetworkTab(now);
    } catch (err) {
      return await settle(
        ctx,
        ref,
        failure('network_error', `No network tab: ${(err as Error).message}`, true),
      );
    }
    record.tab_id = tabId;
    await ctx.journal.updateInflight(task.id, { tab_id: tabId });
    const done = waitFor(record);
    const map = await currentNetworkMap();
    let accepted: { accepted: boolean; reason?: string };
    try {
      accepted = await sendToTab(tabId, 'task:start', {
        task_id: task.id,
        attempt: task.attempt,
        type: task.type,
        input: input.input,
        map,
        timeout_ms: timeout,
      });
    } catch (err) {
      accepted = { accepted: false, reason: (err as Error).message };
    }
    if (!accepted.accepted) {
      return await settle(
        ctx,
        ref,
        failure(
          'network_error',
          `The network tab did not take the task: ${accepted.reason ?? 'refused'}`,
          true,
        ),
      );
    }
    return await supervise(ctx, record, done);
  } finally {
    await patchState({ current_task: null });
  }
}

function waitFor(t: InflightTask): Promise<TaskResult> {
  const key = `${t.task_id}#${t.attempt}`;
  return new Promise<TaskResult>((resolve) => {
    waiters.set(key, (r) => {
      waiters.delete(key);
      resolve(r);
    });
  });
}

async function settle(
  ctx: AgentContext,
  ref: Parameters<typeof finishTask>[1],
  result: TaskResult,
): Promise<TaskResult> {
  await finishTask(ctx, ref, result);
  return result;
}

/**
 * Waits for the result while keeping the lease alive, and gives up at the deadline or when the
 * tab goes away (the task then goes back to the queue as a retryable failure).
 */
async function supervise(
  ctx: AgentContext,
  t: InflightTask,
  done: Promise<TaskResult>,
): Promise<TaskResult> {
  const ref = refOf(t);
  let settled: TaskResult | null = null;
  void done.then((r) => (settled = r));
  let leaseExpiresAt = t.lease_expires_at;
  let misses = 0;
  let lastLook = 0;
  while (!settled) {
    const now = ctx.clock.now();
    if (now >= t.deadline_at) {
      if (t.tab_id !== null)
        await sendToTab(t.tab_id, 'task:cancel', { task_id: t.task_id }).catch(() => {});
      await finishTask(
        ctx,
        ref,
        failure(
          'timeout',
          `The task did not finish within ${Math.round((t.deadline_at - t.started_at) / 1000)} s`,
          true,
        ),
      );
      break;
    }
    if (t.tab_id !== null && !(await tabExists(t.tab_id))) {
      await finishTask(
        ctx,
        ref,
        failure('network_error', 'The network tab was closed while the task ran', true),
      );
      break;
    }
    // The tab is there, but is its content script still on the task? Not after the page was
    // reloaded or left, nor after the extension was updated or reloaded (src/content/ aborts the
    // task then): give the task back at once rather than at its deadline.
    if (t.tab_id !== null && now - lastLook >= LOOK_EVERY_MS) {
      lastLook = now;
      misses = (await tabRuns(t.tab_id, t.task_id)) ? 0 : misses + 1;
      if (misses >= LOST_AFTER_MISSES && !settled) {
        await finishTask(
          ctx,
          ref,
          failure(
            'network_error',
            'The network tab stopped the task (the page was reloaded or left, or the extension was updated)',
            true,
          ),
        );
        break;
      }
    }
    if (leaseExpiresAt - now < EXTEND_WHEN_LEFT_MS) {
      const client = await ctx.client();
      try {
        if (client)
          leaseExpiresAt = Date.parse((await client.extend(t.task_id, t.attempt)).lease_expires_at);
        await ctx.journal.updateInflight(t.task_id, { lease_expires_at: leaseExpiresAt });
      } catch (err) {
        // Lease lost: another attempt owns the task now; our result would be refused anyway.
        if (err instanceof ServiceError && (err.status === 409 || err.status === 404)) {
          if (t.tab_id !== null)
            await sendToTab(t.tab_id, 'task:cancel', { task_id: t.task_id }).catch(() => {});
          await ctx.journal.dropInflight(t.task_id);
          await ctx.journal.log({
            at: now,
            task_id: t.task_id,
            type: t.type,
            target: t.target ?? null,
            kind: 'dropped',
            error_code: null,
            duration_ms: now - t.started_at,
            message: `Lease lost while running: ${err.message}`,
          });
          waiters.delete(`${t.task_id}#${t.attempt}`);
          return failure('timeout', 'Lease lost', true);
        }
        // Our key or token is refused: signed out, and no more calls (the result is journaled).
        if (err instanceof ServiceError && err.status === 401)
          await noteServiceFailure(err, ctx.clock);
        // Unreachable: try again on the next round; the result is journaled whatever happens.
      }
    }
    const wake = Math.min(t.deadline_at, leaseExpiresAt - EXTEND_WHEN_LEFT_MS + 5_000, now + 2_000);
    await Promise.race([done, ctx.clock.sleep(Math.max(200, wake - now))]);
  }
  return settled ?? (await done);
}

/** How often a running task's tab is asked whether it still runs it, and after how many "no"s it is lost. */
const LOOK_EVERY_MS = 3_000;
const LOST_AFTER_MISSES = 2;

async function tabRuns(tabId: number, taskId: string): Promise<boolean> {
  try {
    return (await sendToTab(tabId, 'ping', {})).busy.includes(taskId);
  } catch {
    return false;
  }
}

/** After a worker restart: supervise again every task the journal says is still in flight. */
export async function recoverInflight(ctx: AgentContext): Promise<void> {
  for (const t of await ctx.journal.inflight()) {
    const key = `${t.task_id}#${t.attempt}`;
    if (waiters.has(key)) continue;
    await patchState({
      current_task: {
        id: t.task_id,
        type: t.type,
        target: t.target ?? null,
        started_at: t.started_at,
      },
    });
    try {
      // The tab is recorded before the task is sent to it: without one, the task never started.
      if (t.tab_id === null)
        await finishTask(
          ctx,
          refOf(t),
          failure(
            'network_error',
            'The extension restarted before the task reached the network tab',
            true,
          ),
        );
      else await supervise(ctx, t, waitFor(t));
    } finally {
      await patchState({ current_task: null });
    }
  }
}
