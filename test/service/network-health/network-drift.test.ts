import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, queueProfileTask, type AgentTeam } from '../../support/task-team.js';
import { claimTask, completeTask } from '../../support/collection-fixtures.js';
import { profileOutput } from '../../support/profile-output.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { runOps } from '../../../src/service/ops/run-ops.js';
import type { OperationHealth } from '../../../src/contract/agent.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';

/**
 * Drift made visible within one cycle: an extension's heartbeat reports an operation whose answers
 * lack a required field; the admins' view of the team shows it, the operator's CLI lists it, the
 * team's webhooks get a signed network.degraded. Only evidence clears it: a report that no longer
 * names it after a run of it completed sends network.recovered; a report silent about it (the
 * operation unused, diagnostics not shared) leaves it unknown, and sends nothing.
 */
let svc: TestService;
let team: AgentTeam;
let receiver: LocalHttpServer;

beforeAll(async () => {
  receiver = await startLocalHttpServer((_req, res) => res.writeHead(200).end('ok'));
  svc = await startTestService({ ALLOW_PRIVATE_FETCH: '1' });
  team = await createAgentTeam(svc, 'Drift', [
    { email: 'admin@drift.test', role: 'admin' },
    { email: 'bob@drift.test', role: 'member' },
  ]);
});
afterAll(async () => {
  await svc.close();
  await receiver.close();
});

const since = '2026-11-27T14:02:00.000Z';
const headlineMissing: OperationHealth = {
  operation: 'agent_profile_fetch',
  map_version: 3,
  state: 'broken',
  since,
  last_at: '2026-11-27T14:05:00.000Z',
  runs: 2,
  failed_runs: 2,
  missing_fields: [
    {
      call: 'profile',
      alternative: 'profile-dash-full',
      field: 'headline',
      results: 2,
      missing: 2,
      since,
      last_at: '2026-11-27T14:05:00.000Z',
    },
  ],
  failed_ways: [],
};

function heartbeat(email: string, report: OperationHealth[] | undefined) {
  return svc.call('POST', '/agent/heartbeat', {
    headers: team.member(email).agentHeaders,
    body: {
      extension_version: '1.5.0',
      browser: 'Chrome 140',
      network: { signed_in: true },
      paused: false,
      network_map_version: 3,
      network_map_format: NETWORK_MAP_FORMAT,
      ...(report ? { operation_health: report } : {}),
    },
  });
}

type Seen = OperationHealth | (Omit<OperationHealth, 'state'> & { state: 'unknown' });

async function teamView() {
  const res = await svc.call('GET', '/api-team', {
    headers: team.member('admin@drift.test').agentHeaders,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    members: Array<{
      email: string;
      operation_health: Array<
        Seen & { unknown_since: string | null; last_reported_at: string | null }
      >;
    }>;
  };
}

const known = (h: OperationHealth) => ({ ...h, unknown_since: null, last_reported_at: null });

async function healthOf(email: string) {
  return (await teamView()).members.find((m) => m.email === email)!.operation_health;
}

/** A profile read the member runs and completes: its operation's answer, seen by the service. */
async function completedProfileRead(email: string) {
  const member = team.member(email);
  await queueProfileTask(svc, team.id, member.userId);
  const task = await claimTask(svc, member);
  expect(task?.type).toBe('agent_profile_fetch');
  await completeTask(svc, member, task!, profileOutput());
}

async function ops(...argv: string[]) {
  const out: string[] = [];
  const code = await runOps(argv, { context: svc.ctx, out: (l) => out.push(l), err: () => {} });
  return { code, out };
}

/**
 * Delivers what is due and answers the events the receiver got since the last call at `path` (the
 * webhook the secret signs for), parsed.
 */
async function delivered(secret: string, path = '/drift') {
  await deliverDueWebhooks(svc.ctx);
  const got = receiver.requests.splice(0).filter((r) => r.url === path);
  for (const r of got) expect(verifyWebhook(r, secret)).toBe(true);
  return got.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
}

test('a heartbeat reporting a missing field shows to admins, the operator and webhooks, then clears itself', async () => {
  const hook = await svc.call('POST', '/api-webhooks', {
    headers: team.member('admin@drift.test').agentHeaders,
    body: { url: `${receiver.url}/drift`, events: ['network.degraded', 'network.recovered'] },
  });
  expect(hook.status, await hook.clone().text()).toBe(201);
  const { secret } = (await hook.json()) as { secret: string };

  expect((await heartbeat('bob@drift.test', [headlineMissing])).status).toBe(200);
  expect(await healthOf('bob@drift.test')).toEqual([known(headlineMissing)]);

  let events = await delivered(secret);
  expect(events).toEqual([
    {
      id: expect.any(String),
      type: 'network.degraded',
      created_at: expect.any(String),
      data: {
        member: { id: team.member('bob@drift.test').userId, email: 'bob@drift.test' },
        extension_version: '1.5.0',
        operations: [headlineMissing],
      },
    },
  ]);
  let health = await ops('network-health');
  expect(health.code).toBe(0);
  expect(health.out[0]).toMatch(
    /^Drift \(.+\) · bob@drift\.test · extension 1\.5\.0 · map version 3/,
  );
  expect(health.out[1]).toBe(
    '  broken: profile fetches: headline missing in 100 % since 2026-11-27T14:02:00Z, map version 3 (profile by profile-dash-full)',
  );

  // The same report again is no news; another member's whole report changes nothing.
  expect(
    (await heartbeat('bob@drift.test', [{ ...headlineMissing, runs: 3, failed_runs: 3 }])).status,
  ).toBe(200);
  expect((await heartbeat('admin@drift.test', [])).status).toBe(200);
  expect(await delivered(secret)).toEqual([]);

  // Whole again: a profile read completed, and the next report no longer names the operation:
  // the view and the CLI clear, network.recovered says so, once.
  await completedProfileRead('bob@drift.test');
  expect((await heartbeat('bob@drift.test', [])).status).toBe(200);
  expect((await teamView()).members.every((m) => m.operation_health.length === 0)).toBe(true);
  events = await delivered(secret);
  expect(events.map((e) => [e.type, e.data.operations, e.data.still_degraded])).toEqual([
    ['network.recovered', ['agent_profile_fetch'], []],
  ]);
  health = await ops('network-health');
  expect(health.out).toEqual(['Every extension reports whole answers.']);
  expect((await heartbeat('bob@drift.test', [])).status).toBe(200);
  expect(await delivered(secret)).toEqual([]);
});

test('a heartbeat silent about a failing operation leaves it unknown and sends no network.recovered', async () => {
  const hook = await svc.call('POST', '/api-webhooks', {
    headers: team.member('admin@drift.test').agentHeaders,
    body: { url: `${receiver.url}/silence`, events: ['network.degraded', 'network.recovered'] },
  });
  const { secret } = (await hook.json()) as { secret: string };
  const email = 'admin@drift.test';
  expect((await heartbeat(email, [headlineMissing])).status).toBe(200);
  expect((await delivered(secret, '/silence')).map((e) => e.type)).toEqual(['network.degraded']);

  // A run completed before the failure was last reported says nothing of the answers since.
  await completedProfileRead(email);
  expect((await heartbeat(email, [headlineMissing])).status).toBe(200);
  const before = Date.now();
  // The report no longer names it, with no run since: unknown, from now.
  expect((await heartbeat(email, [])).status).toBe(200);
  let health = await healthOf(email);
  expect(health).toEqual([
    {
      ...headlineMissing,
      state: 'unknown',
      unknown_since: expect.any(String),
      last_reported_at: expect.any(String),
    },
  ]);
  const since = health[0]!.unknown_since!;
  expect(Date.parse(since)).toBeGreaterThanOrEqual(before - 1000);
  expect(Date.parse(health[0]!.last_reported_at!)).toBeLessThanOrEqual(Date.parse(since));
  // No report at all (diagnostics not shared): still unknown, since the same time.
  expect((await heartbeat(email, undefined)).status).toBe(200);
  health = await healthOf(email);
  expect(health.map((h) => [h.state, h.unknown_since])).toEqual([['unknown', since]]);
  const cli = await ops('network-health');
  expect(cli.out[1]).toMatch(
    /^ {2}unknown: profile fetches: unknown since \S+, last reported not whole at \S+, map version 3 \(no report names it and no whole answer of it was seen\)$/,
  );
  expect(await delivered(secret, '/silence')).toEqual([]);

  // A run completed, but the heartbeat sends no report: nothing shows its answers were whole.
  await completedProfileRead(email);
  expect((await heartbeat(email, undefined)).status).toBe(200);
  expect((await healthOf(email)).map((h) => h.state)).toEqual(['unknown']);
  expect(await delivered(secret, '/silence')).toEqual([]);

  // Reported again: failing again, with no new network.degraded (it never recovered).
  expect((await heartbeat(email, [headlineMissing])).status).toBe(200);
  expect(await healthOf(email)).toEqual([known(headlineMissing)]);
  expect(await delivered(secret, '/silence')).toEqual([]);

  // A run after that report, then a report without it: recovered, one signed event.
  await completedProfileRead(email);
  expect((await heartbeat(email, [])).status).toBe(200);
  expect(await healthOf(email)).toEqual([]);
  const events = await delivered(secret, '/silence');
  expect(events.map((e) => [e.type, e.data])).toEqual([
    [
      'network.recovered',
      {
        member: { id: team.member(email).userId, email },
        extension_version: '1.5.0',
        operations: ['agent_profile_fetch'],
        still_degraded: [],
        still_unknown: [],
      },
    ],
  ]);
});
