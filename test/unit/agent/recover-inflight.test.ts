import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { AgentContext } from '../../../src/agent/context.js';
import { openJournal, type InflightTask, type Journal } from '../../../src/agent/journal.js';
import { recoverInflight } from '../../../src/agent/task-runner.js';
import { sendToTab } from '../../../src/shared/messaging.js';
import { fakeClock } from './fake-clock.js';

/**
 * A restarted worker (an update, a reload, the browser ending an idle worker) takes up what the
 * journal says was in flight, and neither a task that never reached its tab nor a tab that never
 * answers may hold it: the task goes back to the queue as a retryable failure within seconds.
 */

const TASK = '0b6f5a9e-5c43-4a8e-9a55-1d2f4c9e7a10';
let journal: Journal;
let ctx: AgentContext;
let n = 0;

const inflight = (clock: ReturnType<typeof fakeClock>, tab_id: number | null): InflightTask => ({
  task_id: TASK,
  attempt: 1,
  type: 'agent_connection_request',
  tab_id,
  target: 'a profile',
  started_at: clock.now(),
  deadline_at: clock.now() + 90_000,
  lease_expires_at: clock.now() + 120_000,
});

beforeEach(async () => {
  fakeBrowser.reset();
  journal = await openJournal(`recover-inflight-${++n}`);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('recoverInflight', () => {
  it('a task the old worker had not yet sent to a tab fails at once, retryable, and leaves the flight', async () => {
    const clock = fakeClock();
    ctx = { clock, journal, client: async () => null, kick: () => {} };
    await journal.startInflight(inflight(clock, null));
    await recoverInflight(ctx);
    const [entry] = await journal.all();
    expect(entry).toMatchObject({
      task_id: TASK,
      attempt: 1,
      result: {
        ok: false,
        error: {
          code: 'network_error',
          message: 'The extension restarted before the task reached the network tab',
          retryable: true,
        },
      },
    });
    expect(await journal.getInflight(TASK)).toBeUndefined();
    // Not waited out to its deadline: the fake clock did not move.
    expect(clock.now()).toBe(inflight(clock, null).started_at);
  });

  it('a tab that exists but never answers is given up after two unanswered looks', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const clock = fakeClock();
    ctx = { clock, journal, client: async () => null, kick: () => {} };
    await journal.startInflight(inflight(clock, 7));
    vi.spyOn(fakeBrowser.tabs, 'get').mockResolvedValue({ id: 7 } as never);
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockReturnValue(new Promise(() => {}));
    const recovered = recoverInflight(ctx);
    // Each look waits its 10 s for the tab's answer.
    for (let i = 0; i < 10 && !(await journal.all()).length; i++)
      await vi.advanceTimersByTimeAsync(10_000);
    await recovered;
    const [entry] = await journal.all();
    expect(entry?.result).toMatchObject({
      ok: false,
      error: {
        code: 'network_error',
        retryable: true,
        message: expect.stringMatching(/^The network tab stopped the task/),
      },
    });
  });
});

describe('sendToTab', () => {
  it('a tab that does not answer rejects after its wait, with the message named', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockReturnValue(new Promise(() => {}));
    const answer = sendToTab(7, 'ping', {});
    const settled = expect(answer).rejects.toThrow('No answer to ping from the tab within 10 s');
    await vi.advanceTimersByTimeAsync(9_999);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('a tab that answers in time is answered, and its wait cleared', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(fakeBrowser.tabs, 'sendMessage').mockResolvedValue({ ready: true, busy: [] });
    await expect(sendToTab(7, 'ping', {})).resolves.toEqual({ ready: true, busy: [] });
    expect(vi.getTimerCount()).toBe(0);
  });
});
