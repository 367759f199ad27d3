import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from '../../contract/zod.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import { DEFAULT_WAIT_SECONDS, WaitArgs, WaitSecondsField } from '../../contract/mcp.js';
import { parseInput } from '../http/route-input.js';
import { APPROVAL_HOURS } from '../tasks/enqueue.js';
import { NETWORK_SUMMARIES, QUEUED, queueNetworkTask } from '../tasks/queue-network-task.js';
import { jsonResult, NETWORK_READ, type McpTool, type ToolCall } from './tool.js';
import { waitForTask } from './wait-for-task.js';

/** The reads that run on the network: each queues the REST operation's task and waits for it. */
const NETWORK_READS: Record<string, NetworkEndpoint> = {
  fetch_profile: 'fetch-profile',
  fetch_company: 'fetch-company',
  fetch_profiles_posts: 'fetch-profiles-posts',
  fetch_company_posts: 'fetch-company-posts',
  search_profiles: 'search-profiles',
  fetch_connections: 'fetch-connections',
  read_inbox: 'fetch-conversations',
  read_conversation: 'fetch-conversation-messages',
  list_sent_invitations: 'fetch-sent-invitations',
};

const WRITE = { readOnlyHint: false, openWorldHint: true } as const;
/** The writes, with what repeating one does (`idempotentHint`) and whether it undoes something. */
const NETWORK_WRITES: Record<string, { endpoint: NetworkEndpoint; annotations: ToolAnnotations }> =
  {
    like_post: {
      endpoint: 'like-post',
      annotations: { ...WRITE, destructiveHint: false, idempotentHint: true },
    },
    comment_post: {
      endpoint: 'comment-post',
      annotations: { ...WRITE, destructiveHint: false, idempotentHint: false },
    },
    send_connection_request: {
      endpoint: 'send-connection-request',
      annotations: { ...WRITE, destructiveHint: false, idempotentHint: false },
    },
    send_message: {
      endpoint: 'send-message',
      annotations: { ...WRITE, destructiveHint: false, idempotentHint: false },
    },
    withdraw_invitation: {
      endpoint: 'withdraw-connection-request',
      annotations: { ...WRITE, destructiveHint: true, idempotentHint: true },
    },
  };

const WAIT_NOTE =
  `Runs in a team member's browser: waits up to \`wait_seconds\` (default ${DEFAULT_WAIT_SECONDS}) for the result, ` +
  'reporting progress, then answers the task: its `task_output`, or its id to poll with get_task_status.';

function networkRead(name: string, endpoint: NetworkEndpoint): McpTool {
  const body = NETWORK_ENDPOINTS[endpoint].body as z.core.$ZodType<Record<string, unknown>>;
  return {
    name,
    description: `${NETWORK_SUMMARIES[endpoint]}. ${WAIT_NOTE} Task type: ${NETWORK_ENDPOINTS[endpoint].type}.`,
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
              message: `${QUEUED[endpoint]}; not finished yet: call get_task_status with this api_agent_task_id`,
            }),
        ...status,
      });
    },
  } as McpTool;
}

function networkWrite(
  name: string,
  endpoint: NetworkEndpoint,
  annotations: ToolAnnotations,
): McpTool {
  const body = NETWORK_ENDPOINTS[endpoint].body as z.core.$ZodType<Record<string, unknown>>;
  return {
    name,
    description:
      `${NETWORK_SUMMARIES[endpoint]}. A write in a member's name: with the team's ai_writes at \`approve\` (the default) ` +
      `it awaits a person's approval (dashboard, or POST /api-approvals/{task_id}/approve) and expires after ${APPROVAL_HOURS} hours; ` +
      'with `allow` it is queued at once; with `off` it is refused. Poll get_task_status with the id it answers.',
    schema: body,
    annotations,
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
        ? `${QUEUED[endpoint]} but failed at once: the member it runs as turned this kind off (refused_by_member)`
        : awaitApproval
          ? `${QUEUED[endpoint]}, awaiting approval: an admin or the member it runs as approves or rejects it in the ` +
            `dashboard's Approvals list (or POST /api-approvals/${task.id}/approve); it expires after ${APPROVAL_HOURS} hours ` +
            'unapproved. Poll get_task_status with this api_agent_task_id.'
          : `${QUEUED[endpoint]}; poll get_task_status with this api_agent_task_id for the result`;
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

export const networkTools: McpTool[] = [
  ...Object.entries(NETWORK_READS).map(([name, endpoint]) => networkRead(name, endpoint)),
  ...Object.entries(NETWORK_WRITES).map(([name, w]) =>
    networkWrite(name, w.endpoint, w.annotations),
  ),
];
