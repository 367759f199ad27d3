import { z } from './zod.js';
import { int32 } from './integers.js';
import { MemberSafety, Pacing } from './budgets.js';
import { strictBody } from './common.js';
import { Role } from './auth.js';
import { AgentErrorCode, AgentTaskError, TaskType } from './task-types.js';
import { NetworkMap } from './network-map.js';
import { PendingInvitation } from './team-invitations.js';

/** docs/agent-protocol.md, v1. Every `/agent/` call carries `x-api-key` and `authorization: Bearer`. */

/**
 * One call of the network map that failed lately: `degraded` when another alternative still works,
 * `broken` when none has worked since the failures began.
 */
export const CallHealth = z.object({
  call: z.string().check(z.maxLength(60)),
  state: z.enum(['degraded', 'broken']),
  working_alternative: z.nullable(z.string().check(z.maxLength(60))),
  failures: z
    .array(
      z.object({
        alternative: z.string().check(z.maxLength(60)),
        status: z.nullable(int32()),
        code: z.string().check(z.maxLength(60)),
        message: z.string().check(z.maxLength(300)),
        count: int32({ min: 1 }),
        last_at: z.string().check(z.maxLength(40)),
      }),
    )
    .check(z.maxLength(8)),
});
export type CallHealth = z.infer<typeof CallHealth>;

/**
 * One required field the results of one way (a call's alternative) lacked, under one operation:
 * `missing` of the `results` it gave since `since` lacked `field` (a post's `content`, a profile's
 * `headline`). The item was skipped, or the operation failed `network_changed` when most did.
 */
const MissingFieldHealth = z.object({
  call: z.string().check(z.maxLength(60)),
  alternative: z.string().check(z.maxLength(60)),
  /** The result's field, by its output name: `headline`, `content`, `likes_count`, `urn`. */
  field: z.string().check(z.maxLength(60)),
  /** Results (items) this way gave since `since`, whole or not. */
  results: int32({ min: 1 }),
  /** Of them, how many lacked the field. */
  missing: int32({ min: 1 }),
  since: z.string().check(z.maxLength(40)),
  last_at: z.string().check(z.maxLength(40)),
});

/** One way (a call's alternative) that failed under one operation, how, and since when. */
const FailedWayHealth = z.object({
  call: z.string().check(z.maxLength(60)),
  alternative: z.string().check(z.maxLength(60)),
  status: z.nullable(int32()),
  code: z.string().check(z.maxLength(60)),
  message: z.string().check(z.maxLength(300)),
  count: int32({ min: 1 }),
  since: z.string().check(z.maxLength(40)),
  last_at: z.string().check(z.maxLength(40)),
});

/**
 * The health of one operation (a task type) under one map version, while its answers are not
 * whole: required fields missing, or ways failing. `broken`: its latest run failed; `degraded`: its
 * latest run succeeded, by another way or with some items skipped. An operation whose answers are
 * whole again is left out: the report clears itself.
 */
export const OperationHealth = z.object({
  /** The task type, e.g. `agent_profile_fetch`. */
  operation: z.string().check(z.maxLength(60)),
  map_version: int32({ min: 0 }),
  state: z.enum(['degraded', 'broken']),
  /** When its answers stopped being whole, and the latest such run. */
  since: z.string().check(z.maxLength(40)),
  last_at: z.string().check(z.maxLength(40)),
  /** Runs of the operation since `since`, and how many of them failed. */
  runs: int32({ min: 0 }),
  failed_runs: int32({ min: 0 }),
  missing_fields: z.array(MissingFieldHealth).check(z.maxLength(10)),
  failed_ways: z.array(FailedWayHealth).check(z.maxLength(8)),
});
export type OperationHealth = z.infer<typeof OperationHealth>;

export const HeartbeatBody = z.object({
  extension_version: z.string().check(z.maxLength(50)),
  browser: z.string().check(z.maxLength(100)),
  network: z.object({
    signed_in: z.boolean(),
    member_urn: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
    public_identifier: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  }),
  paused: z.boolean(),
  /** Extension: why it is paused (user, or a safety stop such as `network_rate_limited`). */
  pause_reason: z.optional(z.nullable(z.string().check(z.maxLength(200)))),
  /** Extension: the version of the network map it runs with, so the service sends a newer one only. */
  network_map_version: z.optional(int32({ min: 0 })),
  /** Extension: the map format it reads; the service hands out maps of that format only. */
  network_map_format: z.optional(z.number().check(z.int(), z.gte(1), z.lte(1000))),
  /** Extension: calls of the network map whose alternatives failed lately (docs/network-map.md, "Health"). */
  network_health: z.optional(z.array(CallHealth).check(z.maxLength(20))),
  /**
   * Extension: operations whose answers lately lacked required fields or whose ways failed, per
   * map version (docs/network-map.md, "Health"). Absent from older extensions.
   */
  operation_health: z.optional(z.array(OperationHealth).check(z.maxLength(20))),
});
export type HeartbeatBody = z.infer<typeof HeartbeatBody>;

export const HeartbeatResponse = z.object({
  server_time: z.string(),
  member: z.object({ id: z.string(), email: z.string(), full_name: z.string(), role: Role }),
  team: z.object({ id: z.string(), name: z.string() }),
  heartbeat_every_s: z.number().check(z.int()),
  claim_wait_s: z.number().check(z.int()),
  /** Present when the service has a newer network map than `network_map_version`. */
  network_map: z.optional(NetworkMap),
  /** The pace the agent keeps between tasks (docs/budgets.md); absent from older services. */
  pacing: z.optional(Pacing),
  /** This member's budgets used, working hours and waiting tasks, for the popup. */
  safety: z.optional(MemberSafety),
  /**
   * Invitations to another team waiting for this member's answer (the popup asks; signing in never
   * moves anyone). Absent from older services.
   */
  invitations: z.optional(z.array(PendingInvitation)),
  /**
   * Writes in this member's name waiting for a person's approval (AI drafts, AI clients' writes,
   * docs/ai.md): the popup says how many and leads to the dashboard's Approvals. Absent from older
   * services.
   */
  awaiting_approval: z.optional(z.number().check(z.int())),
});
export type HeartbeatResponse = z.infer<typeof HeartbeatResponse>;

export const ClaimBody = strictBody({
  wait_s: z._default(
    z
      .number({ error: "Invalid 'wait_s': must be a number from 0 to 25" })
      .check(z.gte(0), z.lte(25)),
    20,
  ),
  /** Task types this agent will not take now (safety stops per kind of work). */
  exclude_types: z.optional(z.array(TaskType).check(z.maxLength(50))),
});

export const ClaimedTask = z.object({
  id: z.string(),
  type: TaskType,
  input: z.record(z.string(), z.unknown()),
  attempt: z.number().check(z.int(), z.gte(1)),
  lease_expires_at: z.string(),
});
export type ClaimedTask = z.infer<typeof ClaimedTask>;
export const ClaimResponse = z.object({ task: ClaimedTask });

const attempt = int32({ min: 1 }, "Missing or invalid 'attempt'");

export const ExtendBody = strictBody({ attempt });
export const ExtendResponse = z.object({ lease_expires_at: z.string() });

export const CompleteBody = strictBody({
  attempt,
  output: z.record(z.string(), z.unknown(), { error: "Missing or invalid 'output'" }),
});
export const CompleteResponse = z.object({ status: z.literal('completed') });

/** Every code but the service's own `agent_lost`, which an agent may not report. */
const ReportedErrorCode = AgentErrorCode.check(
  z.refine((c) => c !== 'agent_lost', { error: "'agent_lost' is the service's own code" }),
) as z.ZodMiniType<Exclude<AgentErrorCode, 'agent_lost'>, AgentErrorCode>;

export const FailBody = strictBody({
  attempt,
  // The task-error shape of task-types.ts, with the codes an agent may report.
  error: z.object(
    { ...AgentTaskError.shape, code: ReportedErrorCode },
    { error: "Missing or invalid 'error'" },
  ),
});
export const FailResponse = z.object({ status: z.enum(['pending', 'failed']) });

export const SignOutResponse = z.object({ success: z.literal(true) });
