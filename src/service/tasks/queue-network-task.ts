import type { ServiceContext } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import { memberOrOldestAdmin, oldestAdmin } from './routing.js';
import { notAgentActive, requireAgentActive } from './agent-active.js';
import { enqueueTask, type QueuedBy } from './enqueue.js';
import { refusalForTask } from '../outreach/task-refusal.js';

/** What the caller reads in `message` after queueing each operation. */
export const QUEUED: Record<NetworkEndpoint, string> = {
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
  'fetch-conversations': 'Conversations fetch queued',
  'fetch-conversation-messages': 'Conversation messages fetch queued',
  'mark-conversation-read': 'Mark read queued',
  'fetch-sent-invitations': 'Sent invitations fetch queued',
  'withdraw-connection-request': 'Withdrawal queued',
};

/** What each operation does, in the API reference and the MCP tools' descriptions. */
export const NETWORK_SUMMARIES: Record<NetworkEndpoint, string> = {
  'fetch-profile': 'Fetch a profile by its slug or URL',
  'fetch-profiles-posts': 'Fetch recent posts of one or more profiles',
  'like-post': 'Like (react to) a post as the team’s oldest admin',
  'comment-post': 'Comment on a post as the team’s oldest admin',
  'send-connection-request':
    'Send a connection request, with an optional note, as the team’s oldest admin',
  'fetch-company': 'Fetch a company page by its slug or URL',
  'fetch-company-posts': 'Fetch recent posts of a company page',
  'search-profiles': 'Search profiles by keywords, title, company or location',
  'fetch-connections': 'Fetch a member’s 1st-degree connections, newest first',
  'send-message': 'Send a direct message to a 1st-degree connection, or reply in a conversation',
  'fetch-conversations': 'Fetch a member’s inbox: conversations, newest activity first',
  'fetch-conversation-messages': 'Fetch the messages of one conversation, newest first',
  'mark-conversation-read': 'Mark one conversation of a member’s inbox as read',
  'fetch-sent-invitations': 'Fetch the connection requests a member sent that still wait',
  'withdraw-connection-request': 'Withdraw a member’s pending connection request to one person',
};

interface QueuedNetworkTask {
  id: string;
  /** Failed at once: the member it runs as turned this kind off. */
  refused: boolean;
}

/**
 * Queues one `/network-agent/` operation for a team, with the checks of the REST route in its order
 * after the body: the 48-hour rule (403), routing (404 no admin or member, 429 invite-limited), the
 * outreach checks of an invitation, a message or a comment (409: docs/team-pool.md). The REST route
 * and the MCP tools both call it, so both refuse alike, in the same words.
 */
export async function queueNetworkTask(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
  teamId: string,
  name: NetworkEndpoint,
  parsedBody: Record<string, unknown>,
  opts: { queuedBy: QueuedBy; awaitApproval?: boolean },
): Promise<QueuedNetworkTask> {
  const endpoint = NETWORK_ENDPOINTS[name];
  const {
    member_email: memberEmail,
    force,
    ...body
  } = parsedBody as Record<string, unknown> & { member_email?: string; force?: boolean };
  const { db, signals } = ctx;
  // A kind any member runs has no check between the 48-hour rule and the insert: the insert makes it.
  const activeInInsert = endpoint.runsAs === 'any';
  if (!activeInInsert) await requireAgentActive(db, teamId);

  let assignedUserId: string | null = null;
  if (endpoint.runsAs !== 'any') {
    const admin =
      endpoint.runsAs === 'member'
        ? await memberOrOldestAdmin(db, teamId, memberEmail)
        : await oldestAdmin(db, teamId);
    // docs/agent-protocol.md: an invite-limited member gets 429 at once, no task is queued.
    if (endpoint.type === 'agent_connection_request' && admin.inviteLimited) {
      throw new HttpError(429, 'LinkedIn invitation limit reached');
    }
    assignedUserId = admin.userId;
  }

  const refusal = await refusalForTask(db, teamId, endpoint.type, body, assignedUserId, force);
  if (refusal) throw new HttpError(409, refusal.error);

  const task = await enqueueTask(db, signals, {
    teamId,
    type: endpoint.type,
    input: { task_type: endpoint.type, ...body },
    assignedUserId,
    queuedBy: opts.queuedBy,
    awaitApproval: opts.awaitApproval,
    onlyIfAgentActive: activeInInsert,
  });
  // No targetKey: a direct task never collides with another one.
  if (!task && activeInInsert) throw notAgentActive();
  if (!task) throw new Error('enqueueTask refused a task without targetKey');
  return task;
}
