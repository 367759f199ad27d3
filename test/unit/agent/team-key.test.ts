import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { agentStateItem, INITIAL_STATE } from '../../../src/agent/agent-state.js';
import type { AgentContext } from '../../../src/agent/context.js';
import {
  clearCredentials,
  getCredentials,
  saveCredentials,
  watchCredentials,
  type Credentials,
} from '../../../src/agent/credentials.js';
import { sendHeartbeat } from '../../../src/agent/heartbeat.js';
import { openJournal } from '../../../src/agent/journal.js';
import { agentStatus } from '../../../src/agent/status.js';
import { storedClient } from '../../../src/agent/stored-client.js';
import { KEY_CHECK_EVERY_MS } from '../../../src/agent/team-key.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { fakeClock } from './fake-clock.js';

/**
 * The worker follows the team's key through rotations (src/agent/team-key.ts), against the real
 * service in process: a rotated-out key works with the member's token only for RETIRED_KEY_HOURS,
 * so the worker must hold the new key before then. The worker's own wiring is used (its
 * `ctx.client()` is `storedClient`), with the global fetch handing each call to the service (the
 * extension's own files to the fetch before it) and noting which key it carried. The service's hours pass by back-dating the retired key's row.
 */

let svc: TestService;
let ctx: AgentContext;
let clock: ReturnType<typeof fakeClock>;
/** Every call the worker made: method, path and the key it carried. */
let calls: { method: string; path: string; key: string | null }[];

const HOUR = 3_600_000;
const SERVICE_URL = 'http://127.0.0.1:8787';

beforeAll(async () => {
  svc = await startTestService();
});
afterAll(async () => svc?.close());

let n = 0;
beforeEach(async () => {
  fakeBrowser.reset();
  await clearCredentials();
  calls = [];
  clock = fakeClock();
  Object.assign(fakeBrowser.runtime, {
    getManifest: () => ({ manifest_version: 3, name: 'test', version: '1.0.0' }),
  });
  const extensionFiles = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (!url.startsWith(SERVICE_URL)) return extensionFiles(url, init);
    const path = new URL(url).pathname;
    const key = new Headers(init?.headers).get('x-api-key');
    calls.push({ method: init?.method ?? 'GET', path, key });
    return svc.app.request(path, init);
  });
  await agentStateItem.setValue({ ...INITIAL_STATE, network: networkCheckedAt(clock.now()) });
  ctx = {
    clock,
    journal: await openJournal(`team-key-test-${++n}`),
    client: () => storedClient(clock),
    kick() {},
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** Signed in to the network, checked at `at`: the heartbeat needs no network tab. */
function networkCheckedAt(at: number) {
  return {
    signed_in: true,
    member_urn: 'urn:li:fsd_profile:ACoAAkeys',
    public_identifier: 'key-member',
    full_name: 'Key Member',
    problem: null,
    checked_at: at,
  };
}

/** A team of an admin and a member whose extension is signed in (the member's credentials stored). */
async function signedInMember(): Promise<{ team: AgentTeam; creds: Credentials }> {
  const team = await createAgentTeam(svc, `Key team ${++n}`, [
    { email: `keys-admin-${n}@example.com`, role: 'admin' },
    { email: `keys-member-${n}@example.com`, role: 'member' },
  ]);
  const m = team.members[1]!;
  const creds: Credentials = {
    service_url: SERVICE_URL,
    api_key: team.apiKey,
    agent_token: m.token,
    user: { id: m.userId, email: m.email, full_name: 'Key Member' },
    team: { id: team.id, name: `Key team ${n}` },
    role: 'member',
  };
  await saveCredentials(creds);
  return { team, creds };
}

/** The admin rotates the team's key (with the key given); answers the new one. */
async function rotate(team: AgentTeam, key: string): Promise<string> {
  const res = await svc.call('POST', '/api-team-key/rotate', {
    headers: { 'x-api-key': key, authorization: `Bearer ${team.members[0]!.token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { api_key: string }).api_key;
}

/** The team's rotated-out key is `hours` old at the service, its cached look-ups forgotten. */
async function retiredHoursAgo(teamId: string, hours: number) {
  await svc.ctx.db.query(
    `UPDATE team_retired_keys SET retired_at = now() - $2::interval WHERE team_id = $1`,
    [teamId, `${hours} hours`],
  );
  svc.ctx.credentials.clear();
}

/** One heartbeat `ms` after the last one (the network session counts as just checked). */
async function heartbeatAfter(ms: number): Promise<boolean> {
  clock.advance(ms);
  await agentStateItem.setValue({
    ...(await agentStateItem.getValue()),
    network: networkCheckedAt(clock.now()),
  });
  return sendHeartbeat(ctx);
}

const keyFetches = () => calls.filter((c) => c.path === '/api-team-key');
const heartbeatKeys = () => calls.filter((c) => c.path === '/agent/heartbeat').map((c) => c.key);

describe('the worker takes the team’s new key', () => {
  it('after a rotation, at its next check: stored, and the next /agent/ call carries it', async () => {
    const { team, creds } = await signedInMember();
    // The first heartbeat after sign-in fetches no key: the sign-in just gave the current one.
    expect(await heartbeatAfter(0)).toBe(true);
    expect(keyFetches()).toEqual([]);

    const fresh = await rotate(team, team.apiKey);
    await retiredHoursAgo(team.id, 6);
    const changes = vi.fn();
    const unwatch = watchCredentials(changes);
    calls = [];
    expect(await heartbeatAfter(KEY_CHECK_EVERY_MS)).toBe(true);
    // The heartbeat went with the old key (still good with the token), then the key was fetched.
    expect(calls.map((c) => `${c.method} ${c.path} ${c.key}`)).toEqual([
      `POST /agent/heartbeat ${team.apiKey}`,
      `GET /api-team-key ${team.apiKey}`,
    ]);
    expect(await getCredentials()).toEqual({ ...creds, api_key: fresh });
    // One save, no sign-out on the way: the popup sees the member signed in throughout.
    await vi.waitFor(() => expect(changes).toHaveBeenCalledTimes(1));
    unwatch();
    const status = await agentStatus(ctx);
    expect(status.signed_in).toBe(true);
    expect(status.signed_out_by_service).toBeNull();

    // Long past the old key's deadline, the worker works on with the new one.
    await retiredHoursAgo(team.id, 48);
    calls = [];
    expect(await heartbeatAfter(60_000)).toBe(true);
    expect(heartbeatKeys()).toEqual([fresh]);
    expect(keyFetches()).toEqual([]);
  });

  it('checks at most once every six hours', async () => {
    const { team } = await signedInMember();
    expect(await heartbeatAfter(0)).toBe(true);
    const fresh = await rotate(team, team.apiKey);
    calls = [];
    // Heartbeats for six hours less a moment: none fetches the key again.
    for (let hour = 1; hour <= 6; hour++)
      expect(await heartbeatAfter(HOUR - +(hour === 6))).toBe(true);
    expect(keyFetches()).toEqual([]);
    expect((await getCredentials())?.api_key).toBe(team.apiKey);
    expect(await heartbeatAfter(1)).toBe(true);
    expect(keyFetches()).toHaveLength(1);
    expect((await getCredentials())?.api_key).toBe(fresh);
  });

  it('checks at its first heartbeat when it never did, signed in long ago', async () => {
    const { team } = await signedInMember();
    const fresh = await rotate(team, team.apiKey);
    // Heartbeats went before (a version of the extension that never fetched the key).
    await agentStateItem.setValue({
      ...(await agentStateItem.getValue()),
      last_heartbeat_at: clock.now() - 60_000,
    });
    expect(await heartbeatAfter(0)).toBe(true);
    expect(keyFetches()).toHaveLength(1);
    expect((await getCredentials())?.api_key).toBe(fresh);
  });
});

describe('a call refused with `Invalid API Key`', () => {
  it('fetches the key with the stored one once, and goes again with the new key', async () => {
    const { team, creds } = await signedInMember();
    // A client made with the sign-in's key; the stored key moves on while its call is on the way
    // (a heartbeat renewed it), and a second rotation ends the sign-in's key at once.
    const client = (await storedClient(clock))!;
    const second = await rotate(team, team.apiKey);
    await saveCredentials({ ...creds, api_key: second });
    const third = await rotate(team, second);
    const answer = await client.heartbeat({
      extension_version: '1.0.0',
      browser: 'chrome 131',
      network: { signed_in: true, member_urn: null, public_identifier: null },
      paused: false,
    });
    expect(answer.heartbeat_every_s).toBeGreaterThan(0);
    expect(calls.map((c) => `${c.method} ${c.path} ${c.key}`)).toEqual([
      `POST /agent/heartbeat ${team.apiKey}`,
      `GET /api-team-key ${second}`,
      `POST /agent/heartbeat ${third}`,
    ]);
    expect(await getCredentials()).toEqual({ ...creds, api_key: third });
  });

  it('signs out as before when the stored key is refused too', async () => {
    const { team } = await signedInMember();
    expect(await heartbeatAfter(0)).toBe(true);
    // The worker did not run while the rotated-out key's time passed.
    await rotate(team, team.apiKey);
    await retiredHoursAgo(team.id, 25);
    calls = [];
    expect(await heartbeatAfter(HOUR)).toBe(false);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /agent/heartbeat',
      'GET /api-team-key',
    ]);
    expect(await getCredentials()).toBeNull();
    const status = await agentStatus(ctx);
    expect(status.signed_in).toBe(false);
    expect(status.signed_out_by_service).toBe('Invalid API Key');
  });
});
