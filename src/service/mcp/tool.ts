import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from '../../contract/zod.js';
import type { AiWrites } from '../../contract/approvals.js';
import type { AgentIdentity, KeyScope, TeamRow } from '../auth/identities.js';
import type { ServiceContext } from '../context.js';

/** Who calls over /mcp: the team of the API key, the member whose agent token rides along, the client. */
export interface McpCaller {
  team: TeamRow;
  member: AgentIdentity | null;
  /** The client's name as it gave it (docs/mcp.md): recorded as who queued a write. */
  client: string;
  /** The key's scope: a `read` key runs only the read tools (auth/key-scope.ts). */
  keyScope: KeyScope;
}

/** What a tool gets besides its arguments: the service, the caller, progress and cancellation. */
export interface ToolCall {
  ctx: ServiceContext;
  caller: McpCaller;
  signal: AbortSignal;
  /** Reports progress when the client asked for it (a progress token); otherwise does nothing. */
  progress(progress: number, total: number, message: string): Promise<void>;
}

export interface McpTool {
  name: string;
  description: string;
  /** The contract schema the arguments are checked with, and the input schema listed from it. */
  schema: z.core.$ZodType;
  /** Arguments the tool adds to the schema's (checked by the tool itself), listed with them. */
  extraProperties?: Record<string, z.core.$ZodType>;
  annotations: ToolAnnotations;
  /**
   * A write: `ai_writes` decides (`off` refuses it before it runs). `approval` says whether the
   * tool queues it awaiting approval under `approve` (network writes) or runs it at once.
   */
  write?: { approval: boolean };
  /** Turns scalar arguments into strings first: the schema is a query string's (search_posts). */
  queryString?: boolean;
  run(args: never, call: ToolCall, aiWrites: AiWrites): Promise<CallToolResult>;
}

/** A tool's answer: the JSON as text (every client reads it) and as structured content. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(value) }],
    structuredContent: value,
  };
}

/** A refusal the model reads and may act on: a tool error, never a protocol error. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

export const READ: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};
/** A read that runs on the network, in a member's browser. */
export const NETWORK_READ: ToolAnnotations = { ...READ, openWorldHint: true };
