// Types of scripts/vitest-failures.mjs for its unit test (the script itself runs in plain Node).
export function vitestFailures(output: string, maxLines?: number): string[];
export function filesWorkersDiedIn(
  report: {
    testResults: { name: string; assertionResults: { status: string }[] }[];
  },
  output: string,
): string[];
export function witnessLines(output: string): string[];
export function withoutColours(text: string): string;
export function vitestCounts(
  report: {
    testResults?: {
      name: string;
      status?: string;
      message?: string;
      assertionResults: { status: string; title?: string; fullName?: string }[];
    }[];
  },
  root?: string,
): { passed: number; failed: number; failedNames: string[] };
