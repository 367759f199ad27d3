import { Hono } from 'hono';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { checkAgentToken } from '../auth/agent-tokens.js';
import { bearerToken } from '../auth/bearer-token.js';
import { TOKEN_EXPIRED, TOKEN_INVALID, TOKEN_REVOKED } from '../auth/token-lifetimes.js';
import { HttpError } from '../http/http-error.js';
import { undocumented } from '../http/describe.js';
import type { AgentIdentity } from '../auth/identities.js';
import { keyWords } from '../auth/queued-by.js';

const REFUSALS = { invalid: TOKEN_INVALID, revoked: TOKEN_REVOKED, expired: TOKEN_EXPIRED };
/** The longest client name kept; longer ones are cut. */
const MAX_CLIENT_CHARS = 100;

/**
 * `/mcp`: the Model Context Protocol over Streamable HTTP (docs/mcp.md), stateless: each POST gets
 * a server and transport of its own, so any instance answers any request and nothing is kept
 * between them. Authenticated as the REST API: the team's `x-api-key`; with a member's
 * `authorization: Bearer <agent_token>` too, writes record that member as who asked. Without
 * sessions there is no stream to open with GET, nor a session to end with DELETE: 405.
 */
export const mcpRoutes = new Hono<AppEnv>()
  .on(['GET', 'DELETE'], '/mcp', undocumented(), (c) =>
    c.json({ error: 'Method not allowed: this MCP server is stateless; POST each message' }, 405, {
      Allow: 'POST',
    }),
  )
  .post('/mcp', undocumented(), requireApiKey(), async (c) => {
    const member = await optionalMember(c.req.header('authorization'), c.var);
    const client = clientName(c.req.header('x-client-name'), c.req.header('user-agent'));
    const key = c.var.scopedKey;
    const caller = {
      team: c.var.team,
      member,
      // The approver sees which of the team's keys the assistant used, as after a REST call.
      client: key ? `${keyWords(key)} (${client})`.slice(0, MAX_CLIENT_CHARS) : client,
      keyScope: c.var.keyScope,
    };
    const parsedBody = await c.req.json().catch(() => undefined);
    return (await mcpServing()).answerMcpPost(c.var.ctx, caller, c.req.raw, parsedBody);
  });

/**
 * The MCP server, its SDK and tools, loaded with the first POST: a service nobody asks over MCP
 * never holds them (about 6 MB of heap, bench/idle-rss.ts).
 */
let serving: Promise<typeof import('../mcp/answer-post.js')> | undefined;
const mcpServing = () => {
  serving ??= import('../mcp/answer-post.js');
  return serving;
};

async function optionalMember(
  authorization: string | undefined,
  v: AppEnv['Variables'],
): Promise<AgentIdentity | null> {
  const token = bearerToken(authorization);
  if (!token) return null;
  const check = await checkAgentToken(v.ctx.db, v.team.id, token, v.ctx.credentials);
  if (!('agent' in check)) throw new HttpError(401, REFUSALS[check.refused]);
  return check.agent;
}

/** The client's own name (`x-client-name`), else the first product of its User-Agent. */
function clientName(header: string | undefined, userAgent: string | undefined): string {
  const name = header?.trim() || userAgent?.trim().split(/\s+/)[0] || 'unnamed client';
  return name.slice(0, MAX_CLIENT_CHARS);
}
