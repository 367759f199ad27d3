import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestService, type TestService } from '../../support/test-service.js';
import { createAgentTeam, type AgentTeam } from '../../support/task-team.js';
import { insertSentInvitations } from '../../support/stats-fixtures.js';
import type { MemberStats } from '../../../src/contract/stats.js';

/**
 * A member's invitations over time (GET /api-stats/members, `invitations`) against hand-counted
 * fixtures. 2026-03-02 is a Monday; Asia/Tokyo is UTC+9, so 15:00 UTC is midnight there.
 *
 * Ada's invitations (UTC):
 *   #1 sent 03-02 10:00, accepted 03-03 09:00
 *   #2 sent 03-02 11:00, withdrawn 03-04 12:00
 *   #3 sent 03-02 12:00, pending
 *   #4 sent 03-03 08:00, accepted 03-05 10:00
 *   #5 sent 03-03 09:00, expired 03-05 11:00
 *   #6 sent 03-03 10:00, pending
 *   #7 sent 03-03 11:00, pending
 *   #8 sent 03-01 12:00 (before the range), withdrawn 03-03 15:00 (Tokyo's midnight)
 *   #9 sent 02-20, accepted 02-25: gone before the range
 *  #10 sent 03-02 23:30 (03-03 in Tokyo), pending
 * and, never in her figures: Bob's (same team) and hers for another team.
 */
let svc: TestService;
let alpha: AgentTeam;
let beta: AgentTeam;

beforeAll(async () => {
  svc = await startTestService();
  alpha = await createAgentTeam(svc, 'Alpha', [
    { email: 'ada@invites.test', role: 'admin' },
    { email: 'bob@invites.test' },
  ]);
  beta = await createAgentTeam(svc, 'Beta', [{ email: 'eve@invites.test', role: 'admin' }]);
  const ada = alpha.member('ada@invites.test').userId;
  await insertSentInvitations(svc, alpha.id, ada, [
    { sent: '2026-03-02T10:00:00Z', became: { state: 'accepted', at: '2026-03-03T09:00:00Z' } },
    { sent: '2026-03-02T11:00:00Z', became: { state: 'withdrawn', at: '2026-03-04T12:00:00Z' } },
    { sent: '2026-03-02T12:00:00Z' },
    { sent: '2026-03-03T08:00:00Z', became: { state: 'accepted', at: '2026-03-05T10:00:00Z' } },
    { sent: '2026-03-03T09:00:00Z', became: { state: 'expired', at: '2026-03-05T11:00:00Z' } },
    { sent: '2026-03-03T10:00:00Z' },
    { sent: '2026-03-03T11:00:00Z' },
    { sent: '2026-03-01T12:00:00Z', became: { state: 'withdrawn', at: '2026-03-03T15:00:00Z' } },
    { sent: '2026-02-20T12:00:00Z', became: { state: 'accepted', at: '2026-02-25T12:00:00Z' } },
    { sent: '2026-03-02T23:30:00Z' },
  ]);
  await insertSentInvitations(svc, alpha.id, alpha.member('bob@invites.test').userId, [
    { sent: '2026-03-02T10:00:00Z' },
    { sent: '2026-03-03T10:00:00Z', became: { state: 'accepted', at: '2026-03-04T10:00:00Z' } },
  ]);
  // Ada's account working for another team: that team's invitations, never alpha's.
  await insertSentInvitations(svc, beta.id, ada, [
    { sent: '2026-03-02T10:00:00Z', became: { state: 'accepted', at: '2026-03-02T11:00:00Z' } },
    { sent: '2026-03-03T10:00:00Z' },
  ]);
});
afterAll(() => svc.close());

async function stats(team: AgentTeam, query: string): Promise<MemberStats> {
  const res = await svc.call('GET', `/api-stats/members?${query}`, { headers: team.keyHeaders });
  expect(res.status).toBe(200);
  return (await res.json()) as MemberStats;
}
/** Each bucket as [start, sent, accepted, acceptance_rate, pending]. */
const rows = (s: MemberStats) =>
  s.buckets.map((b) => [
    b.start,
    b.invitations.sent,
    b.invitations.accepted,
    b.invitations.acceptance_rate,
    b.invitations.pending,
  ]);

describe('a member’s invitations over time', () => {
  test('per day: sent, accepted of those, their rate, and pending at each day’s end', async () => {
    const s = await stats(alpha, 'email=ada@invites.test&from=2026-03-02&to=2026-03-06');
    expect(rows(s)).toEqual([
      // #8 waits from before the range; #1 #2 #3 #10 sent, #1 of them accepted.
      ['2026-03-02', 4, 1, 0.25, 5],
      // #4 to #7 sent, #4 accepted; #1 accepted and #8 withdrawn.
      ['2026-03-03', 4, 1, 0.25, 7],
      // Nothing sent: no rate; #2 withdrawn.
      ['2026-03-04', 0, 0, null, 6],
      // #4 accepted, #5 expired.
      ['2026-03-05', 0, 0, null, 4],
      ['2026-03-06', 0, 0, null, 4],
    ]);
    expect(s.totals.invitations).toEqual({
      sent: 8,
      accepted: 2,
      acceptance_rate: 0.25,
      pending: 4,
    });
    for (const b of s.buckets) {
      expect(Number.isInteger(b.invitations.sent)).toBe(true);
      expect(Number.isInteger(b.invitations.pending)).toBe(true);
    }
  });

  test('in Asia/Tokyo: a withdrawal at a day’s end instant belongs to the next day', async () => {
    const s = await stats(
      alpha,
      'email=ada@invites.test&from=2026-03-02&to=2026-03-06&tz=Asia/Tokyo',
    );
    expect(rows(s)).toEqual([
      ['2026-03-02', 3, 1, 0.3333, 4],
      // #10 is sent on Tokyo's 03-03; #8's withdrawal at 15:00 UTC is Tokyo's midnight.
      ['2026-03-03', 5, 1, 0.2, 8],
      ['2026-03-04', 0, 0, null, 6],
      ['2026-03-05', 0, 0, null, 4],
      ['2026-03-06', 0, 0, null, 4],
    ]);
  });

  test('per week: only the range’s days count, pending at the range’s end', async () => {
    const whole = await stats(
      alpha,
      'email=ada@invites.test&from=2026-03-02&to=2026-03-08&bucket=week',
    );
    expect(rows(whole)).toEqual([['2026-03-02', 8, 2, 0.25, 4]]);
    // From Wednesday: the seven waiting then, nothing sent since, three gone by Friday.
    const late = await stats(
      alpha,
      'email=ada@invites.test&from=2026-03-04&to=2026-03-10&bucket=week',
    );
    expect(rows(late)).toEqual([
      ['2026-03-02', 0, 0, null, 4],
      ['2026-03-09', 0, 0, null, 4],
    ]);
    // A range that ends on Tuesday: pending at its end, not the week's.
    const tuesday = await stats(
      alpha,
      'email=ada@invites.test&from=2026-03-02&to=2026-03-03&bucket=week',
    );
    expect(rows(tuesday)).toEqual([['2026-03-02', 8, 2, 0.25, 7]]);
  });

  test('before any invitation, and each member and team its own', async () => {
    const early = await stats(alpha, 'email=ada@invites.test&from=2026-02-26&to=2026-02-27');
    expect(rows(early)).toEqual([
      ['2026-02-26', 0, 0, null, 0],
      ['2026-02-27', 0, 0, null, 0],
    ]);
    expect(early.totals.invitations).toEqual({
      sent: 0,
      accepted: 0,
      acceptance_rate: null,
      pending: 0,
    });
    const bob = await stats(alpha, 'email=bob@invites.test&from=2026-03-02&to=2026-03-04');
    expect(rows(bob)).toEqual([
      ['2026-03-02', 1, 0, 0, 1],
      ['2026-03-03', 1, 1, 1, 2],
      ['2026-03-04', 0, 0, null, 1],
    ]);
    const res = await svc.call('GET', '/api-stats/members?email=ada@invites.test', {
      headers: beta.keyHeaders,
    });
    expect(res.status).toBe(404);
  });
});
