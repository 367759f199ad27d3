import type { ServiceContext } from '../context.js';
import type { Queryable } from '../db/database.js';
import { NETWORK_ENDPOINTS, type NetworkEndpoint } from '../../contract/task-io.js';
import { type RunsAs, TASK_KINDS } from '../../contract/task-kinds.js';
import { memberOrOldestAdmin, oldestAdmin } from './routing.js';
import { notAgentActive, requireAgentActive } from './agent-active.js';
import { enqueueTask, type QueuedBy } from './enqueue.js';
import { queueWrite } from './queue-write.js';

interface QueuedNetworkTask {
  id: string;
  /** Failed at once: the member it runs as turned this kind off. */
  refused: boolean;
}

/**
 * Queues one `/network-agent/` operation for a team. A read: the 48-hour rule (403), routing (404
 * no admin or member). A write in a member's name: routing (404), then the write gate
 * (write-gate.ts, docs/team-pool.md "The gate"): who may force (403), the member's refused kinds,
 * the do-not-contact list and the contact window (409), the invitation limit (429), the 48-hour rule
 * (403), approval. The REST route and the MCP tools both call it, so both refuse alike, in the same
 * words.
 */
export async function queueNetworkTask(
  ctx: Pick<ServiceContext, 'db' | 'signals'>,
  teamId: string,
  name: NetworkEndpoint,
  parsedBody: Record<string, unknown>,
  opts: { queuedBy: QueuedBy; awaitApproval?: boolean; aiKey?: boolean },
): Promise<QueuedNetworkTask> {
  const endpoint = NETWORK_ENDPOINTS[name];
  const {
    member_email: memberEmail,
    force,
    ...body
  } = parsedBody as Record<string, unknown> & { member_email?: string; force?: boolean };
  const { db, signals } = ctx;
  const input = { task_type: endpoint.type, ...body };
  if (TASK_KINDS[endpoint.type].writes) {
    const member = await routedMember(db, teamId, endpoint.runsAs, memberEmail);
    if (!member) throw new Error(`write ${endpoint.type} routed to any member`);
    return queueWrite(db, signals, {
      teamId,
      type: endpoint.type,
      input,
      assignedUserId: member.userId,
      by: opts.queuedBy,
      aiKey: opts.aiKey,
      force,
      inviteLimited: member.inviteLimited,
      awaitApproval: opts.awaitApproval,
    });
  }
  // A kind any member runs has no check between the 48-hour rule and the insert: the insert makes it.
  const activeInInsert = endpoint.runsAs === 'any' && memberEmail === undefined;
  if (!activeInInsert) await requireAgentActive(db, teamId);
  const member = await routedMember(db, teamId, endpoint.runsAs, memberEmail);
  const task = await enqueueTask(db, signals, {
    teamId,
    type: endpoint.type,
    input,
    assignedUserId: member?.userId ?? null,
    queuedBy: opts.queuedBy,
    awaitApproval: opts.awaitApproval,
    onlyIfAgentActive: activeInInsert,
  });
  // No targetKey: a direct task never collides with another one.
  if (!task && activeInInsert) throw notAgentActive();
  if (!task) throw new Error('enqueueTask refused a task without targetKey');
  return task;
}

/** Whose browser runs it (routing.ts): the member `member_email` names, else null for a kind any member runs. */
function routedMember(
  db: Queryable,
  teamId: string,
  runsAs: RunsAs,
  memberEmail: string | undefined,
) {
  // docs/api.md "member_email": any task runs as the member it names; without it, the spec's routing.
  if (memberEmail !== undefined) return memberOrOldestAdmin(db, teamId, memberEmail);
  if (runsAs === 'any') return Promise.resolve(null);
  return runsAs === 'member'
    ? memberOrOldestAdmin(db, teamId, memberEmail)
    : oldestAdmin(db, teamId);
}
