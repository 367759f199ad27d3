import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { AgentContext } from '../../../src/agent/context.js';
import { openJournal, type Journal } from '../../../src/agent/journal.js';
import { workerRoutes } from '../../../src/agent/worker-routes.js';
import { dispatch } from '../../../src/shared/messaging.js';
import type { ToWorker } from '../../../src/shared/protocol.js';
import type { SenderLike } from '../../../src/shared/sender-checks.js';
import { fakeClock } from './fake-clock.js';

/**
 * A task's result is taken only from the tab the worker started it in: another network tab (the
 * member's own, or one whose content script was tampered with) cannot complete it, nor can a tab
 * answer for a task that is no longer in flight.
 */

const ext = { id: 'ext-id', baseUrl: 'chrome-extension://ext-id/' };
const fromTab = (id: number): SenderLike => ({
  id: ext.id,
  url: 'https://www.linkedin.com/feed/',
  frameId: 0,
  tab: { id, url: 'https://www.linkedin.com/feed/' },
});
const TASK = '0b6f5a9e-5c43-4a8e-9a55-1d2f4c9e7a10';
const result = (task_id = TASK, attempt = 1) => ({
  na: 1,
  type: 'task:result',
  data: {
    task_id,
    attempt,
    type: 'agent_profile_fetch',
    result: { ok: true, output: { profile: { public_identifier: 'ada' } } },
  },
});

let journal: Journal;
let ctx: AgentContext;
let n = 0;

beforeEach(async () => {
  fakeBrowser.reset();
  journal = await openJournal(`task-result-tab-${++n}`);
  const clock = fakeClock();
  ctx = { clock, journal, client: async () => null, kick: () => {} };
  await journal.startInflight({
    task_id: TASK,
    attempt: 1,
    type: 'agent_profile_fetch',
    tab_id: 7,
    target: 'ada',
    started_at: clock.now(),
    deadline_at: clock.now() + 60_000,
    lease_expires_at: clock.now() + 60_000,
  });
});

const send = (msg: unknown, sender: SenderLike) =>
  dispatch<ToWorker>(workerRoutes(ctx), msg, sender, ext, () => {});

describe('task:result', () => {
  it('from another network tab: refused, nothing journaled, the task still in flight', async () => {
    expect(await send(result(), fromTab(8))).toEqual({ journaled: false });
    expect(await journal.all()).toEqual([]);
    expect(await journal.getInflight(TASK)).toBeDefined();
  });

  it('for another attempt, or a task not in flight: refused', async () => {
    expect(await send(result(TASK, 2), fromTab(7))).toEqual({ journaled: false });
    const other = '5d1c0f3e-8a8b-4f3e-b2a1-0c9d8e7f6a5b';
    expect(await send(result(other), fromTab(7))).toEqual({ journaled: false });
    expect(await journal.all()).toEqual([]);
  });

  it('from the tab running the task: journaled once', async () => {
    expect(await send(result(), fromTab(7))).toEqual({ journaled: true });
    const [entry] = await journal.all();
    expect(entry).toMatchObject({ task_id: TASK, attempt: 1, result: { ok: true } });
    expect(await journal.getInflight(TASK)).toBeUndefined();
    // The same tab again (a late duplicate): the task is no longer in flight.
    expect(await send(result(), fromTab(7))).toEqual({ journaled: false });
    expect(await journal.all()).toHaveLength(1);
  });
});
