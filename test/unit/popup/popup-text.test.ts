import { describe, expect, it } from 'vitest';
import {
  accountChanged,
  awaitingApprovalWords,
  describeActivity,
  invitationWords,
  reducedWords,
  resumeWarning,
  signedOutByServiceWords,
  taskName,
  waitingResults,
} from '../../../src/popup/popup-text.js';
import type { ActivityEntry } from '../../../src/shared/protocol.js';

/** The popup's words (src/popup/popup-text.ts). */
describe('popup words', () => {
  const entry = (e: Partial<ActivityEntry>): ActivityEntry => ({
    at: 0,
    task_id: 't',
    type: 'agent_profile_fetch',
    kind: 'completed',
    error_code: null,
    duration_ms: 1200,
    message: null,
    ...e,
  });

  it('each recent line names what the task was about', () => {
    expect(describeActivity(entry({ target: 'ada-lovelace' }))).toBe(
      '✓ Fetch profile · ada-lovelace in 1.2 s',
    );
    expect(
      describeActivity(
        entry({
          kind: 'failed',
          error_code: 'not_found',
          target: 'no-such-person',
          duration_ms: 56,
        }),
      ),
    ).toBe('✗ Fetch profile · no-such-person: not found in 56 ms');
    // Entries journaled before targets were kept read as before.
    expect(describeActivity(entry({ duration_ms: null }))).toBe('✓ Fetch profile');
    expect(taskName('agent_keyword_tracking', '“duckdb”')).toBe('Keyword watchlist · “duckdb”');
  });

  it('signed out by the service: says what to do, then why', () => {
    expect(signedOutByServiceWords('Invalid or revoked agent token')).toBe(
      'Signed out of the service: sign in again. (Invalid or revoked agent token.)',
    );
    expect(signedOutByServiceWords('Agent token expired.')).toBe(
      'Signed out of the service: sign in again. (Agent token expired.)',
    );
  });

  it('drafts in the member’s name waiting for their approval', () => {
    expect(awaitingApprovalWords(0)).toBeNull();
    expect(awaitingApprovalWords(1)).toBe('1 draft waits for your approval');
    expect(awaitingApprovalWords(3)).toBe('3 drafts wait for your approval');
  });

  it('results waiting in the journal', () => {
    expect(
      waitingResults({
        waiting_results: 0,
        service: { reachable: false, error: null, last_heartbeat_at: null },
      }),
    ).toBeNull();
    expect(
      waitingResults({
        waiting_results: 2,
        service: { reachable: false, error: null, last_heartbeat_at: null },
      }),
    ).toBe('2 results will be sent when the service is back.');
    expect(
      waitingResults({
        waiting_results: 1,
        service: { reachable: null, error: null, last_heartbeat_at: null },
      }),
    ).toBe('1 result will be sent when the service is back.');
    expect(
      waitingResults({
        waiting_results: 1,
        service: { reachable: true, error: null, last_heartbeat_at: 1 },
      }),
    ).toBe('1 result waiting to be sent to the service.');
  });

  it('warns before a safety stop is ended early, with the reason of that stop', () => {
    expect(resumeWarning({ reason: 'network_rate_limited' })).toMatch(
      /^Resume before the safety stop ends\? The network asked us to slow down/,
    );
    expect(resumeWarning({ reason: 'network_challenge' })).toContain('security check');
    expect(resumeWarning({ reason: 'invitation_limit' })).toContain('weekly invitation limit');
  });

  it('names both accounts when the network account changed', () => {
    expect(accountChanged({ before: 'Ada Lovelace', now: 'Grace Hopper' })).toBe(
      'The network account signed in now is Grace Hopper, but until now you worked as Ada Lovelace. Tasks run as the account signed in.',
    );
  });

  it('an invitation says what accepting means for the team left behind', () => {
    const invitation = (
      leaving: { only_admin: boolean; next_admin: string | null; other_members: number },
      role: 'admin' | 'member' = 'member',
    ) => ({
      team_id: 't2',
      team_name: "Ada's team",
      role,
      invited_at: '2026-11-23T10:00:00.000Z',
      leaving: { team_id: 't1', team_name: "Grace's team", ...leaving },
    });
    expect(
      invitationWords(
        invitation({ only_admin: true, next_admin: 'bob@example.com', other_members: 2 }, 'admin'),
      ),
    ).toEqual({
      question: "Join Ada's team as an admin?",
      consequence:
        "You are the only admin of Grace's team: bob@example.com would become its admin.",
    });
    expect(
      invitationWords(invitation({ only_admin: true, next_admin: null, other_members: 0 }))
        .consequence,
    ).toBe("You are the only admin of Grace's team, and nobody else is in it.");
    expect(
      invitationWords(invitation({ only_admin: false, next_admin: null, other_members: 1 }))
        .consequence,
    ).toBe("You would leave Grace's team; its 1 other member stays.");
  });
});

describe('reduced write budgets', () => {
  const budget = (
    task_type: 'agent_connection_request' | 'agent_like_post',
    per_day: number,
    team: number,
  ) => ({
    task_type,
    per_day,
    per_week: null,
    team_per_day: team,
    team_per_week: null,
    used_today: 0,
    used_this_week: 0,
    next_free_at: null,
  });
  it('names the connection requests a warming account may send of the team’s', () => {
    const why = 'warming up: day 1 of 14 (20 %) until 2026-12-13';
    expect(
      reducedWords(
        [budget('agent_like_post', 20, 100), budget('agent_connection_request', 5, 25)],
        {
          factor: 0.2,
          why,
          warming_up: true,
          health_level: 'good',
        },
      ),
    ).toEqual({ line: 'Warming up: 5 of 25 connection requests today', detail: why });
  });
  it('says both reasons, and nothing when the budgets are the team’s', () => {
    expect(
      reducedWords([budget('agent_like_post', 14, 100)], {
        factor: 0.14,
        why: '…',
        warming_up: true,
        health_level: 'watch',
      })?.line,
    ).toBe('Warming up and account health watch: 14 of 100 likes today');
    expect(
      reducedWords([budget('agent_like_post', 40, 100)], {
        factor: 0.4,
        why: '…',
        warming_up: false,
        health_level: 'poor',
      })?.line,
    ).toBe('Account health poor: 40 of 100 likes today');
    expect(reducedWords([], null)).toBeNull();
  });
});
