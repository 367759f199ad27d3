import { z } from '../../contract/zod.js';
import { ErrorBody } from '../../contract/common.js';
import type { OperationDoc } from './operation-doc.js';
import { authOperations } from './auth.js';
import { memberOperations } from './members.js';
import { networkTaskOperations } from './network-tasks.js';
import { agentOperations } from './agent.js';
import { postOperations } from './posts.js';
import { watchlistOperations } from './watchlists.js';

const ALL: OperationDoc[][] = [authOperations, memberOperations, networkTaskOperations, agentOperations, postOperations, watchlistOperations];

function schema(s: z.core.$ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' });
}

/** The OpenAPI 3 document served at /openapi.json, generated from the contract's zod schemas. */
export function buildOpenApiDocument(serverUrl?: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of ALL.flat()) {
    const security =
      op.security === 'none' ? [] : op.security === 'apiKey' ? [{ apiKey: [] }] : [{ apiKey: [], agentToken: [] }];
    const querySchema = op.query ? (schema(op.query, 'input') as { properties?: Record<string, unknown>; required?: string[] }) : null;
    const queryParameters = Object.entries(querySchema?.properties ?? {}).map(([name, s]) => ({
      name,
      in: 'query',
      required: (querySchema?.required ?? []).includes(name),
      schema: s,
    }));
    // `{id}` segments of the path are parameters too; the route validates them as UUIDs.
    const pathParameters = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string', format: 'uuid' },
    }));
    const parameters = [...pathParameters, ...queryParameters];
    const responses = Object.fromEntries(
      Object.entries(op.responses).map(([status, r]) => [
        status,
        {
          description: r.description,
          ...(r.schema || Number(status) >= 400
            ? { content: { 'application/json': { schema: schema(r.schema ?? ErrorBody, 'output') } } }
            : {}),
        },
      ]),
    );
    (paths[op.path] ??= {})[op.method] = {
      operationId: op.operationId,
      summary: op.summary,
      description: op.description,
      tags: [op.tag],
      security,
      parameters: parameters.length ? parameters : undefined,
      requestBody: op.body
        ? { required: true, content: { 'application/json': { schema: schema(op.body, 'input') } } }
        : undefined,
      responses,
    };
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Network Agent API',
      version: '1.0.0',
      description:
        'Watch a professional network and act on it through an HTTP/JSON API; a browser extension installed by team members executes every network task.',
    },
    servers: serverUrl ? [{ url: serverUrl }] : undefined,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        agentToken: { type: 'http', scheme: 'bearer', description: 'agent_token from auth-verify-otp' },
      },
    },
    paths,
  };
}
