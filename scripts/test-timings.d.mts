// Types of scripts/test-timings.mjs for its unit test (the script itself runs in plain Node).
export interface Phase {
  name: string;
  seconds: number;
}
export interface FileTime {
  file: string;
  seconds: number;
}
export function phaseClock(now?: () => number): { lap(name: string): void; phases(): Phase[] };
export function slowestVitestFiles(report: unknown, n?: number): FileTime[];
export function slowestSpecFiles(report: unknown, n?: number): FileTime[];
export function timingLines(
  phases: Phase[],
  vitestFiles: FileTime[],
  specFiles: FileTime[],
  relativeTo?: (file: string) => string,
): string[];
