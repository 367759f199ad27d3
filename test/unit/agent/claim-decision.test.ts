import { describe, expect, it } from 'vitest';
import { decideClaim, type ClaimInputs } from '../../../src/agent/claim-decision.js';
import { EMPTY_PACING, pacingVerdict } from '../../../src/agent/pacing.js';
import { stopFor, stopVerdict } from '../../../src/agent/safety-stops.js';

const T0 = Date.parse('2026-11-22T09:00:00.000Z');
const base: ClaimInputs = {
  signed_in_service: true,
  network_signed_in: true,
  paused_by_user: false,
  stops: stopVerdict([], T0),
  pacing: pacingVerdict(EMPTY_PACING, false, T0),
  claim_wait_s: 20,
};

describe('claim loop decisions', () => {
  it('claims with the long-poll wait the service asked for when all is well', () => {
    expect(decideClaim(base)).toEqual({ claim: true, wait_s: 20, exclude_types: [] });
  });

  it('never waits longer than the protocol allows (25 s)', () => {
    expect(decideClaim({ ...base, claim_wait_s: 90 })).toMatchObject({ claim: true, wait_s: 25 });
  });

  it('does not claim when signed out of the service, signed out of the network, or paused', () => {
    expect(decideClaim({ ...base, signed_in_service: false })).toEqual({
      claim: false,
      reason: 'signed_out_service',
    });
    expect(decideClaim({ ...base, network_signed_in: false })).toEqual({
      claim: false,
      reason: 'signed_out_network',
    });
    expect(decideClaim({ ...base, paused_by_user: true })).toEqual({
      claim: false,
      reason: 'paused_by_user',
    });
  });

  it('merges the exclusions of safety stops and pacing without duplicates', () => {
    const inviteStop = stopFor({ code: 'invitation_limit', message: 'x' }, T0)!;
    const paced = pacingVerdict({ runs: [T0], next_action_at: T0 + 40_000 }, false, T0 + 1_000);
    const d = decideClaim({ ...base, stops: stopVerdict([inviteStop], T0), pacing: paced });
    expect(d.claim).toBe(true);
    if (d.claim) {
      expect(d.exclude_types.filter((t) => t === 'agent_connection_request')).toHaveLength(1);
      expect(d.exclude_types).toContain('agent_like_post');
    }
  });
});
