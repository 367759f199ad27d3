import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { z } from '../../contract/zod.js';
import type { AppEnv } from '../context.js';
import { requireApiKey } from '../auth/require-api-key.js';
import { describe } from '../http/describe.js';
import { HttpError } from '../http/http-error.js';
import { KEEP_ALIVE_S, STREAM_LIFETIME_MS, streamTeamChanges } from '../live/event-stream.js';

/** Open streams one team may hold at once (dashboard tabs, API clients), per instance. */
export const MAX_STREAMS_PER_TEAM = 25;

/** GET /api-events: what changed for the team, live (Server-Sent Events). */
export const eventRoutes = new Hono<AppEnv>().get(
  '/api-events',
  describe({
    summary: 'Live changes of the team (Server-Sent Events)',
    description:
      'A `text/event-stream`. First `event: ready`; then `event: change` with `{"kinds": [...]}` (of `tasks`, `posts`, ' +
      '`watchlists`, `members`) whenever those changed: fetch them again. The stream carries no data itself. ' +
      `A comment line every ${KEEP_ALIVE_S} s keeps proxies from closing it; it ends after ${STREAM_LIFETIME_MS / 60_000} minutes ` +
      'and the client reconnects (the `retry` field). Send `x-api-key` as a header: with `fetch`, not `EventSource`, in a browser.',
    tag: 'Live',
    security: 'apiKey',
    responses: {
      200: { description: 'The event stream', mediaType: 'text/event-stream', schema: z.string() },
    },
    errors: {
      401: '`Missing API Key` or `Invalid API Key`',
      429: `\`Too many live connections for this team\` (at most ${MAX_STREAMS_PER_TEAM} at once)`,
    },
  }),
  requireApiKey(),
  async (c) => {
    const { ctx, team } = c.var;
    if (ctx.changes.count(team.id) >= MAX_STREAMS_PER_TEAM)
      throw new HttpError(429, 'Too many live connections for this team');
    const res = streamSSE(c, (stream) =>
      streamTeamChanges(stream, ctx.changes, team.id, ctx.signals.stopping),
    );
    // nginx would buffer the stream by default; no proxy or browser may cache or transform it.
    res.headers.set('X-Accel-Buffering', 'no');
    res.headers.set('Cache-Control', 'no-cache, no-transform');
    return res;
  },
);
