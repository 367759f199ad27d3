import type { ClaimedTask } from '../contract/agent.js';
import type { AgentContext } from './context.js';
import { deliverDue } from './delivery.js';
import type { ServiceClient } from './service-client.js';
import { finishTask } from './task-runner.js';

/**
 * A task whose claim answered after the agent was told to stop (paused, signed out, stopped) goes
 * back at once as a retryable `paused_by_user` failure, instead of sitting `processing` until its
 * lease runs out (docs/agent-protocol.md "Claim"). It is journaled like any result, so it reaches
 * the service once it is there again.
 */
export async function giveBackTask(
  ctx: AgentContext,
  claimedWith: ServiceClient,
  task: ClaimedTask,
  why: string,
): Promise<void> {
  const ref = {
    task_id: task.id,
    attempt: task.attempt,
    type: task.type,
    target: null,
    started_at: null,
  };
  await finishTask(ctx, ref, {
    ok: false,
    error: { code: 'paused_by_user', message: `Not run: ${why}`, retryable: true },
  });
  // Signed out meanwhile, there is no client now: the claim's own credentials may still be accepted.
  await deliverDue(ctx.journal, claimedWith, ctx.clock).catch(() => {});
}
