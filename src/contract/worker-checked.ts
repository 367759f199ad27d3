import type { z } from 'zod/mini';
import {
  ClaimResponse,
  CompleteResponse,
  ExtendResponse,
  FailResponse,
  HeartbeatResponse,
  SignOutResponse,
} from './agent.js';
import { SendOtpResponse, VerifyOtpResponse } from './auth.js';
import { ErrorBody } from './common.js';
import { CONTENT_TO_WORKER, POPUP_TO_WORKER } from './extension-messages.js';
import { AcceptInvitationResponse } from './team-invitations.js';
import { NetworkMap } from './network-map.js';
import { TASK_INPUTS } from './task-io.js';
import { TeamKeyView } from './team-key.js';

/**
 * The schemas the extension's background worker checks what it is handed against, at its trust
 * boundaries: every message of the content script and the popup, the input of every task it
 * claims (before the network tab runs it), the network map a heartbeat answer offers, and the
 * service's answers. The worker carries no schema library: the build writes these schemas as JSON
 * Schema (scripts/contract-schemas.ts) and the worker checks against them
 * (src/shared/contract-check.ts), so this contract stays the one source of what is valid.
 */
export const WORKER_CHECKED = {
  'network-map': NetworkMap,
  ...CONTENT_TO_WORKER,
  ...POPUP_TO_WORKER,
  ...TASK_INPUTS,
  'answer:error': ErrorBody,
  'answer:send-otp': SendOtpResponse,
  'answer:verify-otp': VerifyOtpResponse,
  'answer:heartbeat': HeartbeatResponse,
  'answer:claim': ClaimResponse,
  'answer:extend': ExtendResponse,
  'answer:complete': CompleteResponse,
  'answer:fail': FailResponse,
  'answer:sign-out': SignOutResponse,
  'answer:accept-invitation': AcceptInvitationResponse,
  'answer:team-key': TeamKeyView,
};

/** What each checked schema answers once a value passed it (defaults filled in, unknown keys dropped). */
export type WorkerChecked = {
  [K in keyof typeof WORKER_CHECKED]: z.infer<(typeof WORKER_CHECKED)[K]>;
};
