import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openJournal, outboxKey, type Journal } from '../../../src/agent/journal.js';
import { backoffMs, deliverDue, BACKOFF } from '../../../src/agent/delivery.js';
import { createServiceClient, type ServiceClient } from '../../../src/agent/service-client.js';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, taskRow, type AgentTeam } from '../../support/task-team.js';
import { fakeClock } from './fake-clock.js';

/**
 * The journal against the real service (in process, real database): a result stays journaled and
 * is sent again with growing delays while the service is down, is dropped when the service has
 * moved on (409 Lease lost, 404), and an output the service refuses becomes a failure report.
 */

let svc: TestService;
let team: AgentTeam;
let client: ServiceClient;
let serviceDown = false;
let calls = 0;
let journal: Journal;

beforeAll(async () => {
  svc = await startTestService();
  team = await createAgentTeam(svc, 'Journal team', [
    { email: 'admin@example.com', role: 'admin' },
  ]);
  const m = team.member('admin@example.com');
  client = createServiceClient({
    baseUrl: 'http://service.test',
    apiKey: team.apiKey,
    agentToken: m.token,
    fetchImpl: (async (url: string, init?: RequestInit) => {
      calls++;
      if (serviceDown) throw new TypeError('fetch failed');
      return svc.app.request(new URL(url).pathname, init);
    }) as typeof fetch,
  });
});
afterAll(async () => svc?.close());

let dbCounter = 0;
beforeEach(async () => {
  journal = await openJournal(`journal-test-${++dbCounter}`);
  serviceDown = false;
  calls = 0;
});

async function claimLike(): Promise<{ id: string; attempt: number }> {
  const res = await svc.call('POST', '/network-agent/like-post', {
    headers: team.keyHeaders,
    body: { social_urn: 'urn:li:activity:7000000000000000001' },
  });
  expect(res.status).toBe(200);
  const task = await client.claim(0, []);
  expect(task?.type).toBe('agent_like_post');
  return { id: task!.id, attempt: task!.attempt };
}

describe('journal delivery', () => {
  it('keeps a result while the service is down and sends it again with doubling delays until acknowledged', async () => {
    const clock = fakeClock();
    const task = await claimLike();
    await journal.record(
      {
        task_id: task.id,
        attempt: task.attempt,
        type: 'agent_like_post',
        result: { ok: true, output: { liked: true } },
        created_at: clock.now(),
      },
      clock.now(),
    );

    serviceDown = true;
    const round = await deliverDue(journal, client, clock);
    expect(round.waiting).toBe(1);
    expect(round.unreachable?.message).toMatch(/cannot be reached/);
    let entry = await journal.get(outboxKey(task.id, task.attempt));
    expect(entry?.tries).toBe(1);
    expect(entry?.next_try_at).toBe(clock.now() + BACKOFF.base_ms);
    expect(entry?.last_error).toMatch(/cannot be reached/);

    // Not due yet: nothing is sent.
    calls = 0;
    clock.advance(BACKOFF.base_ms - 1);
    await deliverDue(journal, client, clock);
    expect(calls).toBe(0);

    clock.advance(1);
    await deliverDue(journal, client, clock);
    entry = await journal.get(outboxKey(task.id, task.attempt));
    expect(entry?.tries).toBe(2);
    expect(entry?.next_try_at).toBe(clock.now() + 2 * BACKOFF.base_ms);
    expect((await taskRow(svc, task.id)).status).toBe('processing');

    serviceDown = false;
    clock.advance(2 * BACKOFF.base_ms);
    expect(await deliverDue(journal, client, clock)).toEqual({ waiting: 0, unreachable: null });
    const row = await taskRow(svc, task.id);
    expect(row.status).toBe('completed');
    expect(row.output).toEqual({ liked: true });
    expect((await journal.recent()).map((a) => a.kind)).toContain('delivered');
  });

  it('backoff doubles from 2 s, is capped at 5 min and adds at most 20 % jitter', () => {
    expect(backoffMs(0, 0)).toBe(2_000);
    expect(backoffMs(3, 0)).toBe(16_000);
    expect(backoffMs(20, 0)).toBe(300_000);
    expect(backoffMs(0, 0.999)).toBeLessThanOrEqual(2_400);
    expect(backoffMs(0, 0.999)).toBeGreaterThan(2_000);
  });

  it('drops a result the service answers 409 Lease lost to, with a log entry', async () => {
    const clock = fakeClock();
    const task = await claimLike();
    // A stale attempt: the service has handed the task to a newer claim.
    await journal.record(
      {
        task_id: task.id,
        attempt: task.attempt + 1,
        type: 'agent_like_post',
        result: { ok: true, output: { liked: true } },
        created_at: clock.now(),
      },
      clock.now(),
    );
    expect((await deliverDue(journal, client, clock)).waiting).toBe(0);
    const [log] = await journal.recent(1);
    expect(log?.kind).toBe('dropped');
    expect(log?.message).toMatch(/409 Lease lost/);
    expect((await taskRow(svc, task.id)).status).toBe('processing');
  });

  it('drops a result for a task the service does not know (404)', async () => {
    const clock = fakeClock();
    await journal.record(
      {
        task_id: crypto.randomUUID(),
        attempt: 1,
        type: 'agent_like_post',
        result: { ok: true, output: { liked: true } },
        created_at: clock.now(),
      },
      clock.now(),
    );
    expect((await deliverDue(journal, client, clock)).waiting).toBe(0);
    expect((await journal.recent(1))[0]?.message).toMatch(/404/);
  });

  it('turns an output the service refuses into a network_changed failure report', async () => {
    const clock = fakeClock();
    const task = await claimLike();
    await journal.record(
      {
        task_id: task.id,
        attempt: task.attempt,
        type: 'agent_like_post',
        result: { ok: true, output: { liked: 'yes' } },
        created_at: clock.now(),
      },
      clock.now(),
    );
    expect((await deliverDue(journal, client, clock)).waiting).toBe(0);
    const row = await taskRow(svc, task.id);
    expect(row.status).toBe('failed');
    expect(row.error?.code).toBe('network_changed');
  });

  it('journals one result per claim: a late second answer for the same attempt is ignored', async () => {
    const clock = fakeClock();
    const first = await journal.record(
      {
        task_id: 't1',
        attempt: 1,
        type: 'agent_like_post',
        result: { ok: false, error: { code: 'timeout', message: 'late', retryable: true } },
        created_at: clock.now(),
      },
      clock.now(),
    );
    const second = await journal.record(
      {
        task_id: 't1',
        attempt: 1,
        type: 'agent_like_post',
        result: { ok: true, output: { liked: true } },
        created_at: clock.now(),
      },
      clock.now(),
    );
    expect([first, second]).toEqual([true, false]);
    const entry = await journal.get(outboxKey('t1', 1));
    expect(entry?.result.ok).toBe(false);
  });
});
