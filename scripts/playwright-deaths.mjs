// The browser tests' account of a Playwright worker process that died: a test whose only failure
// is Playwright's "worker process exited unexpectedly". The lane's service runs PGlite in that
// process, where Node 24's V8 has aborted it (nodejs/node#64500; docs/development.md): `npm test`
// runs such a spec file again, alone, as it does a vitest file whose worker died.
import { reportTests } from './playwright-report.mjs';

const DEATH = /worker process exited unexpectedly \(code=([^,]*), signal=([^)]*)\)/;

const failedTest = (t) => t.status === 'unexpected' || t.status === 'flaky';
const diedIn = (t) => t.messages.some((m) => DEATH.test(m));

/**
 * The spec files (relative to the test folder) a worker died in, with how it ended, when every
 * failed test of the run failed only that way; none when any test failed otherwise: a run with a
 * real failure is never run again.
 */
export function specsCutShort(report) {
  const failed = reportTests(report).filter(failedTest);
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
 * (failed, flaky, skipped), since no test counts as passing unrun; each failed one named by its
 * spec file, title and end.
 */
export function specCounts(report, leaveOut = []) {
  const counts = { passed: 0, failed: 0, failedNames: [] };
  for (const t of reportTests(report)) {
    if (leaveOut.includes(t.file)) continue;
    if (t.status === 'expected') counts.passed++;
    else {
      counts.failed++;
      counts.failedNames.push(`${t.file} › ${t.title} (${t.status})`);
    }
  }
  return counts;
}
