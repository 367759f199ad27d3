import type { MiddlewareHandler } from 'hono';
import { describeRoute, resolver, uniqueSymbol } from 'hono-openapi';
import type { z } from '../../contract/zod.js';

/**
 * `describe({...})`: a route's entry in /openapi.json, written on the route next to its handler
 * and its `validate()` (http/route-input.ts), so the reference cannot drift from what is served.
 * hono-openapi gathers them from the app's routes (http/openapi-document.ts); a route without one
 * fails the OpenAPI test, and so does a documented operation that is not served.
 */

/** The reference's sections, in this order, with what each is for. */
export const TAGS = {
  Authentication:
    'Sign in with a one-time code mailed to you; the answer carries the team’s API key.',
  'Network tasks':
    'One-off tasks run by a team member’s browser extension: create, then poll get-task-status.',
  Watchlists: 'Keyword, people and company watchlists that collect posts on a schedule.',
  Posts: 'Collected posts, and likes and comments on them.',
  Team: 'The team and its members (the key and the caller’s agent token).',
  Approvals:
    'Writes queued by AI clients over /mcp, waiting for an admin or the member they run as to approve or reject them (docs/mcp.md).',
  'AI drafts':
    'Comments, replies, invitation notes and messages written by the team’s model, each queued awaiting a person’s approval (docs/ai.md).',
  Live: 'What changed for the team, as it happens (Server-Sent Events).',
  Relationships:
    'What became of the invitations the members sent, and their inboxes, kept by the relationship sync (docs/relationships.md).',
  Outreach:
    'The team as one pool: the do-not-contact list and each person’s history with the team (docs/team-pool.md).',
  Sequences:
    'Steps run for each enrolled person by the sender’s own tasks, stopped by a reply (docs/sequences.md).',
  Stats:
    'Figures over time for charts: a watchlist’s volume, a sequence’s funnel, a member’s budget use.',
  Webhooks:
    'Signed HTTP callbacks to your own URL when tasks end or posts are collected (docs/webhooks.md).',
  'Agent protocol': 'The calls of the browser extension (docs/agent-protocol.md).',
  Operations: 'For the operator: is the service up.',
} as const;
type Tag = keyof typeof TAGS;

/** none: public; apiKey: `x-api-key`; member: `x-api-key` + `authorization: Bearer <agent_token>`. */
type Security = 'none' | 'apiKey' | 'member';
const SECURITY: Record<Security, Record<string, string[]>[]> = {
  none: [],
  apiKey: [{ apiKey: [] }],
  member: [{ apiKey: [], agentToken: [] }],
};

/** A success answer: its description and, when it has a body, the contract schema of that body. */
type Success =
  | string
  | {
      description: string;
      schema?: z.core.$ZodType /** Default application/json. */;
      mediaType?: string;
      /** The same answer also comes as `text/csv` (`?format=csv`): what its columns are. */
      csv?: string;
    };

interface RouteDoc {
  summary: string;
  description?: string;
  tag: Tag;
  security: Security;
  /** 2xx answers. */
  responses: Record<number, Success>;
  /** 4xx/5xx answers: what the `{error}` message says and when. 400 is added for a validated input. */
  errors?: Record<number, string>;
}

export const ERROR_SCHEMA_REF = { $ref: '#/components/schemas/Error' };

export function describe(doc: RouteDoc) {
  const responses: Record<string, unknown> = {};
  for (const [status, r] of Object.entries(doc.responses)) {
    const {
      description,
      schema,
      mediaType = 'application/json',
      csv,
    } = typeof r === 'string' ? { description: r, schema: undefined, csv: undefined } : r;
    responses[status] = {
      description,
      ...(schema
        ? {
            content: {
              [mediaType]: {
                schema: resolver(schema as Parameters<typeof resolver>[0], {
                  options: { io: 'output' },
                }),
              },
              ...(csv ? { 'text/csv': { schema: { type: 'string', description: csv } } } : {}),
            },
          }
        : {}),
    };
  }
  for (const [status, description] of Object.entries(doc.errors ?? {})) {
    responses[status] = {
      description,
      content: { 'application/json': { schema: ERROR_SCHEMA_REF } },
    };
  }
  const documented = describeRoute({
    summary: doc.summary,
    description: doc.description,
    tags: [doc.tag],
    security: SECURITY[doc.security],
    responses: responses as Parameters<typeof describeRoute>[0]['responses'],
  });
  // The same documentation on a middleware that hands on without waiting (app.ts says why).
  const passOn: MiddlewareHandler = (_c, next) => next();
  const spec = (documented as MiddlewareHandler & { [uniqueSymbol]: unknown })[uniqueSymbol];
  return Object.assign(passOn, { [uniqueSymbol]: spec });
}

/** A route that is served but is no part of the API (the dashboard's page, the reference itself). */
export function undocumented() {
  return describeRoute({ hide: true });
}
