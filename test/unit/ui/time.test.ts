import { describe, expect, it } from 'vitest';
import { duration, elapsed, timeAgo, waitWords, wordWaits } from '../../../src/ui/time.js';

/** One wording of time for the popup and the dashboard (src/ui/time.ts). */
describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z');
  const ago = (s: number) => timeAgo(now - s * 1000, now);
  it('words the past', () => {
    expect([
      ago(0),
      ago(14),
      ago(15),
      ago(59),
      ago(90),
      ago(59 * 60),
      ago(3 * 3600),
      ago(26 * 3600),
      ago(4 * 86400),
      ago(65 * 86400),
      ago(400 * 86400),
    ]).toEqual([
      'just now',
      'just now',
      '15 s ago',
      '59 s ago',
      '2 min ago',
      '59 min ago',
      '3 h ago',
      'yesterday',
      '4 days ago',
      '2 months ago',
      '1 year ago',
    ]);
  });
  it('words the future the same way', () => {
    expect(timeAgo(now + 5 * 60_000, now)).toBe('in 5 min');
    expect(timeAgo(now + 30 * 3600_000, now)).toBe('tomorrow');
  });
  it('words a span by the next unit once it rounds to it, never "24 h" or "60 min"', () => {
    expect(timeAgo(now + 24 * 3600_000 - 2_000, now)).toBe('tomorrow');
    expect(timeAgo(now + 23 * 3600_000 + 40 * 60_000, now)).toBe('tomorrow');
    expect(timeAgo(now + 23 * 3600_000 + 20 * 60_000, now)).toBe('in 23 h');
    expect(ago(59 * 60 + 45)).toBe('1 h ago');
    expect(ago(59 * 60 + 15)).toBe('59 min ago');
  });
});

describe('elapsed and duration', () => {
  it('runs like a clock', () => {
    expect([elapsed(0, 7_000), elapsed(0, 125_000), elapsed(0, 3_723_000), elapsed(10, 0)]).toEqual(
      ['0:07', '2:05', '1:02:03', '0:00'],
    );
  });
  it('says how long something took', () => {
    expect([duration(450), duration(3_240), duration(125_000)]).toEqual([
      '450 ms',
      '3.2 s',
      '2 min 5 s',
    ]);
  });
});

describe('waits, as a person reads them', () => {
  it('words a wait in minutes and hours, rounded up', () => {
    expect(
      [0, 59, 60, 61, 3271, 3600, 3660, 7_501, 86_399, 47 * 3600, 49 * 3600].map(waitWords),
    ).toEqual([
      'less than a minute',
      'less than a minute',
      '1 min',
      '2 min',
      '55 min',
      '1 h',
      '1 h 1 min',
      '2 h 6 min',
      '24 h',
      '47 h',
      '3 days',
    ]);
  });
  it("rewords the seconds of a service's message and leaves the rest as it is", () => {
    expect(
      wordWaits('Too many sign-in codes requested from this network; try again in 3271 seconds'),
    ).toBe('Too many sign-in codes requested from this network; try again in 55 min');
    expect(wordWaits('invite again after 00:00 UTC (in 40000 seconds)')).toBe(
      'invite again after 00:00 UTC (in 11 h 7 min)',
    );
    expect(wordWaits('Try again in 1 second.')).toBe('Try again in less than a minute.');
    expect(wordWaits('Actions 30–90 s apart')).toBe('Actions 30–90 s apart');
  });
});
