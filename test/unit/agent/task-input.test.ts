import { describe, expect, it } from 'vitest';
import { checkTaskInput } from '../../../src/agent/task-input.js';
import { describeTarget } from '../../../src/agent/task-target.js';

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
  it('names the profile, post, company or search a task is about', () => {
    expect(describeTarget('agent_profile_fetch', { profile_slug: 'ada-lovelace' })).toBe(
      'ada-lovelace',
    );
    expect(
      describeTarget('agent_like_post', { social_urn: 'urn:li:activity:7123456789012345678' }),
    ).toBe('post 7123456789012345678');
    expect(
      describeTarget('agent_send_message', {
        profile_urn: 'urn:li:fsd_profile:ACoAABcdEfGhIjKlMn',
      }),
    ).toBe('profile ACoAABcdEfGh…');
    expect(
      describeTarget('agent_company_posts_fetch', { company: 'acme-robotics', count: 10 }),
    ).toBe('acme-robotics');
    expect(describeTarget('agent_profiles_tracking', { profile_urns: ['a', 'b', 'c'] })).toBe(
      '3 profiles',
    );
    expect(
      describeTarget('agent_profiles_tracking', {
        profile_urns: ['https://www.linkedin.com/in/alan-turing/'],
      }),
    ).toBe('alan-turing');
    expect(
      describeTarget('agent_profiles_search', {
        keywords: 'Turing',
        location: 'London',
        start: 0,
        count: 10,
      }),
    ).toBe('“Turing London”');
    expect(describeTarget('agent_keyword_tracking', { keyword: 'duckdb' })).toBe('“duckdb”');
    expect(describeTarget('agent_connections_fetch', { start: 0, count: 40 })).toBe(
      'your connections',
    );
    expect(describeTarget('agent_profile_fetch', {})).toBeNull();
    expect(describeTarget('agent_keyword_tracking', { keyword: 'x'.repeat(80) })!.length).toBe(48);
  });
});
