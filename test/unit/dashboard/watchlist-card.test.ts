import { describe, expect, test } from 'vitest';
import type { CollectionCycle, PeopleWatchlistSummary } from '../../../src/contract/watchlists.js';
import { notCollectedWhy } from '../../../src/dashboard/watchlist-card.js';

const cycle = (state: CollectionCycle['state']): CollectionCycle => ({
  started_at: '2026-01-01T00:00:00Z',
  finished_at: null,
  state,
  tasks: 1,
  failed_tasks: state === 'failed' ? 1 : 0,
  new_posts: 0,
});
const watchlist = (over: Partial<PeopleWatchlistSummary>): PeopleWatchlistSummary => ({
  id: 'p1',
  name: 'Founders',
  slug: 'founders',
  type: 'people',
  createdAt: '2026-01-01T00:00:00Z',
  fetchFreqInHours: 12,
  disable: false,
  profiles_count: 3,
  posts_count: 0,
  last_collection_at: null,
  last_collected_at: null,
  extension_active: true,
  next_collection_at: null,
  recent_cycles: [],
  ...over,
});

/** A watchlist's card says why nothing was collected yet (src/dashboard/watchlist-card.ts). */
describe('not collected yet, and why', () => {
  test('a planned cycle with no extension to run it is not a collection: the card says what is missing', () => {
    const planned = watchlist({
      extension_active: false,
      last_collection_at: '2026-01-01T00:00:00Z',
      recent_cycles: [cycle('running')],
    });
    expect(notCollectedWhy(planned)).toBe(
      'no member’s extension is active: install it, sign in in its popup and keep the browser open',
    );
  });
  test('with an extension: queued, paused, failed, or nothing to say before the first cycle', () => {
    expect(notCollectedWhy(watchlist({ recent_cycles: [cycle('running')] }))).toBe(
      'queued, waiting for a member’s extension to run it',
    );
    expect(notCollectedWhy(watchlist({ disable: true }))).toBe('paused');
    expect(notCollectedWhy(watchlist({ recent_cycles: [cycle('failed')] }))).toBe(
      'its last cycle failed',
    );
    expect(notCollectedWhy(watchlist({}))).toBeNull();
  });
});
