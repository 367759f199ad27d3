import { describe, expect, it } from 'vitest';
import {
  phaseClock,
  slowestSpecFiles,
  slowestVitestFiles,
  timingLines,
} from '../../../scripts/test-timings.mjs';

/** What `npm test` prints at its end about where its time went (scripts/test-timings.mjs). */
describe('the time of a test run', () => {
  it('splits the run into phases, each from the lap before it', () => {
    let t = 0;
    const clock = phaseClock(() => t);
    t = 61_400;
    clock.lap('checkers');
    t = 61_900;
    clock.lap('');
    t = 600_000;
    clock.lap('vitest');
    expect(clock.phases()).toEqual([
      { name: 'checkers', seconds: 61 },
      { name: 'vitest', seconds: 538 },
    ]);
  });

  it('names the slowest vitest files and browser specs, slowest first', () => {
    const vitest = {
      testResults: [
        { name: '/r/a.test.ts', startTime: 0, endTime: 2_000 },
        { name: '/r/b.test.ts', startTime: 1_000, endTime: 31_000 },
        { name: '/r/c.test.ts', startTime: 0, endTime: 9_000 },
      ],
    };
    expect(slowestVitestFiles(vitest, 2)).toEqual([
      { file: '/r/b.test.ts', seconds: 30 },
      { file: '/r/c.test.ts', seconds: 9 },
    ]);
    const playwright = {
      suites: [
        {
          specs: [
            { file: 'x.spec.ts', tests: [{ results: [{ duration: 4_000 }] }] },
            { file: 'x.spec.ts', tests: [{ results: [{ duration: 5_000 }] }] },
          ],
          suites: [
            { specs: [{ file: 'y.spec.ts', tests: [{ results: [{ duration: 12_000 }] }] }] },
          ],
        },
      ],
    };
    expect(slowestSpecFiles(playwright)).toEqual([
      { file: 'y.spec.ts', seconds: 12 },
      { file: 'x.spec.ts', seconds: 9 },
    ]);
    expect(slowestVitestFiles(null)).toEqual([]);
    expect(
      timingLines(
        [
          { name: 'checkers', seconds: 60 },
          { name: 'vitest', seconds: 500 },
        ],
        slowestVitestFiles(vitest, 1),
        [],
        (f) => f.replace('/r/', ''),
      ),
    ).toEqual([
      'Time: 560 s (checkers 60 s, vitest 500 s)',
      'Slowest vitest files: b.test.ts 30 s',
    ]);
  });
});
