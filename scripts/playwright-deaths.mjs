// The browser tests' account of a Playwright worker process that died: a test whose only failure
// is Playwright's "worker process exited unexpectedly". The lane's service runs PGlite in that
// process, and V8 sometimes aborts it while PGlite's WebAssembly starts (nodejs/node#64500):
// `npm test` runs such a spec file again, alone, as it does a vitest file whose worker died.

const DEATH = /worker process exited unexpectedly \(code=([^,]*), signal=([^)]*)\)/;

/** Every test of a Playwright JSON report, with its spec file and the messages of its results. */
function testsOf(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? [])
        out.push({
          file: spec.file,
          title: spec.title,
          status: test.status,
          messages: (test.results ?? []).flatMap((r) =>
            [r.error, ...(r.errors ?? [])].filter(Boolean).map((e) => e.message ?? ''),
          ),
        });
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}

const failedTest = (t) => t.status === 'unexpected' || t.status === 'flaky';
const diedIn = (t) => t.messages.some((m) => DEATH.test(m));

/**
 * The spec files (relative to the test folder) a worker died in, with how it ended, when every
 * failed test of the run failed only that way; none when any test failed otherwise: a run with a
 * real failure is never run again.
 */
export function specsCutShort(report) {
  const failed = testsOf(report).filter(failedTest);
  if (failed.length === 0 || !failed.every(diedIn)) return [];
  const byFile = new Map();
  for (const t of failed) {
    const [, code, signal] = DEATH.exec(t.messages.find((m) => DEATH.test(m)));
    byFile.set(t.file, { file: t.file, test: t.title, code, signal });
  }
  return [...byFile.values()];
}

/**
 * A report's tests but those of `leaveOut` spec files: passed, and failed for any other end
 * (failed, flaky, skipped), since no test counts as passing unrun.
 */
export function specCounts(report, leaveOut = []) {
  const counts = { passed: 0, failed: 0 };
  for (const t of testsOf(report))
    if (!leaveOut.includes(t.file)) counts[t.status === 'expected' ? 'passed' : 'failed']++;
  return counts;
}
