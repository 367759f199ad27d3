import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ServiceContext } from '../context.js';
import { HttpError } from '../http/http-error.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { loadTeamSettings } from '../budgets/team-settings.js';
import { inputSchema } from './input-schema.js';
import { networkTools } from './network-tools.js';
import { readTools } from './read-tools.js';
import { listGuides, readGuide } from './resources.js';
import { toolError, type McpCaller, type McpTool, type ToolCall } from './tool.js';
import { writeTools } from './write-tools.js';
import { draftTools } from './draft-tools.js';
import { AI_WRITES_OFF } from '../approvals/ai-writes.js';
import { readOnlyRefusal } from '../auth/key-scope.js';

/** Every tool, in the order they are listed: reads first. */
const MCP_TOOLS: McpTool[] = [...readTools, ...networkTools, ...writeTools, ...draftTools];
const BY_NAME = new Map(MCP_TOOLS.map((t) => [t.name, t]));

/** The listing, made once: the schemas come from the contract and never change while running. */
let listed: Tool[] | null = null;
function toolList(): Tool[] {
  listed ??= MCP_TOOLS.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: inputSchema(t),
    annotations: t.annotations,
  }));
  return listed;
}

/**
 * One MCP server for one request (stateless: any instance answers any request), for a caller whose
 * key (and token) the route verified. Tools call the service's own functions; a refusal (HttpError)
 * is a tool error in the REST API's words, so the model reads it and may correct its call.
 */
export function createMcpServer(ctx: ServiceContext, caller: McpCaller): Server {
  const server = new Server(
    { name: 'network-agent', version: '1.0.0' },
    {
      capabilities: { tools: { listChanged: false }, resources: { listChanged: false } },
      instructions:
        'Acts in the signed-in professional-network accounts of a team’s members, through their browser extension. ' +
        'Reads of stored data answer at once; reads on the network wait for the member’s browser. Writes in a member’s ' +
        'name follow the team’s ai_writes setting (by default a person approves each). Read the resources for the API and budgets.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolList() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const tool = BY_NAME.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Tool ${request.params.name} not found`);
    const token = request.params._meta?.progressToken;
    const call: ToolCall = {
      ctx,
      caller,
      signal: extra.signal,
      async progress(progress, total, message) {
        if (token === undefined) return;
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress, total, message },
        });
      },
    };
    return runTool(tool, request.params.arguments ?? {}, call);
  });
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: listGuides() }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const guide = await readGuide(request.params.uri);
    if (!guide)
      throw new McpError(ErrorCode.InvalidParams, `Resource ${request.params.uri} not found`);
    return { contents: [guide] };
  });
  return server;
}

async function runTool(
  tool: McpTool,
  rawArgs: Record<string, unknown>,
  call: ToolCall,
): Promise<CallToolResult> {
  try {
    const args = tool.queryString ? asQueryString(rawArgs) : rawArgs;
    if (call.caller.keyScope === 'read' && (tool.write || !tool.annotations.readOnlyHint))
      return toolError(readOnlyRefusal());
    let aiWrites = 'allow' as Awaited<ReturnType<typeof loadTeamSettings>>['aiWrites'];
    if (tool.write) {
      aiWrites = (await loadTeamSettings(call.ctx.db, call.caller.team.id)).aiWrites;
      if (aiWrites === 'off') return toolError(AI_WRITES_OFF);
    }
    return await tool.run(args as never, call, aiWrites);
  } catch (err) {
    if (err instanceof HttpError) return toolError(err.message);
    if (isDatabaseUnavailable(err))
      return toolError(
        'The service is temporarily unavailable (its database cannot be reached); try again shortly',
      );
    call.ctx.log.error('mcp_tool_failed', {
      tool: tool.name,
      team_id: call.caller.team.id,
      message: (err as Error).message,
      stack: (err as Error).stack,
    });
    return toolError('Internal server error');
  }
}

/** Numbers and booleans as a query string carries them; anything else is left for the schema to refuse. */
function asQueryString(args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => [
      k,
      typeof v === 'number' || typeof v === 'boolean' ? String(v) : v,
    ]),
  );
}
