import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { agentStateItem, INITIAL_STATE } from '../../../src/agent/agent-state.js';
import { interruptClaim, kickLoop } from '../../../src/agent/claim-loop.js';
import { realClock, type Clock } from '../../../src/agent/clock.js';
import type { AgentContext } from '../../../src/agent/context.js';
import {
  clearCredentials,
  getCredentials,
  saveCredentials,
} from '../../../src/agent/credentials.js';
import { openJournal } from '../../../src/agent/journal.js';
import { createServiceClient } from '../../../src/agent/service-client.js';
import { agentStatus } from '../../../src/agent/status.js';
import { signedOutByServiceWords } from '../../../src/popup/popup-text.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';

/**
 * The claim loop against the real service (in process, real database) when the service says no:
 * a revoked token (401) signs the member out with words the popup shows, and nothing calls the
 * service any more; a busy service (503 with Retry-After, what it answers when it holds as many
 * waiting claims as it takes) is left alone for that long.
 */

let svc: TestService;
let team: AgentTeam;
let offsetMs: number;
let ctx: AgentContext;
/** Every call the loop made, by path. */
let calls: string[];
/** Paths the service answers 503 with `Retry-After: 30`, as a full service does. */
let busy: Set<string>;

const clock: Clock = {
  now: () => Date.now() + offsetMs,
  sleep: realClock.sleep,
  random: () => 0.5,
};

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Service answers team', [
    { email: 'ada@example.com', role: 'admin' },
    { email: 'alan@example.com', role: 'member' },
    { email: 'grace@example.com', role: 'member' },
  ]);
});
afterAll(async () => svc?.close());

let dbCounter = 0;
async function signInAs(email: string) {
  const m = team.member(email);
  await saveCredentials({
    service_url: 'http://127.0.0.1:1',
    api_key: team.apiKey,
    agent_token: m.token,
    user: { id: m.userId, email: m.email, full_name: email },
    team: { id: team.id, name: 'Service answers team' },
    role: 'member',
  });
  return m;
}

beforeEach(async () => {
  fakeBrowser.reset();
  await clearCredentials();
  calls = [];
  busy = new Set();
  offsetMs = 0;
  Object.assign(fakeBrowser.runtime, {
    getManifest: () => ({ manifest_version: 3, name: 'test', version: '1.0.0' }),
    getPlatformInfo: async () => ({ os: 'linux', arch: 'x86-64' }),
  });
  await agentStateItem.setValue({
    ...INITIAL_STATE,
    network: {
      signed_in: true,
      member_urn: 'urn:li:fsd_profile:ACoAAtest',
      public_identifier: 'test-member',
      full_name: 'Test Member',
      problem: null,
      checked_at: Date.now(),
    },
  });
  const journal = await openJournal(`service-answers-test-${++dbCounter}`);
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
          calls.push(path);
          if (busy.has(path))
            return new Response(JSON.stringify({ error: 'Too many waiting claims; come back' }), {
              status: 503,
              headers: { 'content-type': 'application/json', 'retry-after': '30' },
            });
          return svc.app.request(path, init);
        }) as typeof fetch,
      });
    },
    kick() {
      void kickLoop(ctx);
    },
  };
});

afterEach(async () => {
  await clearCredentials();
  interruptClaim();
  await kickLoop(ctx);
});

async function revoke(member: { agentHeaders: Record<string, string> }) {
  const res = await svc.call('POST', '/agent/sign-out', { headers: member.agentHeaders });
  expect(res.status).toBe(200);
}

describe('a 401 from the service', () => {
  it('on a heartbeat: signed out, "sign in again" in the popup, and no more calls', async () => {
    const m = await signInAs('ada@example.com');
    await revoke(m);
    await kickLoop(ctx);
    expect(calls).toEqual(['/agent/heartbeat']);
    expect(await getCredentials()).toBeNull();

    const status = await agentStatus(ctx);
    expect(status.signed_in).toBe(false);
    expect(status.signed_out_by_service).toMatch(/token/i);
    expect(signedOutByServiceWords(status.signed_out_by_service!)).toMatch(
      /^Signed out of the service: sign in again\./,
    );

    // The minute alarm, a popup, a result: whatever wakes the loop, it calls nobody.
    await kickLoop(ctx);
    await kickLoop(ctx);
    expect(calls).toEqual(['/agent/heartbeat']);
  });

  it('on a result: signed out before anything else is sent', async () => {
    const m = await signInAs('alan@example.com');
    const now = clock.now();
    await ctx.journal.record(
      {
        task_id: crypto.randomUUID(),
        attempt: 1,
        type: 'agent_profile_fetch',
        result: { ok: false, error: { code: 'not_found', message: 'gone', retryable: false } },
        created_at: now,
      },
      now,
    );
    await revoke(m);
    await kickLoop(ctx);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatch(/^\/agent\/tasks\/.+\/fail$/);
    expect(await getCredentials()).toBeNull();
    expect((await agentStatus(ctx)).signed_out_by_service).toMatch(/token/i);
    // The result stays journaled, for whoever signs in next.
    expect(await ctx.journal.all()).toHaveLength(1);
  });
});

describe('a 503 with Retry-After from the service', () => {
  it('on a claim: no call at all for the 30 s it asked (plus jitter), then calls again', async () => {
    await signInAs('grace@example.com');
    busy.add('/agent/tasks/claim');
    const start = clock.now();
    await kickLoop(ctx);
    expect(calls).toEqual(['/agent/heartbeat', '/agent/tasks/claim']);
    // 30 s and 10 % of it (the jitter is up to 20 %; this clock's chance is 0.5).
    const retryAt = (await agentStateItem.getValue()).service_retry_at!;
    expect(retryAt - start).toBeGreaterThanOrEqual(33_000);
    expect(retryAt - start).toBeLessThan(33_000 + 1_000);

    for (const later of [1_000, 10_000, 29_000, 32_000]) {
      offsetMs = later;
      await kickLoop(ctx);
      expect(calls).toHaveLength(2);
    }
    offsetMs = 34_000;
    await kickLoop(ctx);
    expect(calls.slice(2)).toContain('/agent/tasks/claim');
  });

  it('on a heartbeat: the same wait before the next heartbeat', async () => {
    await signInAs('grace@example.com');
    busy.add('/agent/heartbeat');
    await kickLoop(ctx);
    expect(calls).toEqual(['/agent/heartbeat']);
    offsetMs = 20_000;
    await kickLoop(ctx);
    expect(calls).toEqual(['/agent/heartbeat']);
    offsetMs = 34_000;
    await kickLoop(ctx);
    expect(calls).toEqual(['/agent/heartbeat', '/agent/heartbeat']);
  });
});
