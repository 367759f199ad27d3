import type { z } from '../../contract/zod.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import { TASK_KINDS, TASK_TYPES, type TaskType, WRITE_TYPES } from '../../contract/task-kinds.js';
import { DEFAULT_WAIT_SECONDS, WaitArgs, WaitSecondsField } from '../../contract/mcp.js';
import { parseInput } from '../http/route-input.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';
import { queueNetworkTask } from '../tasks/queue-network-task.js';
import { jsonResult, NETWORK_READ, type McpTool, type ToolCall } from './tool.js';
import { waitForTask } from './wait-for-task.js';

/** A write in a member's name on the network; what repeating one does is its kind's (`mcp`). */
const WRITE = { readOnlyHint: false, openWorldHint: true } as const;

const WAIT_NOTE =
  `Runs in a team member's browser: waits up to \`wait_seconds\` (default ${DEFAULT_WAIT_SECONDS}) for the result, ` +
  'reporting progress, then answers the task: its `task_output`, or its id to poll with get_task_status.';

function networkRead(name: string, endpoint: NetworkEndpoint): McpTool {
  const { body: schema, kind, type } = NETWORK_ENDPOINTS[endpoint];
  const body = schema as z.core.$ZodType<Record<string, unknown>>;
  return {
    name,
    description: `${kind.summary}. ${WAIT_NOTE} Task type: ${type}.`,
    schema: body,
    extraProperties: { wait_seconds: WaitSecondsField },
    annotations: NETWORK_READ,
    async run(args: Record<string, unknown>, call: ToolCall) {
      const { wait_seconds: wait, ...rest } = args;
      const seconds = parseInput(WaitArgs, wait === undefined ? {} : { wait_seconds: wait });
      const parsed = parseInput(body, rest);
      const task = await queueNetworkTask(call.ctx, call.caller.team.id, endpoint, parsed, {
        queuedBy: queuedByMcp(call),
      });
      const status = await waitForTask(
        call.ctx.db,
        call.caller.team.id,
        task.id,
        seconds.wait_seconds ?? DEFAULT_WAIT_SECONDS,
        call,
      );
      const ended = status.status === 'completed' || status.status === 'failed';
      return jsonResult({
        api_agent_task_id: task.id,
        ...(ended
          ? {}
          : {
              message: `${kind.queued}; not finished yet: call get_task_status with this api_agent_task_id`,
            }),
        ...status,
      });
    },
  } as McpTool;
}

function networkWrite(
  name: string,
  endpoint: NetworkEndpoint,
  repeat: { destructive: boolean; idempotent: boolean },
): McpTool {
  const { body: schema, kind } = NETWORK_ENDPOINTS[endpoint];
  const body = schema as z.core.$ZodType<Record<string, unknown>>;
  return {
    name,
    description:
      `${kind.summary}. A write in a member's name: with the team's ai_writes at \`approve\` (the default) ` +
      `it awaits a person's approval (dashboard, or POST /api-approvals/{task_id}/approve) and expires after ${APPROVAL_HOURS} hours; ` +
      'with `allow` it is queued at once; with `off` it is refused. Poll get_task_status with the id it answers.',
    schema: body,
    annotations: {
      ...WRITE,
      destructiveHint: repeat.destructive,
      idempotentHint: repeat.idempotent,
    },
    write: { approval: true },
    async run(args: Record<string, unknown>, call: ToolCall, aiWrites) {
      const parsed = parseInput(body, args);
      const awaitApproval = aiWrites === 'approve';
      const task = await queueNetworkTask(call.ctx, call.caller.team.id, endpoint, parsed, {
        queuedBy: queuedByMcp(call),
        awaitApproval,
        aiKey: call.caller.keyScope === 'ai',
      });
      const message = task.refused
        ? `${kind.queued} but failed at once: the member it runs as turned this kind off (refused_by_member)`
        : awaitApproval
          ? `${kind.queued}, awaiting approval: an admin or the member it runs as approves or rejects it in the ` +
            `dashboard's Approvals list (or POST /api-approvals/${task.id}/approve); it expires after ${APPROVAL_HOURS} hours ` +
            'unapproved. Poll get_task_status with this api_agent_task_id.'
          : `${kind.queued}; poll get_task_status with this api_agent_task_id for the result`;
      return jsonResult({
        success: true,
        api_agent_task_id: task.id,
        status: task.refused ? 'failed' : awaitApproval ? 'awaiting_approval' : 'pending',
        message,
      });
    },
  } as McpTool;
}

function queuedByMcp(call: ToolCall) {
  return {
    kind: 'mcp' as const,
    client: call.caller.client,
    userId: call.caller.member?.userId ?? null,
  };
}

/** The MCP tool a kind is (`mcp` in task-kinds.ts): a routed kind may be one. */
function toolOf(type: TaskType): McpTool[] {
  const kind = TASK_KINDS[type];
  if (kind.endpoint === null || kind.mcp === null) return [];
  return [
    kind.writes
      ? networkWrite(kind.mcp.tool, kind.endpoint, kind.mcp)
      : networkRead(kind.mcp.tool, kind.endpoint),
  ];
}

/** Reads, then writes, each in the order of the kinds. */
export const networkTools: McpTool[] = [
  ...TASK_TYPES.filter((t) => !TASK_KINDS[t].writes).flatMap(toolOf),
  ...WRITE_TYPES.flatMap(toolOf),
];
