import { expect, test } from 'vitest';
import { singleFlight } from '../../../src/dashboard/single-flight.js';

test('a burst of calls during a load folds into one more load; calls after it start a new one', async () => {
  let runs = 0;
  let release: () => void = () => {};
  const load = singleFlight(async () => {
    runs++;
    await new Promise<void>((r) => (release = r));
  });
  const first = load();
  void load();
  void load();
  expect(runs).toBe(1);
  release();
  await new Promise((r) => setTimeout(r, 0));
  expect(runs).toBe(2);
  release();
  await first;
  expect(runs).toBe(2);
  const later = load();
  expect(runs).toBe(3);
  release();
  await later;
});
