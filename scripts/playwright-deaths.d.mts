// Types of scripts/playwright-deaths.mjs for its unit test (the script itself runs in plain Node).
/** A Playwright JSON report, as far as these read it. */
interface PlaywrightReport {
  suites?: unknown[];
}
export interface SpecCutShort {
  file: string;
  test: string;
  code: string;
  signal: string;
}
export function specsCutShort(report: PlaywrightReport): SpecCutShort[];
export function specCounts(
  report: PlaywrightReport,
  leaveOut?: string[],
): { passed: number; failed: number; failedNames: string[] };
