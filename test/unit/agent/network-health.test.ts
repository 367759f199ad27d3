import { describe, expect, it } from 'vitest';
import {
  mergeReport,
  type NetworkHealth,
  operationReport,
  type RunOutcome,
} from '../../../src/agent/network-health.js';
import { HeartbeatBody } from '../../../src/contract/agent.js';
import type { NetworkReport } from '../../../src/network/types.js';

// The health report per operation: what each task's network report says of missing fields and
// failed ways, kept per operation and map version, sent in the heartbeat, cleared when whole.

const T0 = Date.parse('2026-11-27T14:02:00Z');
const EMPTY: NetworkHealth = { map_version: 0, calls: {} };
const profileRun = (ok: boolean, code: RunOutcome['code'] = null): RunOutcome => ({
  operation: 'agent_profile_fetch',
  ok,
  code,
});
const headlineMissing: NetworkReport = {
  used: [],
  failed: [
    {
      call: 'profile',
      alternative: 'dash-full-profile',
      status: null,
      code: 'network_changed',
      message:
        "The network's profile answer (dash-full-profile) lacks headline in 1 of its 1 results",
    },
  ],
  answers: [
    {
      call: 'profile',
      alternative: 'dash-full-profile',
      results: 1,
      missing: [{ field: 'headline', count: 1 }],
    },
  ],
};
const whole: NetworkReport = {
  used: [{ call: 'profile', alternative: 'dash-full-profile' }],
  failed: [],
  answers: [{ call: 'profile', alternative: 'dash-full-profile', results: 1, missing: [] }],
};

describe('operation health', () => {
  it('names operation, map version, field, way and since when; counts runs; clears when whole again', () => {
    let h = mergeReport(EMPTY, headlineMissing, 3, T0, profileRun(false, 'network_changed'));
    h = mergeReport(h, headlineMissing, 3, T0 + 60_000, profileRun(false, 'network_changed'));
    const [entry] = operationReport(h, T0 + 60_000);
    expect(entry).toEqual({
      operation: 'agent_profile_fetch',
      map_version: 3,
      state: 'broken',
      since: '2026-11-27T14:02:00.000Z',
      last_at: '2026-11-27T14:03:00.000Z',
      runs: 2,
      failed_runs: 2,
      missing_fields: [
        {
          call: 'profile',
          alternative: 'dash-full-profile',
          field: 'headline',
          results: 2,
          missing: 2,
          since: '2026-11-27T14:02:00.000Z',
          last_at: '2026-11-27T14:03:00.000Z',
        },
      ],
      failed_ways: [
        expect.objectContaining({
          call: 'profile',
          alternative: 'dash-full-profile',
          status: null,
          code: 'network_changed',
          count: 2,
          since: '2026-11-27T14:02:00.000Z',
        }),
      ],
    });
    // What the heartbeat carries passes the contract the service checks it with.
    const body = HeartbeatBody.safeParse({
      extension_version: '1.0.0',
      browser: 'chrome 131',
      network: { signed_in: true },
      paused: false,
      operation_health: operationReport(h, T0 + 60_000),
    });
    expect(body.success && body.data.operation_health).toHaveLength(1);

    // A run that failed for its target (a private profile) says nothing of the answers.
    const denied = mergeReport(h, { used: [], failed: [] }, 3, T0 + 90_000, {
      ...profileRun(false, 'access_denied'),
    });
    expect(operationReport(denied, T0 + 90_000)).toEqual(operationReport(h, T0 + 60_000));
    // A whole run in the same map version clears it.
    expect(operationReport(mergeReport(h, whole, 3, T0 + 120_000, profileRun(true)), T0)).toEqual(
      [],
    );
  });

  it('a success by another way, or with some results skipped, is degraded; a new map starts afresh', () => {
    const skipped: NetworkReport = {
      used: [{ call: 'profile_posts', alternative: 'profile-updates-v2' }],
      failed: [],
      answers: [
        {
          call: 'profile_posts',
          alternative: 'profile-updates-v2',
          results: 7,
          missing: [{ field: 'content', count: 2 }],
        },
      ],
    };
    const h = mergeReport(EMPTY, skipped, 3, T0, {
      operation: 'agent_profiles_tracking',
      ok: true,
      code: null,
    });
    expect(operationReport(h, T0)).toEqual([
      expect.objectContaining({
        state: 'degraded',
        missing_fields: [expect.objectContaining({ field: 'content', results: 7, missing: 2 })],
      }),
    ]);
    expect(operationReport(mergeReport(h, { used: [], failed: [] }, 4, T0), T0)).toEqual([]);
  });

  it('stays small: at most 20 operations, 10 missing fields and 8 ways each, a day long', () => {
    let h = EMPTY;
    for (let i = 0; i < 30; i++) {
      const report: NetworkReport = {
        used: [],
        failed: Array.from({ length: 12 }, (_, k) => ({
          call: 'profile' as const,
          alternative: `way-${k}`,
          status: 400,
          code: 'network_changed' as const,
          message: 'x'.repeat(2000),
        })),
        answers: Array.from({ length: 14 }, (_, k) => ({
          call: 'profile' as const,
          alternative: `way-${k}`,
          results: 3,
          missing: [{ field: `f${k}`, count: 2 }],
        })),
      };
      h = mergeReport(h, report, 3, T0 + i, {
        operation: `op_${i}`,
        ok: false,
        code: 'network_changed',
      });
    }
    const out = operationReport(h, T0 + 30);
    expect(out).toHaveLength(20);
    expect(out.every((o) => o.missing_fields.length === 10 && o.failed_ways.length === 8)).toBe(
      true,
    );
    expect(out.every((o) => o.failed_ways.every((w) => w.message.length <= 300))).toBe(true);
    expect(operationReport(h, T0 + 2 * 86_400_000)).toEqual([]);
  });
});
