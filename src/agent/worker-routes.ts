import { checkContract, describeFailure } from '../shared/contract-check.js';
import type { PayloadCheck, Route, Routes, SenderCheck } from '../shared/messaging.js';
import type { ToWorker } from '../shared/protocol.js';
import { isNetworkTopFrame, isOwnExtensionPage } from '../shared/sender-checks.js';
import { agentStateItem } from './agent-state.js';
import { interruptClaim, refreshBadge } from './claim-loop.js';
import type { AgentContext } from './context.js';
import { getCredentials } from './credentials.js';
import { acceptNetworkAccount } from './network-account.js';
import { openSignInPage } from './network-tab.js';
import { safetyStopsItem } from './safety-stops.js';
import { updateSettings } from './settings.js';
import { restartSignIn, sendCode, signOut, verifyCode } from './sign-in.js';
import { agentStatus } from './status.js';
import { answerInvitation } from './team-invitations.js';
import { onTaskResult } from './task-runner.js';

/** The payload check of a message to the worker: its schema (src/contract/extension-messages.ts). */
function schemaCheck<K extends keyof ToWorker>(type: K): PayloadCheck<ToWorker[K]['req']> {
  return (data) => {
    const checked = checkContract(type, data);
    return checked.ok
      ? { ok: true, data: checked.data }
      : { ok: false, error: describeFailure(checked, 'payload') };
  };
}

/** One route to the worker: the sender it accepts, its schema (by its type), and its handler. */
function route<K extends keyof ToWorker>(
  type: K,
  allow: SenderCheck,
  handle: Route<ToWorker[K]['req'], ToWorker[K]['res']>['handle'],
) {
  return { allow, check: schemaCheck(type), handle };
}

/** Every message the worker answers, each with the sender it accepts and the schema it checks. */
export function workerRoutes(ctx: AgentContext): Required<Routes<ToWorker>> {
  const popup = isOwnExtensionPage;
  const afterChange = async <T>(result: T): Promise<T> => {
    interruptClaim();
    ctx.kick();
    // Not waited for: the popup's answer should not wait on the toolbar (which also follows the
    // stored state by itself).
    void refreshBadge(ctx);
    return result;
  };
  return {
    'task:result': route('task:result', isNetworkTopFrame, (msg, sender) =>
      onTaskResult(ctx, msg, sender.tab?.id),
    ),
    'popup:status': route('popup:status', popup, () => agentStatus(ctx)),
    'popup:send-code': route('popup:send-code', popup, (req) => sendCode(req)),
    'popup:verify-code': route('popup:verify-code', popup, async (req) =>
      afterChange(await verifyCode(req)),
    ),
    'popup:restart-sign-in': route('popup:restart-sign-in', popup, () => restartSignIn()),
    'popup:sign-out': route('popup:sign-out', popup, async () => afterChange(await signOut())),
    'popup:set-paused': route('popup:set-paused', popup, async ({ paused }) => {
      // The claim loop tells the service at once: what the last heartbeat said no longer holds.
      await updateSettings({ paused_by_user: paused });
      return afterChange({ ok: true as const });
    }),
    'popup:set-safe-mode': route('popup:set-safe-mode', popup, async ({ enabled }) => {
      await updateSettings({ safe_mode: enabled });
      return afterChange({ ok: true as const });
    }),
    'popup:end-safety-stop': route('popup:end-safety-stop', popup, async () => {
      const now = ctx.clock.now();
      await safetyStopsItem.setValue([]);
      await ctx.journal.log({
        at: now,
        task_id: null,
        type: null,
        kind: 'note',
        error_code: null,
        duration_ms: null,
        message: 'Safety stop ended early by you',
      });
      return afterChange({ ok: true as const });
    }),
    'popup:accept-network-account': route('popup:accept-network-account', popup, async () => {
      const creds = await getCredentials();
      if (creds)
        await acceptNetworkAccount(creds.user.id, (await agentStateItem.getValue()).network);
      return { ok: true as const };
    }),
    'popup:open-network-sign-in': route('popup:open-network-sign-in', popup, async () => {
      await openSignInPage();
      return { ok: true as const };
    }),
    // After a move the claim in flight carries the revoked token: it is interrupted, and the next
    // heartbeat goes out with the new one.
    'popup:answer-invitation': route('popup:answer-invitation', popup, async (req) =>
      afterChange(await answerInvitation(ctx, req)),
    ),
  };
}
