import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { verifyWebhook } from '../../support/webhook-signature.js';
import { startLocalHttpServer, type LocalHttpServer } from '../../support/local-http.js';
import { deliverDueWebhooks } from '../../../src/service/webhooks/deliver.js';
import { runOps } from '../../../src/service/ops/run-ops.js';
import type { OperationHealth } from '../../../src/contract/agent.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';

/**
 * Drift made visible within one cycle: an extension's heartbeat reports an operation whose answers
 * lack a required field; the admins' view of the team shows it, the operator's CLI lists it, the
 * team's webhooks get a signed network.degraded; the next whole report clears all three and sends
 * network.recovered.
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

async function teamView() {
  const res = await svc.call('GET', '/api-team', {
    headers: team.member('admin@drift.test').agentHeaders,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    members: Array<{ email: string; operation_health: OperationHealth[] }>;
  };
}

async function ops(...argv: string[]) {
  const out: string[] = [];
  const code = await runOps(argv, { context: svc.ctx, out: (l) => out.push(l), err: () => {} });
  return { code, out };
}

/** Delivers what is due and answers the events the receiver got since the last call, parsed. */
async function delivered(secret: string) {
  await deliverDueWebhooks(svc.ctx);
  const got = receiver.requests.splice(0);
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
  const bob = (await teamView()).members.find((m) => m.email === 'bob@drift.test')!;
  expect(bob.operation_health).toEqual([headlineMissing]);

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

  // Whole again: the report is empty, the view and the CLI clear, network.recovered says so.
  expect((await heartbeat('bob@drift.test', [])).status).toBe(200);
  expect((await teamView()).members.every((m) => m.operation_health.length === 0)).toBe(true);
  events = await delivered(secret);
  expect(events.map((e) => [e.type, e.data.operations, e.data.still_degraded])).toEqual([
    ['network.recovered', ['agent_profile_fetch'], []],
  ]);
  health = await ops('network-health');
  expect(health.out).toEqual(['Every extension reports whole answers.']);

  // An extension that does not report operations (an older one) keeps none.
  expect((await heartbeat('bob@drift.test', [headlineMissing])).status).toBe(200);
  expect((await heartbeat('bob@drift.test', undefined)).status).toBe(200);
  expect((await teamView()).members.every((m) => m.operation_health.length === 0)).toBe(true);
  // Deliveries are not ordered (docs/webhooks.md): both were sent.
  expect((await delivered(secret)).map((e) => e.type).sort()).toEqual([
    'network.degraded',
    'network.recovered',
  ]);
});
