// A Playwright JSON report read one way for every script that reads one (playwright-deaths.mjs,
// test-timings.mjs).

/**
 * Every test of a report: its spec file, title and final status, the seconds all its runs took,
 * and the messages of its runs' errors.
 */
export function reportTests(report) {
  const out = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const results = test.results ?? [];
        out.push({
          file: spec.file,
          title: spec.title,
          status: test.status,
          seconds: results.reduce((s, r) => s + (r.duration ?? 0) / 1000, 0),
          messages: results.flatMap((r) =>
            [r.error, ...(r.errors ?? [])].filter(Boolean).map((e) => e.message ?? ''),
          ),
        });
      }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return out;
}
