import { describe, expect, it } from 'vitest';
import {
  ACTION_TYPES,
  EMPTY_PACING,
  pacingVerdict,
  recordRun,
  type PacingState,
} from '../../../src/agent/pacing.js';
import { decideClaim } from '../../../src/agent/claim-decision.js';
import { stopVerdict } from '../../../src/agent/safety-stops.js';
import { HOUR } from '../../../src/agent/clock.js';
import { DEFAULT_PACING } from '../../../src/contract/budgets.js';
import { TASK_TYPES } from '../../../src/contract/task-types.js';

const T0 = Date.parse('2026-11-22T09:00:00.000Z');
const ready = {
  signed_in_service: true,
  network_signed_in: true,
  paused_by_user: false,
  claim_wait_s: 20,
  stops: stopVerdict([], T0),
};
const READS = TASK_TYPES.filter((t) => !ACTION_TYPES.includes(t));

describe('pacing by default', () => {
  it('spaces actions 30 to 90 s apart with jitter, and leaves reads alone meanwhile', () => {
    expect(recordRun(EMPTY_PACING, 'agent_comment_post', T0, 0).next_action_at - T0).toBe(30_000);
    expect(
      recordRun(EMPTY_PACING, 'agent_comment_post', T0, 0.99999).next_action_at - T0,
    ).toBeGreaterThan(89_990);

    const mid = recordRun(EMPTY_PACING, 'agent_like_post', T0, 0.5);
    const gap = mid.next_action_at - T0;
    expect(gap).toBe(60_000);
    const inside = pacingVerdict(mid, false, T0 + 10_000);
    expect(inside.exclude_types).toEqual([...ACTION_TYPES]);
    expect(inside.recheck_in_ms).toBe(gap - 10_000);
    // The claim still goes out for reads, and waits no longer than the gap.
    expect(decideClaim({ ...ready, pacing: inside })).toEqual({
      claim: true,
      wait_s: 20,
      exclude_types: [...ACTION_TYPES],
    });
    const near = decideClaim({
      ...ready,
      pacing: pacingVerdict(mid, false, mid.next_action_at - 3_000),
    });
    expect(near.claim && near.wait_s).toBe(3);
    expect(pacingVerdict(mid, false, mid.next_action_at).exclude_types).toEqual([]);
  });

  it('spaces reads 2 to 6 s apart, without holding actions', () => {
    const s = recordRun(EMPTY_PACING, 'agent_profile_fetch', T0, 0.5);
    expect(s.next_action_at).toBe(0);
    expect(s.next_read_at! - T0).toBe(4_000);
    const v = pacingVerdict(s, false, T0 + 1_000);
    expect(v.exclude_types).toEqual(READS);
    expect(v.exclude_types).not.toContain('agent_like_post');
    expect(v.recheck_in_ms).toBe(3_000);
  });

  it('both gaps running: nothing is claimed, and the loop looks again when the first ends', () => {
    let s = recordRun(EMPTY_PACING, 'agent_like_post', T0, 0);
    s = recordRun(s, 'agent_profile_fetch', T0 + 1_000, 0);
    const v = pacingVerdict(s, false, T0 + 2_000);
    expect(new Set(v.exclude_types)).toEqual(new Set(TASK_TYPES));
    expect(v.recheck_in_ms).toBe(1_000);
    const d = decideClaim({ ...ready, pacing: v });
    expect(d.claim && d.wait_s).toBe(1);
  });

  it('the pace is the one the service hands out', () => {
    const pace = {
      ...DEFAULT_PACING,
      write_min_s: 120,
      write_max_s: 120,
      read_min_s: 0,
      read_max_s: 0,
    };
    const s = recordRun(EMPTY_PACING, 'agent_connection_request', T0, 0.3, pace);
    expect(s.next_action_at - T0).toBe(120_000);
    expect(
      pacingVerdict(recordRun(EMPTY_PACING, 'agent_profile_fetch', T0, 0.3, pace), false, T0)
        .exclude_types,
    ).toEqual([]);
  });
});

describe('safe mode: stricter', () => {
  it('doubles the gaps', () => {
    expect(
      recordRun(EMPTY_PACING, 'agent_like_post', T0, 0, DEFAULT_PACING, true).next_action_at - T0,
    ).toBe(60_000);
    expect(
      recordRun(EMPTY_PACING, 'agent_profile_fetch', T0, 1, DEFAULT_PACING, true).next_read_at! -
        T0,
    ).toBe(12_000);
  });

  it('keeps an hourly budget of 50 network tasks, freeing a slot when the oldest leaves the hour', () => {
    let s: PacingState = EMPTY_PACING;
    for (let i = 0; i < 50; i++) s = recordRun(s, 'agent_profile_fetch', T0 + i * 60_000, 0);
    const now = T0 + 50 * 60_000;
    const v = pacingVerdict(s, true, now);
    expect(v.blocked_until).toBe(T0 + HOUR);
    expect(decideClaim({ ...ready, pacing: v })).toEqual({ claim: false, reason: 'hourly_budget' });
    expect(pacingVerdict(s, false, now).blocked_until).toBeNull();
    expect(pacingVerdict(s, true, T0 + HOUR).blocked_until).toBeNull();
    expect(pacingVerdict({ ...s, runs: s.runs.slice(1) }, true, now).blocked_until).toBeNull();
  });

  it('forgets runs older than an hour', () => {
    let s = recordRun(EMPTY_PACING, 'agent_profile_fetch', T0, 0);
    s = recordRun(s, 'agent_profile_fetch', T0 + HOUR + 1, 0);
    expect(s.runs).toEqual([T0 + HOUR + 1]);
  });
});
