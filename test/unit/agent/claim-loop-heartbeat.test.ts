import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { TASK_TYPES } from '../../../src/contract/task-types.js';
import { agentStateItem, INITIAL_STATE } from '../../../src/agent/agent-state.js';
import { interruptClaim, kickLoop } from '../../../src/agent/claim-loop.js';
import { realClock, type Clock } from '../../../src/agent/clock.js';
import type { AgentContext } from '../../../src/agent/context.js';
import {
  clearCredentials,
  getCredentials,
  saveCredentials,
} from '../../../src/agent/credentials.js';
import { heartbeatDue } from '../../../src/agent/heartbeat-due.js';
import { openJournal } from '../../../src/agent/journal.js';
import { safetyStopsItem } from '../../../src/agent/safety-stops.js';
import { createServiceClient } from '../../../src/agent/service-client.js';
import { workerRoutes } from '../../../src/agent/worker-routes.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, taskRow, type AgentTeam } from '../../support/task-team.js';

/**
 * The claim loop against the real service (in process, real database): the service refuses claims
 * from a member whose last heartbeat said paused, so whatever the service last heard must be put
 * right before the loop claims. The browser is WXT's fakeBrowser with a content script that
 * answers like ours; the service is reached through app.request, which lets a test hold a
 * heartbeat's answer back the way a loaded machine does.
 */

let svc: TestService;
let team: AgentTeam;
/** Each heartbeat's `paused`, in the order the service received them. */
let heartbeats: boolean[];
/** Set by a test: the next heartbeat saying paused reaches the service, its answer waits. */
let hold: { arrived: () => void; release: Promise<void> } | null;
let offsetMs: number;
let ctx: AgentContext;
/** Set by a test: runs once when a claim's 200 has begun (its headers are in), before its body is read. */
let onClaimAnswer: (() => Promise<unknown>) | null;
/** How many claims the loop has sent since the test began. */
let claims: number;

const clock: Clock = {
  now: () => Date.now() + offsetMs,
  sleep: realClock.sleep,
  random: () => 0.5,
};

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Claim loop team', [
    { email: 'grace@example.com', role: 'admin' },
  ]);
});
afterAll(async () => svc?.close());

let dbCounter = 0;
beforeEach(async () => {
  fakeBrowser.reset();
  heartbeats = [];
  hold = null;
  onClaimAnswer = null;
  claims = 0;
  offsetMs = 0;
  Object.assign(fakeBrowser.runtime, {
    getManifest: () => ({ manifest_version: 3, name: 'test', version: '1.0.0' }),
    getPlatformInfo: async () => ({ os: 'linux', arch: 'x86-64' }),
  });
  // The content script of a network tab: ready, and it refuses tasks (running them is not what
  // these tests are about; the refusal goes back to the service as a retryable failure).
  Object.assign(fakeBrowser.tabs, {
    sendMessage: async (_tabId: number, msg: { type: string }) =>
      msg.type === 'ping'
        ? { ready: true }
        : msg.type === 'task:start'
          ? { accepted: false, reason: 'not run in this test' }
          : { refused: 'unknown' },
  });
  const m = team.member('grace@example.com');
  await saveCredentials({
    service_url: 'http://service.test',
    api_key: team.apiKey,
    agent_token: m.token,
    user: { id: m.userId, email: m.email, full_name: 'Grace' },
    team: { id: team.id, name: 'Claim loop team' },
    role: 'admin',
  });
  // Signed in to the network, checked just now (no network tab needed for the heartbeat).
  await agentStateItem.setValue({
    ...INITIAL_STATE,
    network: {
      signed_in: true,
      member_urn: 'urn:li:fsd_profile:ACoAAgrace',
      public_identifier: 'grace-hopper',
      full_name: 'Grace Hopper',
      problem: null,
      checked_at: Date.now(),
    },
  });
  // The service starts from a member who is not paused, whatever the previous test left.
  await svc.ctx.db.query('UPDATE memberships SET paused = false WHERE user_id = $1', [m.userId]);
  const journal = await openJournal(`claim-loop-test-${++dbCounter}`);
  ctx = {
    clock,
    journal,
    async client() {
      const c = await getCredentials();
      if (!c) return null;
      return createServiceClient({
        baseUrl: c.service_url,
        apiKey: c.api_key,
        agentToken: c.agent_token,
        fetchImpl: (async (url: string, init?: RequestInit) => {
          const path = new URL(url).pathname;
          if (path === '/agent/tasks/claim') claims++;
          const res = await svc.app.request(path, init);
          if (path === '/agent/heartbeat') {
            const paused = (JSON.parse(String(init?.body)) as { paused: boolean }).paused;
            heartbeats.push(paused);
            const held = hold;
            if (held && paused) {
              hold = null;
              held.arrived();
              await held.release;
            }
          }
          const begun = onClaimAnswer;
          if (path === '/agent/tasks/claim' && res.status === 200 && begun) {
            onClaimAnswer = null;
            return bodyEndedBy(res, init?.signal, begun);
          }
          return res;
        }) as typeof fetch,
      });
    },
    kick() {
      void kickLoop(ctx);
    },
  };
});

afterEach(async () => {
  // Stop the loop: signed out, it ends at its next look.
  await clearCredentials();
  interruptClaim();
  await kickLoop(ctx);
});

/**
 * The answer as fetch gives it once its headers are in: its body read fails if the call's signal
 * aborts meanwhile. `meanwhile` runs when the body is first read.
 */
async function bodyEndedBy(
  res: Response,
  signal: AbortSignal | null | undefined,
  meanwhile: () => Promise<unknown>,
): Promise<Response> {
  const text = await res.text();
  const body = new ReadableStream<Uint8Array>({
    async pull(c) {
      await meanwhile();
      if (signal?.aborted) return c.error(signal.reason);
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });
  return new Response(body, { status: res.status, headers: res.headers });
}

async function createTask(): Promise<string> {
  const res = await svc.call('POST', '/network-agent/fetch-company', {
    headers: team.keyHeaders,
    body: { company: 'acme-robotics' },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { api_agent_task_id: string }).api_agent_task_id;
}

/** Polls the task row until the agent has claimed it, or gives up after `ms`. */
async function claimedWithin(taskId: string, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if ((await taskRow(svc, taskId)).attempt > 0) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('claim loop and the paused state the service knows', () => {
  it('a Resume pressed while the Pause heartbeat is on its way still gets work at once', async () => {
    const routes = workerRoutes(ctx);
    const setPaused = (paused: boolean) => routes['popup:set-paused']!.handle({ paused }, {});
    ctx.kick();
    await until(() => heartbeats.length === 1);
    expect(heartbeats).toEqual([false]);

    // Pause: its heartbeat reaches the service (which now refuses this member's claims), and its
    // answer is slow to come back. The member presses Resume meanwhile.
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    let release!: () => void;
    hold = { arrived, release: new Promise<void>((r) => (release = r)) };
    await setPaused(true);
    await arrival;
    await setPaused(false);
    const taskId = await createTask();
    release();

    // The service hears "not paused" again right away and the task is claimed, instead of the
    // claims being refused until the next minute's heartbeat.
    expect(await claimedWithin(taskId, 5_000)).toBe(true);
    expect(heartbeats).toEqual([false, true, false]);
  });

  it('a Pause while a claimed task is on its way gives the task back at once, as a retryable paused_by_user', async () => {
    const routes = workerRoutes(ctx);
    const taskId = await createTask();
    // The claim's answer has begun when the member presses Pause (which interrupts the claim).
    onClaimAnswer = async () => routes['popup:set-paused']!.handle({ paused: true }, {});
    ctx.kick();
    await until(() => onClaimAnswer === null);
    let row = await taskRow(svc, taskId);
    const deadline = Date.now() + 5_000;
    while (row.status === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      row = await taskRow(svc, taskId);
    }
    // Back to pending now, not when the 120 s lease runs out; the attempt it was claimed with is spent.
    expect(row.status).toBe('pending');
    expect(row.error?.code).toBe('paused_by_user');
    expect(row.attempt).toBe(1);
    expect(row.lease_expires_at).toBeNull();
    expect(await ctx.journal.all()).toEqual([]);
  });

  it('when a safety stop ends, the service hears it before the next claim', async () => {
    // A rate limit a moment ago: its heartbeat told the service we are paused.
    await safetyStopsItem.setValue([
      {
        code: 'network_rate_limited',
        types: [...TASK_TYPES],
        until: clock.now() + 1_000,
        message: 'HTTP 429',
      },
    ]);
    await kickLoop(ctx);
    expect(heartbeats).toEqual([true]);

    // The cool-down is over well within the heartbeat minute; the alarm starts the loop again.
    offsetMs += 2_000;
    const taskId = await createTask();
    ctx.kick();
    expect(await claimedWithin(taskId, 5_000)).toBe(true);
    expect(heartbeats).toEqual([true, false]);
  });

  it('an open popup hears a fresh heartbeat within seconds, not when the waiting claim ends', async () => {
    const routes = workerRoutes(ctx);
    ctx.kick();
    await until(() => heartbeats.length === 1 && claims === 1);
    // The claim waits for work (claim_wait_s, 20 s); the last heartbeat is 11 s old.
    offsetMs += 11_000;
    await routes['popup:status']!.handle({}, {});
    await until(() => heartbeats.length === 2, 5_000);
    // Beside the claim, which still waits: a task created now goes to it.
    expect(claims).toBe(1);
    const taskId = await createTask();
    expect(await claimedWithin(taskId, 5_000)).toBe(true);
  });
});

describe('heartbeatDue', () => {
  const now = Date.parse('2026-11-22T09:00:00.000Z');
  const fresh = {
    last_heartbeat_at: now - 1_000,
    heartbeat_every_s: 60,
    reported: { paused: false, network_signed_in: true },
    service_reachable: true,
    service_error: null,
  };

  it('is due when the minute is up or none was ever sent', () => {
    expect(heartbeatDue({ ...fresh, last_heartbeat_at: now - 60_000 }, fresh.reported, now)).toBe(
      true,
    );
    expect(heartbeatDue({ ...fresh, last_heartbeat_at: null }, fresh.reported, now)).toBe(true);
    expect(heartbeatDue(fresh, fresh.reported, now)).toBe(false);
  });

  it('is due at once when what the service last heard is no longer true', () => {
    expect(heartbeatDue(fresh, { paused: true, network_signed_in: true }, now)).toBe(true);
    expect(heartbeatDue(fresh, { paused: false, network_signed_in: false }, now)).toBe(true);
    expect(heartbeatDue({ ...fresh, reported: null }, fresh.reported, now)).toBe(true);
  });

  it('is due at once when the service was unreachable at the last call', () => {
    expect(heartbeatDue({ ...fresh, service_reachable: false }, fresh.reported, now)).toBe(true);
  });

  it('is due at once when the service refused the last call (a claim before the member agreed), so its error does not outlive the cause', () => {
    expect(
      heartbeatDue(
        {
          ...fresh,
          service_error:
            "Consent required: acknowledge what runs in your name in the extension's popup first",
        },
        fresh.reported,
        now,
      ),
    ).toBe(true);
  });

  it('is due when the open popup asked for fresh budgets after the last one, and only then', () => {
    expect(heartbeatDue({ ...fresh, heartbeat_wanted_at: now - 500 }, fresh.reported, now)).toBe(
      true,
    );
    expect(heartbeatDue({ ...fresh, heartbeat_wanted_at: now - 2_000 }, fresh.reported, now)).toBe(
      false,
    );
  });
});
