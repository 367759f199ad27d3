import type { Clock } from '../../../src/agent/clock.js';

/** A clock the test moves by hand; `random` answers a fixed value the test may change. */
export function fakeClock(start = Date.parse('2026-11-22T09:00:00.000Z')) {
  let now = start;
  const clock: Clock & { advance(ms: number): void; randomValue: number } = {
    randomValue: 0,
    now: () => now,
    sleep: async (ms) => {
      now += ms;
    },
    random: () => clock.randomValue,
    advance(ms) {
      now += ms;
    },
  };
  return clock;
}
