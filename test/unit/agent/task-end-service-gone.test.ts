import 'fake-indexeddb/auto';
import { createServer } from 'node:net';
import { beforeEach, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { agentStateItem, patchState, serviceReachable } from '../../../src/agent/agent-state.js';
import { badgeFor } from '../../../src/agent/badge-look.js';
import type { AgentContext } from '../../../src/agent/context.js';
import { openJournal } from '../../../src/agent/journal.js';
import { createServiceClient } from '../../../src/agent/service-client.js';
import { recoverInflight } from '../../../src/agent/task-runner.js';
import { fakeClock } from './fake-clock.js';

/**
 * A task that ends after the service went away: its result waits in the journal, and the toolbar
 * goes from "working on a task" to "service unreachable". It never says "ready" in between, which
 * it did while the worker still believed the service there from its last answer.
 */

/** An address nothing listens on: a port taken from the system, then let go. */
async function closedAddress(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return `http://127.0.0.1:${port}`;
}

beforeEach(() => fakeBrowser.reset());

it('a task ending with the service gone goes from working to unreachable, never ready', async () => {
  const clock = fakeClock();
  const journal = await openJournal('task-end-service-gone');
  const client = createServiceClient({
    baseUrl: await closedAddress(),
    apiKey: 'k',
    agentToken: 't',
  });
  const ctx: AgentContext = { clock, journal, client: async () => client, kick: () => {} };
  // The last heartbeat answered a moment ago: the worker takes the service to be there.
  await patchState({
    service_reachable: true,
    service_error: null,
    last_heartbeat_at: clock.now(),
    network: {
      signed_in: true,
      member_urn: 'urn:li:fsd_profile:ada',
      public_identifier: 'ada',
      full_name: 'Ada',
      problem: null,
      checked_at: clock.now(),
    },
  });
  const labels: string[] = [];
  const unwatch = agentStateItem.watch((s) => {
    labels.push(
      badgeFor({
        signed_in_service: true,
        service_reachable: serviceReachable(s, clock.now()),
        service_error: s.service_error,
        network_signed_in: s.network?.signed_in ?? null,
        paused_by_user: false,
        safety_stopped: false,
        working: !!s.current_task,
      }).label,
    );
  });
  try {
    // A task the worker took up, which ends (as one never sent to its tab does) at once.
    await journal.startInflight({
      task_id: '0b6f5a9e-5c43-4a8e-9a55-1d2f4c9e7a10',
      attempt: 1,
      type: 'agent_profile_fetch',
      tab_id: null,
      target: 'grace',
      started_at: clock.now(),
      deadline_at: clock.now() + 60_000,
      lease_expires_at: clock.now() + 60_000,
    });
    await recoverInflight(ctx);
    await expect.poll(() => labels.at(-1)).toBe('service unreachable');
  } finally {
    unwatch();
  }
  expect(labels).toContain('working on a task');
  expect(labels).not.toContain('ready');
  expect(await journal.all()).toHaveLength(1);
});
