// Types of scripts/playwright-deaths.mjs for its unit test (the script itself runs in plain Node).
/** A Playwright JSON report, as far as these read it. */
interface PlaywrightReport {
  suites?: unknown[];
}
export interface SpecWorkerDeath {
  file: string;
  test: string;
  code: string;
  signal: string;
}
export function specWorkerDeaths(report: PlaywrightReport): SpecWorkerDeath[];
export function specCounts(report: PlaywrightReport): {
  passed: number;
  failed: number;
  failedNames: string[];
};
