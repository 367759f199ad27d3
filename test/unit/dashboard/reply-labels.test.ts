import { describe, expect, test } from 'vitest';
import { BUILT_IN_REPLY_LABELS } from '../../../src/contract/reply-labels.js';
import { labelChoices, labelCounts, labelWords } from '../../../src/dashboard/reply-labels.js';

describe('reply labels as the dashboard words them', () => {
  test('every built-in label has its words; a team’s own reads as a sentence start', () => {
    expect(BUILT_IN_REPLY_LABELS.map(labelWords)).toEqual([
      'Interested',
      'Not now',
      'Not interested',
      'Out of office',
      'Referral',
      'Other',
    ]);
    expect(labelWords('wants_demo')).toBe('Wants demo');
  });

  test('the filter offers the built-in labels, then the team’s own with its sentence', () => {
    const choices = labelChoices([
      { name: 'wants_demo', description: 'asks to see the product working' },
    ]);
    expect(choices.map((c) => c.name)).toEqual([...BUILT_IN_REPLY_LABELS, 'wants_demo']);
    expect(choices.at(-1)).toEqual({
      name: 'wants_demo',
      words: 'Wants demo',
      description: 'asks to see the product working',
    });
  });

  test('a sequence’s people by label, the most first; none left out', () => {
    expect(labelCounts({ wants_demo: 1, other: 2, partner: 4, interested: 2, not_now: 0 })).toEqual(
      [
        ['partner', 4],
        ['interested', 2],
        ['other', 2],
        ['wants_demo', 1],
      ],
    );
    expect(labelCounts({})).toEqual([]);
  });
});
