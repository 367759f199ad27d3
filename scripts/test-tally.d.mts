// Types of scripts/test-tally.mjs for its unit test (the script itself runs in plain Node).
export interface TestTally {
  check(ok: boolean, name: string): void;
  add(counts: { passed: number; failedNames: string[] }): void;
  trouble(what: string): void;
  readonly passed: number;
  readonly failed: number;
  lines(maxNames?: number): string[];
}
export function testTally(): TestTally;
