// Vitest's own account of what failed (failed files, failed tests, unhandled errors), read back
// from what it printed: `npm test` repeats it at its end, since a CI often keeps only a log's tail
// and the browser tests, built and run after vitest, push that account out of it. And the files a
// test worker process died in, which `npm test` names as failed.

import { relative } from 'node:path';

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are the point
const COLOURS = /\u001b\[[0-9;]*m/g;
const SECTION = /^⎯+ (Failed Suites|Failed Tests|Unhandled Errors?)\b/;
const SUMMARY = /^\s*Test Files\s/;

/** What a run printed, without its terminal colours. */
export const withoutColours = (text) => text.replace(COLOURS, '');

/**
 * The lines from vitest's first failure section up to its summary, without colours: at most
 * `maxLines`, then one line saying how many more the full log holds. None when nothing failed.
 */
export function vitestFailures(output, maxLines = 80) {
  const lines = output.replace(COLOURS, '').split('\n');
  const start = lines.findIndex((l) => SECTION.test(l));
  if (start < 0) return [];
  const end = lines.findIndex((l, i) => i > start && SUMMARY.test(l));
  const section = lines.slice(start, end < 0 ? lines.length : end);
  while (section.length && section.at(-1).trim() === '') section.pop();
  if (section.length <= maxLines) return section;
  return [
    ...section.slice(0, maxLines),
    `… ${section.length - maxLines} more lines of it above, in vitest's own output`,
  ];
}

/**
 * The files whose test worker process died while it ran them (vitest's "Worker exited
 * unexpectedly"), as vitest's JSON report leaves them: tests never reported (`pending`), or none
 * at all when it died while loading the file. None when no worker died.
 */
export function filesWorkersDiedIn(report, output) {
  if (!/Worker exited unexpectedly/.test(output.replace(COLOURS, ''))) return [];
  return report.testResults
    .filter(
      (r) =>
        r.assertionResults.length === 0 || r.assertionResults.some((a) => a.status === 'pending'),
    )
    .map((r) => r.name);
}

/** What scripts/worker-exit-witness.mjs said of test workers that died, without colours. */
export function witnessLines(output) {
  return withoutColours(output)
    .split('\n')
    .filter((l) => l.startsWith('worker-exit-witness:'));
}

/**
 * The tests of a vitest JSON report: passed, and failed for any other end (failed, skipped, todo,
 * never reported), since no test counts as passing unrun; each failed one named by its file
 * (relative to `root`), full name and end.
 */
export function vitestCounts(report, root = process.cwd()) {
  const counts = { passed: 0, failed: 0, failedNames: [] };
  for (const file of report.testResults ?? []) {
    for (const t of file.assertionResults)
      if (t.status === 'passed') counts.passed++;
      else {
        counts.failed++;
        counts.failedNames.push(
          `${relative(root, file.name)} > ${t.fullName ?? t.title} (${t.status})`,
        );
      }
    // A file that failed to load or run reports no test, or fewer than it holds.
    if (file.status === 'failed' && file.assertionResults.every((t) => t.status === 'passed')) {
      counts.failed++;
      counts.failedNames.push(`${relative(root, file.name)}: ${firstLine(file.message)}`);
    }
  }
  return counts;
}

const firstLine = (text) =>
  String(text ?? 'failed')
    .split('\n')[0]
    .slice(0, 200);
