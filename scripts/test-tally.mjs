// What one `npm test` counted: tests passed and failed, the name of each that failed, and what
// went wrong outside any test (a run that ended badly with no failed test). Its lines close the
// run's output and, with TEST_SUMMARY_FILE set, go to that file: CI (.ci/run) runs several passes
// and prints every pass's lines again at its very end, since a CI's record often keeps only a
// log's tail.

/** A tally to count into; `lines()` is its account, failures first named one per line. */
export function testTally() {
  let passed = 0;
  const failures = [];
  const troubles = [];
  return {
    /** One check (a checker, a linter, a budget) that passed or failed. */
    check(ok, name) {
      if (ok) passed += 1;
      else failures.push(name);
    },
    /** Many tests at once, as a report counted them. */
    add({ passed: n, failedNames }) {
      passed += n;
      failures.push(...failedNames);
    },
    /** Something went wrong that no test's failure accounts for. */
    trouble(what) {
      troubles.push(what);
    },
    get failed() {
      return failures.length === 0 && troubles.length > 0 ? 1 : failures.length;
    },
    get passed() {
      return passed;
    },
    lines(maxNames = 40) {
      const out = [`${passed} passed, ${this.failed} failed`];
      for (const name of failures.slice(0, maxNames)) out.push(`  ✗ ${name}`);
      if (failures.length > maxNames)
        out.push(`  … and ${failures.length - maxNames} more failed, named above`);
      for (const t of troubles) out.push(`  ! ${t}`);
      return out;
    },
  };
}
