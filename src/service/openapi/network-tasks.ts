import type { OperationDoc } from './operation-doc.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import { GetTaskStatusQuery, TaskCreatedResponse, TaskStatusResponse } from '../../contract/network-tasks.js';
import { TaskListQuery, TaskListResponse } from '../../contract/task-list.js';

const SUMMARIES: Record<NetworkEndpoint, string> = {
  'fetch-profile': "Fetch a profile by its slug or URL",
  'fetch-profiles-posts': "Fetch recent posts of one or more profiles",
  'like-post': 'Like (react to) a post as the team’s oldest admin',
  'comment-post': 'Comment on a post as the team’s oldest admin',
  'send-connection-request': 'Send a connection request, with an optional note, as the team’s oldest admin',
  'fetch-company': 'Fetch a company page by its slug or URL',
  'fetch-company-posts': 'Fetch recent posts of a company page',
  'search-profiles': 'Search profiles by keywords, title, company or location',
  'fetch-connections': 'Fetch the oldest admin’s 1st-degree connections',
  'send-message': 'Send a direct message to a 1st-degree connection of the oldest admin',
};

const ASYNC_NOTE =
  'Answers at once with `api_agent_task_id`; the task runs in a team member’s browser extension. ' +
  'Poll `GET /network-agent/get-task-status` every 5 seconds (up to 30 times) for the result.';

export const networkTaskOperations: OperationDoc[] = [
  ...(Object.keys(NETWORK_ENDPOINTS) as NetworkEndpoint[]).map((name): OperationDoc => {
    const endpoint = NETWORK_ENDPOINTS[name];
    const adminRun = endpoint.runsAs === 'oldest_admin';
    const responses: OperationDoc['responses'] = {
      200: { description: 'Task queued', schema: TaskCreatedResponse },
      400: { description: 'Invalid body; the message names the field' },
      401: { description: '`Missing API Key` or `Invalid API Key`' },
      403: { description: '`Plugin installation required: …`: no member’s extension was active in the last 48 hours' },
    };
    if (adminRun) responses[404] = { description: '`No admin user found in the team`' };
    if (endpoint.type === 'agent_connection_request') {
      responses[429] = { description: '`LinkedIn invitation limit reached`: the admin hit the weekly invitation limit; retry later' };
    }
    return {
      method: 'post',
      path: `/network-agent/${name}`,
      operationId: name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()),
      summary: SUMMARIES[name],
      description: `${ASYNC_NOTE} Task type: \`${endpoint.type}\`.${adminRun ? ' Runs as the team’s oldest admin (by date of joining).' : ''}`,
      tag: 'Network tasks',
      security: 'apiKey',
      body: endpoint.body,
      responses,
    };
  }),
  {
    method: 'get',
    path: '/network-agent/get-task-status',
    operationId: 'getTaskStatus',
    summary: 'Status, input and result of a task',
    description:
      '`task_output` is null until the task is completed; a failed task carries `error: {code, message}`. ' +
      'States: pending, processing, completed, failed.',
    tag: 'Network tasks',
    security: 'apiKey',
    query: GetTaskStatusQuery,
    responses: {
      200: { description: 'The task', schema: TaskStatusResponse },
      400: { description: "`Missing or invalid 'api_agent_task_id'`" },
      401: { description: '`Missing API Key` or `Invalid API Key`' },
      403: { description: '`Access denied`: the task belongs to another team' },
      404: { description: '`Task not found`' },
    },
  },
  {
    method: 'get',
    path: '/api-tasks',
    operationId: 'listTasks',
    summary: 'Recent tasks of the team, newest first',
    tag: 'Network tasks',
    security: 'apiKey',
    query: TaskListQuery,
    responses: {
      200: { description: 'The tasks', schema: TaskListResponse },
      400: { description: 'Invalid `status` or `limit`' },
      401: { description: '`Missing API Key` or `Invalid API Key`' },
    },
  },
];
