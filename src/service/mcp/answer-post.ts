import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { ServiceContext } from '../context.js';
import { createMcpServer } from './server.js';
import type { McpCaller } from './tool.js';

/**
 * One POST to `/mcp` answered by a server and transport of its own (routes/mcp.ts, stateless): a
 * stream only where something may come before the answer (progress the client asked for); any
 * other message is answered as one JSON body, which costs a client less to read.
 */
export async function answerMcpPost(
  ctx: ServiceContext,
  caller: McpCaller,
  request: Request,
  parsedBody: unknown,
): Promise<Response> {
  const server = createMcpServer(ctx, caller);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !asksForProgress(parsedBody),
  });
  await server.connect(transport);
  // When the client goes, the server's work is dropped.
  request.signal.addEventListener('abort', () => void server.close(), { once: true });
  return transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
}

/** Whether any message of the POST carries a progress token. */
function asksForProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some(
    (m) =>
      typeof m === 'object' &&
      m !== null &&
      (m as { params?: { _meta?: { progressToken?: unknown } } }).params?._meta?.progressToken !==
        undefined,
  );
}
