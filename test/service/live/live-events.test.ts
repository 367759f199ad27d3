import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { streamSSE } from 'hono/streaming';
import { Hono } from 'hono';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam, type TeamMember } from '../../support/task-team.js';
import {
  claimTask,
  completeTask,
  insertKeywordWatchlist,
  networkPost,
  runAllTasks,
} from '../../support/collection-fixtures.js';
import { SseReader } from '../../support/sse-reader.js';
import { changesDelivered } from '../../support/changes-delivered.js';
import { startServer, type RunningService } from '../../../src/service/server.js';
import { refreshAccountHealth } from '../../../src/service/budgets/health-job.js';
import { streamTeamChanges } from '../../../src/service/live/event-stream.js';
import { MAX_STREAMS_PER_TEAM } from '../../../src/service/routes/events.js';
import { schedulerTick } from '../../../src/service/scheduler/index.js';

/**
 * GET /api-events over a real socket: each change a team would see on its dashboard reaches its
 * open streams as `event: change`, and nothing of another team's does.
 */
let svc: TestService;
let running: RunningService;
let acme: AgentTeam;
let ada: TeamMember;
let other: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  acme = await createAgentTeam(svc, 'Acme', [
    { email: 'ada@live.test', role: 'admin' },
    { email: 'cy@live.test' },
  ]);
  ada = acme.member('ada@live.test');
  other = await createAgentTeam(svc, 'Other', [{ email: 'bob@live.test', role: 'admin' }]);
  // Members' first health is a members change: computed before any stream opens, the server's job
  // finds nothing due while the tests read their streams.
  expect(await refreshAccountHealth(svc.ctx)).toBeGreaterThan(0);
  running = await startServer(svc.ctx, { ...svc.config, PORT: 0, HOST: '127.0.0.1' });
});
afterAll(async () => {
  await running.close();
  await svc.close();
});

async function open(team: AgentTeam): Promise<SseReader> {
  const res = await fetch(`${running.url}/api-events`, { headers: team.keyHeaders });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(res.headers.get('cache-control')).toBe('no-cache, no-transform');
  expect(res.headers.get('x-accel-buffering')).toBe('no');
  const reader = new SseReader(res);
  const ready = await reader.next();
  expect(ready.event).toBe('ready');
  expect(JSON.parse(ready.data)).toEqual({
    kinds: ['tasks', 'posts', 'watchlists', 'members', 'invitations', 'inbox', 'sequences'],
    keep_alive_s: 15,
  });
  expect(ready.retry).toBe(2000);
  return reader;
}

/** The kinds named by the change events that arrive until the stream is quiet. */
async function changedKinds(reader: SseReader): Promise<string[]> {
  // A change is expected: its first event may come later than drain's quiet window on a loaded
  // machine, so it is waited for; the rest is drained as before.
  const events = [await reader.next(10_000), ...(await reader.drain())];
  expect(events.every((e) => e.event === 'change')).toBe(true);
  return [
    ...new Set(events.flatMap((e) => (JSON.parse(e.data) as { kinds: string[] }).kinds)),
  ].sort();
}

const api = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  fetch(`${running.url}${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('GET /api-events', () => {
  test('a task queued, claimed and completed is announced as it happens, within two seconds', async () => {
    const stream = await open(acme);
    try {
      const queued = Date.now();
      expect(
        (
          await api('POST', '/network-agent/fetch-profile', acme.keyHeaders, {
            profile_slug: 'grace',
          })
        ).status,
      ).toBe(200);
      const first = await stream.next(2_000);
      expect(Date.now() - queued).toBeLessThan(2_000);
      expect(first).toMatchObject({ event: 'change' });
      expect(JSON.parse(first.data)).toEqual({ kinds: ['tasks'] });
      const task = (await claimTask(svc, ada))!;
      expect(await changedKinds(stream)).toEqual(['tasks']);
      await svc.call('POST', `/agent/tasks/${task.id}/fail`, {
        headers: ada.agentHeaders,
        body: {
          attempt: task.attempt,
          error: { code: 'not_found', message: 'No such profile', retryable: false },
        },
      });
      expect(await changedKinds(stream)).toEqual(['tasks']);
    } finally {
      await stream.close();
    }
  });

  test('on PGlite a task change is announced only while a stream is open; on PostgreSQL always', async () => {
    // What the database announces for Acme, up to a marker sent after the change: the session's
    // notifications arrive in the order sent, so one the change made would be heard before it.
    const announced = async (change: () => Promise<unknown>) => {
      const heard: string[] = [];
      const stop = await svc.ctx.db.listen('team_change', (p) => heard.push(p));
      try {
        await change();
        await changesDelivered(svc.ctx);
        return heard.filter((p) => p.startsWith(acme.id));
      } finally {
        await stop();
      }
    };
    const queue = (slug: string) =>
      api('POST', '/network-agent/fetch-profile', acme.keyHeaders, { profile_slug: slug });
    const unwatched = await announced(() => queue('unwatched'));
    expect(unwatched).toEqual(svc.ctx.db.kind === 'pglite' ? [] : [`${acme.id} tasks`]);
    const stream = await open(acme);
    try {
      expect(await announced(() => queue('watched'))).toEqual([`${acme.id} tasks`]);
    } finally {
      await stream.close();
    }
    // The stream closed: off again on PGlite.
    await expect
      .poll(async () => (await announced(() => queue(`closed-${Date.now()}`))).length)
      .toBe(svc.ctx.db.kind === 'pglite' ? 0 : 1);
    // Heard before the test ends: on PostgreSQL a late announcement would reach the next test's stream.
    await announced(() =>
      svc.ctx.db.query(
        `UPDATE tasks SET status = 'failed' WHERE team_id = $1 AND status = 'pending'`,
        [acme.id],
      ),
    );
  });

  test("another team's changes never reach a team's stream", async () => {
    const mine = await open(acme);
    try {
      expect(
        (
          await api('POST', '/network-agent/fetch-profile', other.keyHeaders, {
            profile_slug: 'grace',
          })
        ).status,
      ).toBe(200);
      await insertKeywordWatchlist(svc, other.id, ['fusion']);
      expect(await mine.drain()).toEqual([]);
    } finally {
      await mine.close();
    }
  });

  test('collected posts, a like marked on a post, and watchlist edits are announced; a burst is one event', async () => {
    const stream = await open(acme);
    try {
      const watchlistId = await insertKeywordWatchlist(svc, acme.id, [
        'fusion',
        'fission',
        'tokamak',
      ]);
      expect(await changedKinds(stream)).toEqual(['watchlists']);
      await schedulerTick(svc.ctx);
      // Three tasks queued in one tick and the watchlist's next collection moved: one burst.
      const burst = await stream.drain();
      expect(burst).toHaveLength(1);
      expect(JSON.parse(burst[0]!.data)).toEqual({ kinds: ['tasks', 'watchlists'] });

      const tasks = await runAllTasks(svc, ada, (t) => ({
        posts:
          t.input.keyword === 'fusion'
            ? [networkPost({ content: 'Fusion news' }), networkPost({ content: 'More fusion' })]
            : [],
      }));
      expect(tasks).toHaveLength(3);
      expect(await changedKinds(stream)).toEqual(['posts', 'tasks']);

      const [post] = await svc.ctx.db.query<{ id: string }>(
        'SELECT post_id AS id FROM watchlist_posts WHERE watchlist_id = $1 LIMIT 1',
        [watchlistId],
      );
      const liked = await api('POST', '/api-like', acme.keyHeaders, {
        post_id: post!.id,
        user_email: 'ada@live.test',
        actor_type: 'user',
      });
      expect(liked.status, await liked.clone().text()).toBeLessThan(300);
      const like = (await claimTask(svc, ada))!;
      expect(like.type).toBe('agent_like_post');
      await stream.drain();
      await completeTask(svc, ada, like, { liked: true });
      expect(await changedKinds(stream)).toEqual(['posts', 'tasks']);

      const patch = await api('PATCH', '/api-keyword-watchlist', acme.keyHeaders, {
        id: watchlistId,
        fetchFreqInHours: 24,
      });
      expect(patch.status, await patch.clone().text()).toBe(200);
      expect(await changedKinds(stream)).toEqual(['watchlists']);
    } finally {
      await stream.close();
    }
  });

  test('members: a pause or sign-out is announced; a heartbeat that changes nothing visible is not', async () => {
    const heartbeat = (paused: boolean) =>
      svc.call('POST', '/agent/heartbeat', {
        headers: ada.agentHeaders,
        body: {
          extension_version: '1.0.0',
          browser: 'Chrome 140',
          network: { signed_in: true },
          paused,
        },
      });
    await heartbeat(false);
    const stream = await open(acme);
    try {
      await heartbeat(false);
      expect(await stream.drain()).toEqual([]);
      await heartbeat(true);
      expect(await changedKinds(stream)).toEqual(['members']);
      const invited = await api('POST', '/api-team-members', ada.agentHeaders, {
        email: 'dee@live.test',
        role: 'member',
      });
      expect(invited.status, await invited.clone().text()).toBeLessThan(300);
      expect(await changedKinds(stream)).toEqual(['members']);
      await heartbeat(false);
      expect(await changedKinds(stream)).toEqual(['members']);
    } finally {
      await stream.close();
      // Ada is left unpaused whatever failed above, so later tests' claims still reach her.
      await heartbeat(false);
    }
  });

  test('without a valid key: 401 before any stream; at most the cap of streams per team', async () => {
    expect((await api('GET', '/api-events', {})).status).toBe(401);
    expect((await api('GET', '/api-events', { 'x-api-key': 'nak_nope' })).status).toBe(401);
    const streams = await Promise.all(
      Array.from({ length: MAX_STREAMS_PER_TEAM }, () => open(other)),
    );
    try {
      const refused = await api('GET', '/api-events', other.keyHeaders);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: 'Too many live connections for this team' });
      // Another team is not held up by this one's streams.
      await (await open(acme)).close();
    } finally {
      await Promise.all(streams.map((s) => s.close()));
    }
    // A closed stream frees its place (once the service has seen the client go).
    await expect.poll(() => svc.ctx.changes.count(other.id), { timeout: 10_000 }).toBe(0);
    await (await open(other)).close();
  });
});

describe('the stream itself', () => {
  /** streamTeamChanges served by hono's own SSE helper with short timings. */
  function shortStream(stop: AbortSignal, timings: { lifetimeMs: number; keepAliveS: number }) {
    const app = new Hono().get('/', (c) =>
      streamSSE(c, (s) => streamTeamChanges(s, svc.ctx.changes, acme.id, stop, timings)),
    );
    return app.request('/');
  }

  test('keep-alive comments while idle; it ends after its lifetime so the client reconnects', async () => {
    const started = Date.now();
    const reader = new SseReader(
      await shortStream(new AbortController().signal, { lifetimeMs: 2_500, keepAliveS: 1 }),
    );
    expect((await reader.next()).event).toBe('ready');
    const rest = await reader.drain(3_000);
    expect(rest.filter((e) => e.event === 'comment').map((e) => e.data)).toEqual([
      'keep-alive',
      'keep-alive',
    ]);
    expect(reader.ended).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    expect(svc.ctx.changes.count(acme.id)).toBe(0);
  });

  test('service shutdown ends open streams at once', async () => {
    const stop = new AbortController();
    const reader = new SseReader(
      await shortStream(stop.signal, { lifetimeMs: 60_000, keepAliveS: 30 }),
    );
    expect((await reader.next()).event).toBe('ready');
    const stopped = Date.now();
    stop.abort();
    await reader.drain(1_000);
    expect(reader.ended).toBe(true);
    expect(Date.now() - stopped).toBeLessThan(1_000);
  });

  test('an invitation sent, then accepted, is announced as invitations; a message from the other side as inbox', async () => {
    const stream = await open(acme);
    const person = 'urn:li:fsd_profile:ACoAALiveGrace1';
    // Sending an invitation starts Ada's relationship sync, whose reads the service's background
    // jobs would queue between the steps below and the claims would take: not due in this test,
    // which queues its reads itself.
    await svc.ctx.db.query(
      `INSERT INTO relationship_sync (team_id, user_id, next_sync_at) VALUES ($1, $2, now() + interval '1 day')
       ON CONFLICT (team_id, user_id) DO UPDATE SET next_sync_at = EXCLUDED.next_sync_at`,
      [acme.id, ada.userId],
    );
    try {
      expect(
        (
          await api('POST', '/network-agent/send-connection-request', acme.keyHeaders, {
            profile_urn: person,
          })
        ).status,
      ).toBe(200);
      const invite = (await claimTask(svc, ada))!;
      expect(invite.type).toBe('agent_connection_request');
      await stream.drain();
      await completeTask(svc, ada, invite, { sent: true, invitation_urn: null });
      expect(await changedKinds(stream)).toEqual(['invitations', 'tasks']);

      expect(
        (await api('POST', '/network-agent/fetch-connections', acme.keyHeaders, {})).status,
      ).toBe(200);
      const read = (await claimTask(svc, ada))!;
      expect(read.type).toBe('agent_connections_fetch');
      await stream.drain();
      const connection = {
        profile_urn: person,
        public_identifier: 'grace',
        full_name: 'Grace',
        headline: null,
        profile_url: null,
        image_url: null,
      };
      await completeTask(svc, ada, read, {
        connections: [{ ...connection, connected_at: new Date().toISOString() }],
        start: 0,
        count: 1,
        total: 1,
      });
      expect(await changedKinds(stream)).toEqual(['invitations', 'tasks']);

      expect(
        (await api('POST', '/network-agent/fetch-conversations', acme.keyHeaders, {})).status,
      ).toBe(200);
      const inbox = (await claimTask(svc, ada))!;
      expect(inbox.type).toBe('agent_conversations_fetch');
      await stream.drain();
      const last = {
        text: 'Hello!',
        sender_urn: person,
        from_me: false,
        delivered_at: new Date().toISOString(),
      };
      const urn = 'urn:li:msg_conversation:(urn:li:fsd_profile:ACoAAAdaLive01,2-bGl2ZQ==)';
      const conversation = {
        conversation_urn: urn,
        unread: true,
        last_activity_at: last.delivered_at,
        participants: [{ profile_urn: person, name: 'Grace', profile_url: null }],
        last_message: last,
      };
      await completeTask(svc, ada, inbox, { conversations: [conversation] });
      expect(await changedKinds(stream)).toEqual(['inbox', 'tasks']);
    } finally {
      await stream.close();
    }
  });
});
