import { describe, expect, test } from 'vitest';
import type { MemberView, TeamView } from '../../../src/contract/members.js';
import type { TaskSummary } from '../../../src/contract/task-list.js';
import {
  comingUp,
  memberTroubles,
  needsYou,
  ranCounts,
} from '../../../src/dashboard/today-items.js';
import type { Watchlist } from '../../../src/dashboard/watchlist-editor.js';

const NOW = Date.parse('2026-03-02T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW - h * 3_600_000).toISOString();

/** A member whose extension and account are fine; each test spoils what it is about. */
function member(over: Partial<MemberView> = {}): MemberView {
  return {
    email: 'ada@example.com',
    full_name: 'Ada Lovelace',
    status: 'active',
    last_active_at: hoursAgo(1),
    extension_version: '1.4.2',
    agent_active: true,
    consent_current: true,
    network_signed_in: true,
    paused: false,
    invite_limited_until: null,
    health: null,
    safety: null,
    ...over,
  } as MemberView;
}
/** Only what Today reads of GET /api-team. */
function team(members: MemberView[], agentActive = true): TeamView {
  return { team: { agent_active: agentActive }, members } as unknown as TeamView;
}
const noMail = { count: 0, from: [] };

describe('what needs a person (src/dashboard/today-items.ts)', () => {
  test('a member whose extension and account are fine needs nobody; an invitation is not yet a member', () => {
    expect(memberTroubles(member(), NOW)).toEqual([]);
    expect(
      memberTroubles(
        member({ status: 'invited', last_active_at: null, extension_version: null }),
        NOW,
      ),
    ).toEqual([]);
    expect(needsYou({ team: team([member()]), approvals: 0, unread: noMail }, NOW)).toEqual([]);
  });

  test('each trouble of a member’s extension or account is named', () => {
    expect(
      memberTroubles(
        member({
          last_active_at: null,
          extension_version: null,
          agent_active: false,
          consent_current: false,
          network_signed_in: null,
        }),
        NOW,
      ),
    ).toEqual(['extension not installed']);
    expect(
      memberTroubles(
        member({
          agent_active: false,
          consent_current: false,
          network_signed_in: false,
          paused: true,
          invite_limited_until: hoursAgo(-48),
          health: { level: 'poor' } as MemberView['health'],
        }),
        NOW,
      ),
    ).toEqual([
      'extension not active',
      'has not agreed to what runs in their name',
      'signed out of the network',
      'extension paused',
      'weekly invitation limit reached',
      'account health poor',
    ]);
    // A limit that ended, or a health that is only to watch, needs nobody.
    expect(
      memberTroubles(
        member({
          invite_limited_until: hoursAgo(1),
          health: { level: 'watch' } as MemberView['health'],
        }),
        NOW,
      ),
    ).toEqual([]);
  });

  test('approvals first, then a team without an active extension, its members, then unread replies; each links to its section', () => {
    const grace = member({ email: 'grace@example.com', full_name: null, network_signed_in: false });
    expect(
      needsYou(
        {
          team: team([member(), grace], false),
          approvals: 2,
          unread: { count: 3, from: ['Alan Turing', 'Jane Doe'] },
        },
        NOW,
      ),
    ).toEqual([
      { text: '2 writes queued by an AI wait for your approval', href: '#/outreach/approvals' },
      {
        text: 'No member’s extension has been active in the last 48 hours: network tasks wait until one is',
        href: '#/team/members',
      },
      { text: 'grace@example.com: signed out of the network', href: '#/team/members' },
      { text: '3 unread conversations with Alan Turing, Jane Doe', href: '#/outreach/inbox' },
    ]);
    expect(
      needsYou({ team: team([member()]), approvals: 1, unread: { count: 1, from: [] } }, NOW),
    ).toEqual([
      { text: '1 write queued by an AI waits for your approval', href: '#/outreach/approvals' },
      { text: '1 unread conversation', href: '#/outreach/inbox' },
    ]);
  });
});

describe('what ran and what comes', () => {
  const task = (status: TaskSummary['status'], updated: number) =>
    ({ status, updated_at: hoursAgo(updated) }) as TaskSummary;

  test('finished in the last 24 hours, and running or queued whenever made', () => {
    expect(
      ranCounts(
        [
          task('completed', 1),
          task('completed', 23),
          task('completed', 25),
          task('failed', 2),
          task('failed', 30),
          task('processing', 40),
          task('pending', 50),
          task('pending', 0),
        ],
        NOW,
      ),
    ).toEqual({ done: 2, failed: 1, running: 1, queued: 2 });
    expect(ranCounts([], NOW)).toEqual({ done: 0, failed: 0, running: 0, queued: 0 });
  });

  test('next collections of running watchlists and waiting writes with a time, soonest first', () => {
    const watchlists = [
      { name: 'AI agents', disable: false, next_collection_at: hoursAgo(-3) },
      { name: 'Paused one', disable: true, next_collection_at: null },
      { name: 'Founders', disable: false, next_collection_at: hoursAgo(-1) },
    ] as Watchlist[];
    const waiting = member({
      safety: {
        waiting: [
          {
            task_id: 't1',
            task_type: 'agent_like_post',
            scheduled_for: hoursAgo(-2),
            waiting_reason: 'outside working hours',
          },
          {
            task_id: 't2',
            task_type: 'agent_send_message',
            scheduled_for: null,
            waiting_reason: 'no budget',
          },
        ],
      } as unknown as MemberView['safety'],
    });
    expect(comingUp(team([waiting]), watchlists)).toEqual([
      { at: hoursAgo(-1), text: '“Founders” collects new posts' },
      { at: hoursAgo(-2), text: 'Like post as Ada Lovelace', why: 'outside working hours' },
      { at: hoursAgo(-3), text: '“AI agents” collects new posts' },
    ]);
    expect(comingUp(team([waiting]), watchlists, 1)).toHaveLength(1);
  });
});
