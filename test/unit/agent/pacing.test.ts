import { describe, expect, it } from 'vitest';
import { ACTION_TYPES, EMPTY_PACING, pacingVerdict, recordRun, type PacingState } from '../../../src/agent/pacing.js';
import { decideClaim } from '../../../src/agent/claim-decision.js';
import { stopVerdict } from '../../../src/agent/safety-stops.js';
import { HOUR } from '../../../src/agent/clock.js';

const T0 = Date.parse('2026-11-22T09:00:00.000Z');
const ready = { signed_in_service: true, network_signed_in: true, paused_by_user: false, claim_wait_s: 20, stops: stopVerdict([], T0) };

describe('safe-mode pacing', () => {
  it('without safe mode every task runs at once', () => {
    let s: PacingState = EMPTY_PACING;
    for (let i = 0; i < 80; i++) s = recordRun(s, 'agent_like_post', T0 + i, 0.5);
    expect(pacingVerdict(s, false, T0 + 100)).toEqual({ blocked_until: null, exclude_types: [], recheck_in_ms: null });
  });

  it('spaces actions 30 to 60 s apart with jitter, and leaves reads alone meanwhile', () => {
    const early = recordRun(EMPTY_PACING, 'agent_comment_post', T0, 0);
    const late = recordRun(EMPTY_PACING, 'agent_comment_post', T0, 0.9999);
    expect(early.next_action_at - T0).toBe(30_000);
    expect(late.next_action_at - T0).toBeGreaterThan(59_990);
    expect(late.next_action_at - T0).toBeLessThanOrEqual(60_000);

    const mid = recordRun(EMPTY_PACING, 'agent_like_post', T0, 0.5);
    const gap = mid.next_action_at - T0;
    expect(gap).toBeGreaterThan(30_000);
    expect(gap).toBeLessThan(60_000);
    const inside = pacingVerdict(mid, true, T0 + 10_000);
    expect(inside.exclude_types).toEqual([...ACTION_TYPES]);
    expect(inside.exclude_types).not.toContain('agent_profile_fetch');
    expect(inside.recheck_in_ms).toBe(gap - 10_000);
    // The claim still goes out for reads, and waits no longer than the gap.
    const d = decideClaim({ ...ready, pacing: inside });
    expect(d).toEqual({ claim: true, wait_s: 20, exclude_types: [...ACTION_TYPES] });
    const near = decideClaim({ ...ready, pacing: pacingVerdict(mid, true, mid.next_action_at - 3_000) });
    expect(near.claim && near.wait_s).toBe(3);
    expect(pacingVerdict(mid, true, mid.next_action_at).exclude_types).toEqual([]);
  });

  it('a read does not start an action gap', () => {
    const s = recordRun(EMPTY_PACING, 'agent_profile_fetch', T0, 0.5);
    expect(s.next_action_at).toBe(0);
    expect(pacingVerdict(s, true, T0 + 1).exclude_types).toEqual([]);
  });

  it('keeps an hourly budget of 50 network calls, freeing a slot when the oldest leaves the hour', () => {
    let s: PacingState = EMPTY_PACING;
    for (let i = 0; i < 50; i++) s = recordRun(s, 'agent_profile_fetch', T0 + i * 60_000, 0);
    const now = T0 + 50 * 60_000;
    const v = pacingVerdict(s, true, now);
    expect(v.blocked_until).toBe(T0 + HOUR);
    expect(decideClaim({ ...ready, pacing: v })).toEqual({ claim: false, reason: 'hourly_budget' });
    expect(pacingVerdict(s, true, T0 + HOUR).blocked_until).toBeNull();
    // 49 calls leave room for one more.
    expect(pacingVerdict({ ...s, runs: s.runs.slice(1) }, true, now).blocked_until).toBeNull();
  });

  it('forgets runs older than an hour', () => {
    let s = recordRun(EMPTY_PACING, 'agent_profile_fetch', T0, 0);
    s = recordRun(s, 'agent_profile_fetch', T0 + HOUR + 1, 0);
    expect(s.runs).toEqual([T0 + HOUR + 1]);
  });
});
