import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { TASK_TYPES } from '../../../src/contract/task-types.js';
import {
  COOL_DOWN_MS,
  recordStopFor,
  safetyStopsItem,
  stopFor,
  stopVerdict,
} from '../../../src/agent/safety-stops.js';
import { decideClaim } from '../../../src/agent/claim-decision.js';
import { pacingVerdict, EMPTY_PACING } from '../../../src/agent/pacing.js';
import { HOUR, DAY } from '../../../src/agent/clock.js';

const T0 = Date.parse('2026-11-22T09:00:00.000Z');
const ready = {
  signed_in_service: true,
  network_signed_in: true,
  paused_by_user: false,
  claim_wait_s: 20,
  pacing: pacingVerdict(EMPTY_PACING, false, T0),
};

beforeEach(() => fakeBrowser.reset());

describe('safety stops', () => {
  it('a rate limit stops all network work for 6 h, then claiming resumes', async () => {
    await recordStopFor({ code: 'network_rate_limited', message: 'HTTP 429' }, T0);
    const stops = await safetyStopsItem.getValue();
    const during = stopVerdict(stops, T0 + 6 * HOUR - 1);
    expect(during.all_stopped).toBe(true);
    expect(during.exclude_types).toEqual([...TASK_TYPES]);
    expect(during.reason).toBe(
      `network_rate_limited until ${new Date(T0 + 6 * HOUR).toISOString()}`,
    );
    expect(decideClaim({ ...ready, stops: during })).toEqual({
      claim: false,
      reason: 'safety_stop',
    });

    const after = stopVerdict(stops, T0 + 6 * HOUR);
    expect(after.all_stopped).toBe(false);
    expect(decideClaim({ ...ready, stops: after })).toEqual({
      claim: true,
      wait_s: 20,
      exclude_types: [],
    });
  });

  it('a challenge stops all network work for 24 h', () => {
    const stop = stopFor({ code: 'network_challenge', message: 'checkpoint' }, T0)!;
    expect(stop.until - T0).toBe(24 * HOUR);
    expect(COOL_DOWN_MS.network_rate_limited).toBeGreaterThanOrEqual(6 * HOUR);
    expect(stopVerdict([stop], T0 + 23 * HOUR).all_stopped).toBe(true);
  });

  it('the invitation limit stops only connection requests, for 7 days, through exclude_types', async () => {
    await recordStopFor({ code: 'invitation_limit', message: 'weekly limit' }, T0);
    const v = stopVerdict(await safetyStopsItem.getValue(), T0 + 6 * DAY);
    expect(v.all_stopped).toBe(false);
    expect(v.exclude_types).toEqual(['agent_connection_request']);
    expect(decideClaim({ ...ready, stops: v })).toEqual({
      claim: true,
      wait_s: 20,
      exclude_types: ['agent_connection_request'],
    });
    expect(stopVerdict(await safetyStopsItem.getValue(), T0 + 7 * DAY).exclude_types).toEqual([]);
  });

  it("the network's own reset time shortens the invitation stop when it is sooner", () => {
    const reset = new Date(T0 + 2 * DAY).toISOString();
    expect(stopFor({ code: 'invitation_limit', message: 'x', retry_after: reset }, T0)!.until).toBe(
      T0 + 2 * DAY,
    );
  });

  it('errors about one task only (not found, timeout) stop nothing', async () => {
    for (const code of [
      'not_found',
      'timeout',
      'network_error',
      'network_signed_out',
      'not_first_degree',
    ] as const) {
      expect(await recordStopFor({ code, message: 'x' }, T0)).toBeNull();
    }
    expect(await safetyStopsItem.getValue()).toEqual([]);
  });

  it('a newer signal of the same kind replaces the older stop; different kinds add up', async () => {
    await recordStopFor({ code: 'invitation_limit', message: 'a' }, T0);
    await recordStopFor({ code: 'network_rate_limited', message: 'b' }, T0);
    await recordStopFor({ code: 'network_rate_limited', message: 'c' }, T0 + HOUR);
    const stops = await safetyStopsItem.getValue();
    expect(stops.map((s) => s.code).sort()).toEqual(['invitation_limit', 'network_rate_limited']);
    expect(stops.find((s) => s.code === 'network_rate_limited')!.until).toBe(T0 + 7 * HOUR);
  });
});
