import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { readBody } from '../http/validate.js';
import { HttpError } from '../http/http-error.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import type { TaskCreatedResponse } from '../../contract/network-tasks.js';
import { oldestAdmin } from '../tasks/routing.js';
import { requireAgentActive } from '../tasks/agent-active.js';
import { enqueueTask } from '../tasks/enqueue.js';

/** What the caller reads in `message` after queueing each operation. */
const QUEUED: Record<NetworkEndpoint, string> = {
  'fetch-profile': 'Profile fetch queued',
  'fetch-profiles-posts': 'Profiles posts fetch queued',
  'like-post': 'Like queued',
  'comment-post': 'Comment queued',
  'send-connection-request': 'Connection request queued',
  'fetch-company': 'Company fetch queued',
  'fetch-company-posts': 'Company posts fetch queued',
  'search-profiles': 'Profile search queued',
  'fetch-connections': 'Connections fetch queued',
  'send-message': 'Message queued',
};

/**
 * The ten `/network-agent/` task operations (spec "Direct network tasks"). Checks in this order:
 * API key (401), body (400), the 48-hour rule (403), routing (404 no admin, 429 invite-limited).
 */
export const networkTaskRoutes = new Hono<AppEnv>();

for (const name of Object.keys(NETWORK_ENDPOINTS) as NetworkEndpoint[]) {
  const endpoint = NETWORK_ENDPOINTS[name];
  networkTaskRoutes.post(`/network-agent/${name}`, requireApiKey(), async (c) => {
    const body = (await readBody(c, endpoint.body)) as Record<string, unknown>;
    const { db, signals } = c.var.ctx;
    const team = c.var.team;
    await requireAgentActive(db, team.id);

    let assignedUserId: string | null = null;
    if (endpoint.runsAs === 'oldest_admin') {
      const admin = await oldestAdmin(db, team.id);
      // docs/agent-protocol.md: an invite-limited member gets 429 at once, no task is queued.
      if (endpoint.type === 'agent_connection_request' && admin.inviteLimited) {
        throw new HttpError(429, 'LinkedIn invitation limit reached');
      }
      assignedUserId = admin.userId;
    }

    const input = { task_type: endpoint.type, ...body };
    const task = await enqueueTask(db, signals, { teamId: team.id, type: endpoint.type, input, assignedUserId });
    // No targetKey: a direct task never collides with another one.
    if (!task) throw new Error('enqueueTask refused a task without targetKey');
    const answer: TaskCreatedResponse = {
      success: true,
      api_agent_task_id: task.id,
      message: `${QUEUED[name]}; poll get-task-status with this api_agent_task_id for the result`,
    };
    return c.json(answer);
  });
}
