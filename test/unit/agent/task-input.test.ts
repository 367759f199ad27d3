import { describe, expect, it } from 'vitest';
import { checkTaskInput } from '../../../src/agent/task-input.js';
import { describeTarget } from '../../../src/agent/task-target.js';
import { TASK_KINDS } from '../../../src/contract/task-kinds.js';
import { NO_FACTS, taskTarget } from '../../../src/contract/task-target.js';

/** The worker checks a claimed task's input before the tab gets it (the tab carries no schemas). */
describe('checkTaskInput', () => {
  it('normalises a valid input, defaults filled in', () => {
    expect(
      checkTaskInput('agent_keyword_tracking', { watchlist_id: 'w', keyword: 'duckdb' }),
    ).toEqual({
      ok: true,
      input: {
        task_type: 'agent_keyword_tracking',
        watchlist_id: 'w',
        keyword: 'duckdb',
        required_keywords: [],
        excluded_keywords: [],
        count: 20,
      },
    });
  });
  it('refuses an invalid one as network_changed, not retryable, naming the field', () => {
    expect(checkTaskInput('agent_connections_fetch', { start: 'zero', count: 40 })).toEqual({
      ok: false,
      error: {
        code: 'network_changed',
        message:
          'Invalid agent_connections_fetch input: start: Invalid input: expected number, received string',
        retryable: false,
      },
    });
  });
});

describe('describeTarget', () => {
  it('words the target as the task list does, from the input alone', () => {
    expect(describeTarget('agent_profile_fetch', { profile_slug: 'ada-lovelace' })).toBe(
      'ada-lovelace',
    );
    // A bare id is no word a member reads: the task list says "a profile", "a post" too.
    expect(
      describeTarget('agent_like_post', { social_urn: 'urn:li:activity:7123456789012345678' }),
    ).toBe('a post');
    expect(
      describeTarget('agent_send_message', {
        profile_urn: 'urn:li:fsd_profile:ACoAABcdEfGhIjKlMn',
        message_text: 'Hello Ada!',
      }),
    ).toBe('a profile: “Hello Ada!”');
    expect(
      describeTarget('agent_comment_post', {
        social_urn: 'urn:li:activity:7123456789012345678',
        comment_text: 'Well put.',
      }),
    ).toBe('a post, saying “Well put.”');
    expect(
      describeTarget('agent_company_posts_fetch', { company: 'acme-robotics', count: 10 }),
    ).toBe('acme-robotics');
    expect(describeTarget('agent_profiles_tracking', { profile_urns: ['a', 'b', 'c'] })).toBe(
      '3 profiles',
    );
    expect(
      describeTarget('agent_profiles_search', {
        keywords: 'Turing',
        location: 'London',
        start: 0,
        count: 10,
      }),
    ).toBe('Turing, London');
    expect(describeTarget('agent_keyword_tracking', { keyword: 'duckdb' })).toBe('“duckdb”');
    expect(describeTarget('agent_connections_fetch', { start: 0, count: 40 })).toBe(
      'up to 40 connections',
    );
    expect(describeTarget('agent_profile_fetch', {})).toBe('a profile');
  });

  it("is the service's wording with no joined facts, shortened to the popup's room", () => {
    const input = { social_urn: 'urn:li:activity:1', comment_text: 'x'.repeat(80) };
    const full = taskTarget(TASK_KINDS.agent_comment_post, input, NO_FACTS).label;
    const short = describeTarget('agent_comment_post', input);
    expect(short).toHaveLength(48);
    expect(short).toBe(`${full.slice(0, 47)}…`);
    expect(describeTarget('agent_keyword_tracking', { keyword: 'duckdb' })).toBe(
      taskTarget(TASK_KINDS.agent_keyword_tracking, { keyword: 'duckdb' }).label,
    );
  });
});
