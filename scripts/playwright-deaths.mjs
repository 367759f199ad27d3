// The browser tests' account of a Playwright worker process that died: a test whose only failure
// is Playwright's "worker process exited unexpectedly". The lane's service runs PGlite in that
// process, where Node 24's V8 has aborted it (nodejs/node#64500; docs/development.md): `npm test`
// names how each worker ended, as it does for a vitest file whose worker died.
import { reportTests } from './playwright-report.mjs';

const DEATH = /worker process exited unexpectedly \(code=([^,]*), signal=([^)]*)\)/;

const failedTest = (t) => t.status === 'unexpected' || t.status === 'flaky';

/** The spec files (relative to the test folder) a worker died in, with how it ended. */
export function specWorkerDeaths(report) {
  const byFile = new Map();
  for (const t of reportTests(report).filter(failedTest)) {
    const message = t.messages.find((m) => DEATH.test(m));
    if (!message) continue;
    const [, code, signal] = DEATH.exec(message);
    byFile.set(t.file, { file: t.file, test: t.title, code, signal });
  }
  return [...byFile.values()];
}

/**
 * A report's tests: passed, and failed for any other end (failed, flaky, skipped), since no test
 * counts as passing unrun; each failed one named by its spec file, title and end.
 */
export function specCounts(report) {
  const counts = { passed: 0, failed: 0, failedNames: [] };
  for (const t of reportTests(report)) {
    if (t.status === 'expected') counts.passed++;
    else {
      counts.failed++;
      counts.failedNames.push(`${t.file} › ${t.title} (${t.status})`);
    }
  }
  return counts;
}
