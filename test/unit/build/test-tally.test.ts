import { describe, expect, it } from 'vitest';
import { testTally } from '../../../scripts/test-tally.mjs';

/** The account `npm test` closes with, and CI prints again for every pass (scripts/test-tally.mjs). */
describe('the tally of one npm test', () => {
  it('counts checks and reports, and names each failure', () => {
    const tally = testTally();
    tally.check(true, 'the type checker (tsc)');
    tally.check(false, 'the linter (Biome)');
    tally.add({
      passed: 5,
      failedNames: ['a.test.ts > one (failed)', 'b.test.ts > two (skipped)'],
    });
    expect(tally.passed).toBe(6);
    expect(tally.failed).toBe(3);
    expect(tally.lines()).toEqual([
      '6 passed, 3 failed',
      '  ✗ the linter (Biome)',
      '  ✗ a.test.ts > one (failed)',
      '  ✗ b.test.ts > two (skipped)',
    ]);
  });

  it('fails a run that went wrong with no failed test, and says what went wrong', () => {
    const tally = testTally();
    tally.add({ passed: 3, failedNames: [] });
    tally.trouble('vitest ended with status 1, no report');
    expect(tally.failed).toBe(1);
    expect(tally.lines()).toEqual([
      '3 passed, 1 failed',
      '  ! vitest ended with status 1, no report',
    ]);
  });

  it('names at most so many failures, and says how many more', () => {
    const tally = testTally();
    tally.add({ passed: 0, failedNames: ['a', 'b', 'c'] });
    expect(tally.lines(2)).toEqual([
      '0 passed, 3 failed',
      '  ✗ a',
      '  ✗ b',
      '  … and 1 more failed, named above',
    ]);
  });
});
