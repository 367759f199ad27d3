// Vitest's own account of what failed (failed files, failed tests, unhandled errors), read back
// from what it printed: `npm test` repeats it at its end, since a CI often keeps only a log's tail
// and the browser tests, built and run after vitest, push that account out of it.

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colour codes are the point
const COLOURS = /\u001b\[[0-9;]*m/g;
const SECTION = /^⎯+ (Failed Suites|Failed Tests|Unhandled Errors?)\b/;
const SUMMARY = /^\s*Test Files\s/;

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
