import { z } from './zod.js';
import { NETWORK_CALLS } from './network-map.js';
import { AgentErrorCode, AgentTaskError, TaskType } from './task-types.js';

/**
 * What the extension's content script and popup may send to its background worker. The worker
 * checks every such message against these schemas after the sender check and before any handler
 * sees it (src/messaging/messaging.ts, Bitwarden's rule: content scripts are the least trusted
 * place in an extension); a malformed one is refused and logged, never cast. The types the senders
 * use are inferred from the same schemas (src/messaging/protocol.ts), and only the worker imports
 * this file at run time: the content script and the popup carry no schema library.
 */

const Id = z.string().check(z.minLength(1), z.maxLength(100));
const Attempt = z.number().check(z.int(), z.gte(1));
const CallName = z.enum(NETWORK_CALLS);
const AlternativeId = z.string().check(z.maxLength(60));

/** One alternative of the network map that did not work, and why (docs/network-map.md, "Health"). */
export const AlternativeFailure = z.object({
  call: CallName,
  alternative: AlternativeId,
  /** The HTTP status, or null when the answer came but could not be read. */
  status: z.nullable(z.number().check(z.int())),
  code: AgentErrorCode,
  message: z.string().check(z.maxLength(2000)),
});
export type AlternativeFailure = z.infer<typeof AlternativeFailure>;

/**
 * What the results one alternative gave in one task lacked (docs/network-map.md, "Health"): of
 * `results` read, how many lacked each field (by its output name: `headline`, `content`).
 */
const AnswerGaps = z.object({
  call: CallName,
  alternative: AlternativeId,
  results: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
  missing: z
    .array(
      z.object({
        field: z.string().check(z.maxLength(60)),
        count: z.number().check(z.int(), z.gte(1), z.lte(1_000_000)),
      }),
    )
    .check(z.maxLength(20)),
});

/** Which alternatives a task used and which failed on the way: the worker's network health. */
export const NetworkReport = z.object({
  used: z.array(z.object({ call: CallName, alternative: AlternativeId })).check(z.maxLength(500)),
  failed: z.array(AlternativeFailure).check(z.maxLength(500)),
  /** Per alternative that gave results: how many, and which fields some lacked (none: whole). */
  answers: z.optional(z.array(AnswerGaps).check(z.maxLength(100))),
});
export type NetworkReport = z.infer<typeof NetworkReport>;

/**
 * What the content script answers for one task; it never throws across the message boundary. The
 * output is the operation's; the service checks it against the task type's output schema, and the
 * worker reports a refusal as `network_changed` (src/agent/delivery.ts).
 */
export const TaskResult = z.union([
  z.object({
    ok: z.literal(true),
    output: z.record(z.string(), z.unknown()),
    network: z.optional(NetworkReport),
  }),
  z.object({ ok: z.literal(false), error: AgentTaskError, network: z.optional(NetworkReport) }),
]);
export type TaskResult = z.infer<typeof TaskResult>;

const Empty = z.strictObject({});

/** Content script -> worker: the result of a task it was given with `task:start`. */
export const CONTENT_TO_WORKER = {
  'task:result': z.strictObject({
    task_id: Id,
    attempt: Attempt,
    type: TaskType,
    result: TaskResult,
  }),
};

/** Popup -> worker. */
export const POPUP_TO_WORKER = {
  'popup:status': Empty,
  'popup:send-code': z.strictObject({
    service_url: z.string().check(z.maxLength(2000)),
    email: z.string().check(z.maxLength(320)),
    full_name: z.string().check(z.maxLength(200)),
  }),
  'popup:verify-code': z.strictObject({ otp: z.string().check(z.maxLength(20)) }),
  'popup:restart-sign-in': Empty,
  'popup:sign-out': Empty,
  'popup:set-paused': z.strictObject({ paused: z.boolean() }),
  'popup:set-safe-mode': z.strictObject({ enabled: z.boolean() }),
  /** Ends the safety stops now, against the network's advice (the popup warns first). */
  'popup:end-safety-stop': Empty,
  /** The member confirms the network account now signed in is the one to work with. */
  'popup:accept-network-account': Empty,
  'popup:open-network-sign-in': Empty,
  /** The member joins the inviting team (leaving theirs) or declines (src/contract/team-invitations.ts). */
  'popup:answer-invitation': z.strictObject({ team_id: Id, accept: z.boolean() }),
};

/** The request of each message to the worker, as its sender builds it. */
export type ToWorkerRequests = {
  [K in keyof typeof CONTENT_TO_WORKER]: z.infer<(typeof CONTENT_TO_WORKER)[K]>;
} & { [K in keyof typeof POPUP_TO_WORKER]: z.infer<(typeof POPUP_TO_WORKER)[K]> };
