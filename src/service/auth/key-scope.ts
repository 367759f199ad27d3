import type { Context } from 'hono';
import { routePath } from 'hono/route';
import type { AppEnv } from '../context.js';
import type { AiWrites } from '../../contract/approvals.js';
import { TASK_KINDS } from '../../contract/task-kinds.js';
import type { TaskType } from '../../contract/task-types.js';
import { HttpError } from '../http/http-error.js';
import { AI_WRITES_OFF, SEQUENCES_NEED_ALLOW, teamAiWrites } from '../approvals/ai-writes.js';
import type { ScopedKey } from './identities.js';

/**
 * What a key of one purpose may call (docs/security.md, "Credentials"), decided here for every
 * route from its method and registered path, as requireApiKey names the caller: a new route is
 * covered without a word of its own, and a new write is refused to `read` and `ai` keys until it
 * is added below. The MCP tools are checked one by one by the MCP server (mcp/server.ts).
 */

/** A call that reads: nothing of the team's changes. */
const READ_METHODS = new Set(['GET', 'HEAD']);

/** The network tasks that only read, queued by a POST: the MCP read tools run the same. */
const NETWORK_READS = (Object.keys(TASK_KINDS) as TaskType[]).filter(
  (t) => TASK_KINDS[t].endpoint !== null && !TASK_KINDS[t].writes,
);

/**
 * POSTs that change nothing of the team's: the network reads (marking a conversation read changes
 * the member's inbox: a write), and `/mcp`, whose tools the MCP server checks one by one.
 */
const POSTS_THAT_READ: ReadonlySet<string> = new Set([
  ...NETWORK_READS.filter((t) => t !== 'agent_conversation_mark_read').map(
    (t) => `POST /network-agent/${TASK_KINDS[t].endpoint}`,
  ),
  'POST /mcp',
]);

/** Credentials are managed with the team key and an admin's sign-in: no scoped key reaches them. */
const TEAM_KEY_ONLY: ReadonlySet<string> = new Set([
  'GET /api-team-key',
  'POST /api-team-key/rotate',
  'GET /api-keys',
  'POST /api-keys',
  'DELETE /api-keys/:id',
]);

const WATCHLIST_WRITES = ['keyword', 'people', 'company'].flatMap((kind) =>
  ['POST', 'PATCH', 'DELETE'].map((m) => `${m} /api-${kind}-watchlist`),
);

/**
 * The writes an `ai` key may make, with the least `ai_writes` each needs (`off` refuses them all).
 * `approve`: the writes in a member's name on the network queue awaiting a person's approval
 * (auth/queued-by.ts), the team's own data changes at once, as the MCP write tools do. `allow`:
 * sequences, whose steps send without a per-message approval. Anything else (approvals, the team's
 * settings and members, webhooks, keys, the agent protocol, removing a do-not-contact entry) is a
 * person's act: refused.
 */
const AI_KEY_WRITES: Readonly<Record<string, 'approve' | 'allow'>> = {
  ...Object.fromEntries(
    (Object.keys(TASK_KINDS) as TaskType[])
      .filter((t) => TASK_KINDS[t].endpoint !== null)
      .map((t) => [`POST /network-agent/${TASK_KINDS[t].endpoint}`, 'approve' as const]),
  ),
  'POST /api-like': 'approve',
  'POST /api-comment': 'approve',
  ...Object.fromEntries(WATCHLIST_WRITES.map((r) => [r, 'approve' as const])),
  'POST /api-do-not-contact': 'approve',
  // A draft always awaits a person's approval, whatever ai_writes says (docs/ai.md).
  'POST /api-drafts': 'approve',
  'POST /api-sequences': 'allow',
  'PATCH /api-sequences/:id': 'allow',
  'DELETE /api-sequences/:id': 'allow',
  'POST /api-sequences/:id/enrollments': 'allow',
  'DELETE /api-sequences/:id/enrollments/:enrollment_id': 'allow',
};

export function readOnlyRefusal(): string {
  return "Access denied: this API key's scope is read (reads only)";
}

function refusal(key: ScopedKey, why: string): HttpError {
  return new HttpError(403, `Access denied: this API key's scope is ${key.scope} (${why})`);
}

/**
 * Refuses (403) what the key's scope does not allow on this route. For an `ai` key's write, answers
 * the team's `ai_writes`, which the route follows; otherwise null.
 */
export async function checkKeyScope(c: Context<AppEnv>, key: ScopedKey): Promise<AiWrites | null> {
  const route = `${c.req.method} ${routePath(c)}`;
  if (TEAM_KEY_ONLY.has(route))
    throw refusal(key, 'keys are managed with the team key and an admin’s sign-in');
  const reads = READ_METHODS.has(c.req.method) || POSTS_THAT_READ.has(route);
  if (reads || key.scope === 'write') return null;
  if (key.scope === 'read') throw new HttpError(403, readOnlyRefusal());
  const needs = AI_KEY_WRITES[route];
  if (!needs)
    throw refusal(
      key,
      route.includes('/api-approvals/')
        ? 'an AI client never approves or rejects writes; a person does, in the dashboard'
        : 'an AI client may not do this; a person does it in the dashboard or with the team key',
    );
  const aiWrites = await teamAiWrites(c.var.ctx.db, c.var.team.id);
  if (aiWrites === 'off') throw new HttpError(403, AI_WRITES_OFF);
  if (needs === 'allow' && aiWrites !== 'allow') throw new HttpError(403, SEQUENCES_NEED_ALLOW);
  return aiWrites;
}
