// Either database: pure functions of the service, no database at all.
import { describe, expect, test } from 'vitest';
import { describeWorkingHours, writesWindow } from '../../../src/service/budgets/working-hours.js';

const weekdays = { days: [1, 2, 3, 4, 5], start: '08:00', end: '20:00', time_zone: 'Europe/Paris' };

describe('writesWindow', () => {
  test('open inside the window in the member’s own zone, closed outside, with when it opens', () => {
    // Monday 2026-11-23 09:30 in Paris is 08:30 UTC (winter, UTC+1).
    expect(writesWindow(weekdays, new Date('2026-11-23T08:30:00Z'))).toEqual({
      open: true,
      opensAt: null,
    });
    // 20:00 Paris: the window has just closed; it opens Tuesday 08:00 Paris = 07:00 UTC.
    expect(writesWindow(weekdays, new Date('2026-11-23T19:00:00Z'))).toEqual({
      open: false,
      opensAt: new Date('2026-11-24T07:00:00Z'),
    });
    // 06:00 Paris on Monday: opens the same day.
    expect(writesWindow(weekdays, new Date('2026-11-23T05:00:00Z')).opensAt).toEqual(
      new Date('2026-11-23T07:00:00Z'),
    );
  });

  test('the weekend is skipped: Friday evening opens on Monday', () => {
    expect(writesWindow(weekdays, new Date('2026-11-27T20:00:00Z')).opensAt).toEqual(
      new Date('2026-11-30T07:00:00Z'),
    );
  });

  test('summer time moves the window with the member', () => {
    // Saturday 2026-03-28, the night before Paris moves to UTC+2: Monday 08:00 Paris is 06:00 UTC.
    expect(writesWindow(weekdays, new Date('2026-03-28T12:00:00Z')).opensAt).toEqual(
      new Date('2026-03-30T06:00:00Z'),
    );
    // Another zone, another offset: New York in winter is UTC-5.
    const ny = { ...weekdays, time_zone: 'America/New_York' };
    expect(writesWindow(ny, new Date('2026-11-23T12:00:00Z'))).toEqual({
      open: false,
      opensAt: new Date('2026-11-23T13:00:00Z'),
    });
    expect(writesWindow(ny, new Date('2026-11-23T13:00:00Z')).open).toBe(true);
  });

  test('no working hours: always open', () => {
    expect(writesWindow(null, new Date())).toEqual({ open: true, opensAt: null });
  });

  test('described as a person reads it', () => {
    expect(describeWorkingHours(weekdays)).toBe('Mon–Fri 08:00–20:00 Europe/Paris');
    expect(describeWorkingHours({ ...weekdays, days: [1, 3] })).toBe(
      'Mon, Wed 08:00–20:00 Europe/Paris',
    );
  });
});
