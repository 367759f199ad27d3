// Types of scripts/vitest-failures.mjs for its unit test (the script itself runs in plain Node).
export function vitestFailures(output: string, maxLines?: number): string[];
