import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { SseReader } from '../../support/sse-reader.js';
import { startServer, type RunningService } from '../../../src/service/server.js';
import type { OperationHealth } from '../../../src/contract/agent.js';
import { NETWORK_MAP_FORMAT } from '../../../src/contract/network-map.js';
import { refreshAccountHealth } from '../../../src/service/budgets/health-job.js';

/**
 * The admins' health notice follows an open dashboard (GET /api-events): a heartbeat whose
 * operation report changed is announced as `members`, the same report again is not. The drift
 * that matters most changes nothing else a member's row holds: its calls all answer (no
 * `network_health`), only the answers lack a field.
 */
let svc: TestService;
let running: RunningService;
let team: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Notice', [{ email: 'ada@notice.test', role: 'admin' }]);
  // The member's first health is a change of the members section too: computed here, the server's
  // health job has nothing due while the stream is read, whenever it runs.
  expect(await refreshAccountHealth(svc.ctx)).toBeGreaterThan(0);
  running = await startServer(svc.ctx, { ...svc.config, PORT: 0, HOST: '127.0.0.1' });
});
afterAll(async () => {
  await running.close();
  await svc.close();
});

const since = '2026-11-27T14:02:00.000Z';
const textMissing: OperationHealth = {
  operation: 'agent_keyword_tracking',
  map_version: 3,
  state: 'degraded',
  since,
  last_at: since,
  runs: 1,
  failed_runs: 0,
  missing_fields: [
    {
      call: 'content_search',
      alternative: 'graphql-search-clusters-content',
      field: 'content',
      results: 9,
      missing: 9,
      since,
      last_at: since,
    },
  ],
  failed_ways: [],
};

function heartbeat(report: OperationHealth[]) {
  return svc.call('POST', '/agent/heartbeat', {
    headers: team.member('ada@notice.test').agentHeaders,
    body: {
      extension_version: '1.5.0',
      browser: 'Chrome 140',
      network: { signed_in: true },
      paused: false,
      network_map_version: 3,
      network_map_format: NETWORK_MAP_FORMAT,
      network_health: [],
      operation_health: report,
    },
  });
}

async function kinds(reader: SseReader): Promise<string[]> {
  const events = await reader.drain();
  return [
    ...new Set(events.flatMap((e) => (JSON.parse(e.data) as { kinds: string[] }).kinds)),
  ].sort();
}

test('a heartbeat that changes the operation report is announced to open dashboards; the same one again is not', async () => {
  expect((await heartbeat([])).status).toBe(200);
  const res = await fetch(`${running.url}/api-events`, { headers: team.keyHeaders });
  expect(res.status).toBe(200);
  const stream = new SseReader(res);
  try {
    expect((await stream.next()).event).toBe('ready');

    expect((await heartbeat([textMissing])).status).toBe(200);
    expect(await kinds(stream)).toEqual(['members']);
    // Nothing new: no event.
    expect((await heartbeat([textMissing])).status).toBe(200);
    expect(await stream.drain()).toEqual([]);
    // Another run counted: the share shown changes.
    const again = {
      ...textMissing,
      runs: 2,
      missing_fields: [{ ...textMissing.missing_fields[0]!, results: 18, missing: 12 }],
    };
    expect((await heartbeat([again])).status).toBe(200);
    expect(await kinds(stream)).toEqual(['members']);
    // No longer named, with no run seen since: the notice changes to unknown (network-drift.test.ts
    // shows it cleared by a whole answer); the same silence again is no news.
    expect((await heartbeat([])).status).toBe(200);
    expect(await kinds(stream)).toEqual(['members']);
    expect((await heartbeat([])).status).toBe(200);
    expect(await stream.drain()).toEqual([]);
  } finally {
    await stream.close();
  }
});
