import { updateSettings } from './settings.js';
import { interruptClaim, refreshBadge } from './claim-loop.js';
import type { AgentContext } from './context.js';
import type { Routes } from './messaging.js';
import { openSignInPage } from './network-tab.js';
import type { ToWorker } from './protocol.js';
import { isNetworkTopFrame, isOwnExtensionPage } from './sender-checks.js';
import { restartSignIn, sendCode, signOut, verifyCode } from './sign-in.js';
import { agentStatus } from './status.js';
import { onTaskResult } from './task-runner.js';

/** Every message the worker answers, each with the sender it accepts. */
export function workerRoutes(ctx: AgentContext): Routes<ToWorker> {
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
    'task:result': { allow: isNetworkTopFrame, handle: (msg) => onTaskResult(ctx, msg) },
    'popup:status': { allow: popup, handle: () => agentStatus(ctx) },
    'popup:send-code': { allow: popup, handle: (req) => sendCode(req) },
    'popup:verify-code': { allow: popup, handle: async (req) => afterChange(await verifyCode(req)) },
    'popup:restart-sign-in': { allow: popup, handle: () => restartSignIn() },
    'popup:sign-out': { allow: popup, handle: async () => afterChange(await signOut()) },
    'popup:set-paused': {
      allow: popup,
      handle: async ({ paused }) => {
        // The claim loop tells the service at once: what the last heartbeat said no longer holds.
        await updateSettings({ paused_by_user: paused === true });
        return afterChange({ ok: true as const });
      },
    },
    'popup:set-safe-mode': {
      allow: popup,
      handle: async ({ enabled }) => {
        await updateSettings({ safe_mode: enabled === true });
        return afterChange({ ok: true as const });
      },
    },
    'popup:open-network-sign-in': {
      allow: popup,
      handle: async () => {
        await openSignInPage();
        return { ok: true as const };
      },
    },
  };
}
