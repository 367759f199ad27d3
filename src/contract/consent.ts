import { z } from './zod.js';
import { strictBody } from './common.js';
import { HeartbeatResponse } from './agent.js';
import { REFUSABLE_TYPES } from './task-kinds.js';
import { TASK_TYPES, TaskType } from './task-types.js';

/**
 * Informed consent (docs/agent-protocol.md, "Consent"): before a member's agent is given any task,
 * the member acknowledges what will be done in their name and the risk to their network account.
 * The service owns the text and its version; a new version asks again.
 */

const refusedMessage = `Invalid 'refused_types': only the write kinds can be refused (${REFUSABLE_TYPES.join(', ')})`;

const RefusableType = z
  .enum(TASK_TYPES, { error: refusedMessage })
  .check(z.refine((t) => REFUSABLE_TYPES.includes(t), { error: refusedMessage }));

export const ConsentView = z.object({
  /** The version of `text`; acknowledging names it, so nobody agrees to a text they did not see. */
  version: z.string(),
  /** Plain words: what runs in the member's name, who queues it, the risk to the account, the member's controls. */
  text: z.string(),
  /** The kinds of tasks the team can queue for this member, as the text names them. */
  task_types: z.array(TaskType),
  /** The version the member acknowledged last, and when; null until then (or after a withdrawal). */
  acknowledged_version: z.nullable(z.string()),
  acknowledged_at: z.nullable(z.string()),
  /** The write kinds the member turned off: never assigned to them. */
  refused_types: z.array(TaskType),
});
export type ConsentView = z.infer<typeof ConsentView>;

export const ConsentBody = strictBody({
  version: z
    .string({ error: "Missing or invalid 'version'" })
    .check(z.minLength(1, { error: "Missing or invalid 'version'" }), z.maxLength(100)),
  refused_types: z.optional(
    z
      .array(RefusableType, { error: refusedMessage })
      .check(z.maxLength(REFUSABLE_TYPES.length * 2, { error: refusedMessage })),
  ),
});
export type ConsentBody = z.infer<typeof ConsentBody>;

/** What the heartbeat answer says of it: the current version, and whether this member acknowledged it. */
const HeartbeatConsent = z.object({ version: z.string(), acknowledged: z.boolean() });

/**
 * The heartbeat answer as the service sends it. The extension parses `HeartbeatResponse` (agent.ts),
 * which leaves `consent` out: its popup asks `GET /agent/consent` itself, so the worker's bundle
 * does not carry a schema it would never read.
 */
export const HeartbeatAnswer = z.extend(HeartbeatResponse, { consent: HeartbeatConsent });
export type HeartbeatAnswer = z.infer<typeof HeartbeatAnswer>;
