// Where `npm test`'s time goes: each phase's seconds, and the slowest vitest files and browser
// spec files, printed at its end so a CI log's tail says what to make faster.

import { reportTests } from './playwright-report.mjs';

/** A clock for the phases of a run: `lap(name)` ends the phase running since the last lap. */
export function phaseClock(now = () => Date.now()) {
  let since = now();
  const phases = [];
  return {
    lap(name) {
      const t = now();
      phases.push({ name, seconds: Math.round((t - since) / 1000) });
      since = t;
    },
    phases: () => phases.filter((p) => p.name),
  };
}

/** The `n` vitest files of a JSON report that took longest, in seconds. */
export function slowestVitestFiles(report, n = 8) {
  return (report?.testResults ?? [])
    .map((f) => ({ file: f.name, seconds: ((f.endTime ?? 0) - (f.startTime ?? 0)) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n);
}

/** The `n` spec files of a Playwright JSON report whose tests took longest in all, in seconds. */
export function slowestSpecFiles(report, n = 8) {
  const byFile = new Map();
  for (const t of reportTests(report)) byFile.set(t.file, (byFile.get(t.file) ?? 0) + t.seconds);
  return [...byFile]
    .map(([file, seconds]) => ({ file, seconds }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, n);
}

/** The lines that say it: phases on one line, then the slowest files of each runner. */
export function timingLines(phases, vitestFiles, specFiles, relativeTo = (f) => f) {
  const total = phases.reduce((s, p) => s + p.seconds, 0);
  const list = (files) =>
    files.map((f) => `${relativeTo(f.file)} ${Math.round(f.seconds)} s`).join(', ');
  return [
    `Time: ${total} s (${phases.map((p) => `${p.name} ${p.seconds} s`).join(', ')})`,
    ...(vitestFiles.length ? [`Slowest vitest files: ${list(vitestFiles)}`] : []),
    ...(specFiles.length ? [`Slowest browser specs: ${list(specFiles)}`] : []),
  ];
}
