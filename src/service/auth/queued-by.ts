import type { Context } from 'hono';
import type { AppEnv } from '../context.js';
import type { QueuedBy } from '../tasks/enqueue.js';
import { findAgentByToken } from './agent-tokens.js';
import { bearerToken } from './bearer-token.js';
import type { ScopedKey } from './identities.js';
import { TASK_KINDS } from '../../contract/task-kinds.js';
import type { TaskType } from '../../contract/task-types.js';

/**
 * Who queues a task with this call (after requireApiKey), for the member it runs as to see: the
 * signed-in member whose agent token rides along (the dashboard sends it), or else the team's API
 * key. A token that is not a member's of this team says nothing: the key alone authorised the call.
 * A call with an `ai` key is an AI client's, whatever token rides along: it is recorded as one
 * (`mcp`, as the MCP tools record theirs), named by the key, so that the approver sees which.
 */
export async function queuedBy(c: Context<AppEnv>): Promise<QueuedBy> {
  const token = bearerToken(c.req.header('authorization'));
  const { db, credentials } = c.var.ctx;
  const member = token ? await findAgentByToken(db, c.var.team.id, token, credentials) : null;
  const key = c.var.scopedKey;
  if (key?.scope === 'ai')
    return { kind: 'mcp', client: keyWords(key), userId: member?.userId ?? null };
  return member ? { kind: 'member', userId: member.userId } : { kind: 'api_key' };
}

/** A key of one purpose as who queued a write: `AI key “Claude desktop”`. */
export function keyWords(key: Pick<ScopedKey, 'name' | 'scope'>): string {
  return `${key.scope === 'ai' ? 'AI' : 'API'} key “${key.name}”`;
}

/**
 * Whether a write of this kind, queued with this call, waits for a person's approval: an `ai` key's
 * write in a member's name on the network while the team's ai_writes is `approve` (auth/key-scope.ts
 * refused it under `off`), as the MCP write tools queue theirs.
 */
export function awaitsApproval(c: Context<AppEnv>, type: TaskType): boolean {
  return c.var.aiWrites === 'approve' && TASK_KINDS[type].writes;
}
