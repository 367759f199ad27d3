import { describe, expect, test } from 'vitest';
import type {
  KeywordWatchlistView,
  PeopleWatchlistSummary,
} from '../../../src/contract/watchlists.js';
import { draftOf, fieldOfError, patchBody } from '../../../src/dashboard/watchlist-editor.js';

const collection = {
  last_collection_at: null,
  last_collected_at: null,
  extension_active: true,
  next_collection_at: null,
  recent_cycles: [],
  posts_count: 0,
};
const keyword: KeywordWatchlistView = {
  id: 'w1',
  name: 'AI',
  slug: 'ai',
  type: 'keyword',
  description: null,
  keywords: [
    { id: 'k1', keyword: 'ai agents', required_keywords: ['sales'], excluded_keywords: [] },
  ],
  labels: [{ name: 'Lead', description: 'may buy' }],
  fetchFreqInHours: 12,
  disable: false,
  slack_webhook_url: null,
  draft_comments: null,
  prompt: null,
  prompt_status: null,
  prompt_error: null,
  ...collection,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('watchlist editor', () => {
  test('an unchanged draft sends nothing; a rename sends only the name, never the keywords again', () => {
    expect(patchBody(keyword, draftOf(keyword))).toBeNull();
    const d = draftOf(keyword);
    d.name = 'AI sales';
    expect(patchBody(keyword, d)).toEqual({ id: 'w1', name: 'AI sales' });
  });

  test('keywords with required and excluded words, labels a line each, an emptied Slack field as null', () => {
    const d = draftOf(keyword);
    d.keywords[0]!.excluded = 'crypto, nft ';
    d.keywords.push(
      { keyword: 'duckdb', required: '', excluded: '' },
      { keyword: '', required: '', excluded: '' },
    );
    d.labels = 'Lead: may buy\nPartner';
    expect(
      patchBody(
        { ...keyword, slack_webhook_url: 'https://hooks.slack.com/x' },
        { ...d, slack: ' ' },
      ),
    ).toEqual({
      id: 'w1',
      keywords: [
        {
          keyword: 'ai agents',
          required_keywords: ['sales'],
          excluded_keywords: ['crypto', 'nft'],
        },
        'duckdb',
      ],
      labels: [
        { name: 'Lead', description: 'may buy' },
        { name: 'Partner', description: '' },
      ],
      slack_webhook_url: null,
    });
  });

  test('a people watchlist sends only what it has: name and frequency', () => {
    const people: PeopleWatchlistSummary = {
      id: 'p1',
      name: 'Founders',
      slug: 'f',
      type: 'people',
      createdAt: '',
      fetchFreqInHours: 12,
      disable: false,
      profiles_count: 2,
      ...collection,
    };
    const d = draftOf(people);
    d.fetchFreqInHours = 24;
    d.slack = 'https://ignored.example';
    expect(patchBody(people, d)).toEqual({ id: 'p1', fetchFreqInHours: 24 });
  });

  test("the service's messages land next to their field", () => {
    expect(fieldOfError("Invalid 'slack_webhook_url': must be an http(s) URL or null")).toBe(
      'slack_webhook_url',
    );
    expect(fieldOfError("Invalid 'labels': at most 50 labels")).toBe('labels');
    expect(fieldOfError('keywords array is required and must not be empty')).toBe('keywords');
    expect(
      fieldOfError("Invalid 'keywords': at most 20 required or excluded keywords per keyword"),
    ).toBe('keywords');
    expect(
      fieldOfError('Invalid fetchFreqInHours. Allowed values: 1, 3, 6, 12, 24, 48, 72 (hours)'),
    ).toBe('fetchFreqInHours');
    expect(fieldOfError('Name cannot be empty')).toBe('name');
    expect(fieldOfError('Watchlist not found')).toBeNull();
  });
});
