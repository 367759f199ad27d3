import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specCounts, specWorkerDeaths } from '../../../scripts/playwright-deaths.mjs';

/**
 * What `npm test` reads of a Playwright run whose worker process died (scripts/playwright-deaths.mjs),
 * from real Playwright runs on scratch spec files: one whose worker V8-style aborts itself
 * (SIGTRAP, as nodejs/node#64500 does to a lane's PGlite), one that passes, one that fails.
 */
let dir: string;

beforeAll(() => {
  // Inside the repository, so that the scratch config finds @playwright/test in node_modules.
  dir = mkdtempSync(join(process.cwd(), 'node_modules/.cache-playwright-deaths-'));
  writeFileSync(
    join(dir, 'playwright.config.mjs'),
    "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: '.', workers: 1, retries: 0 });\n",
  );
  const spec = (name: string, body: string) =>
    writeFileSync(join(dir, name), `import { test, expect } from '@playwright/test';\n${body}\n`);
  spec(
    'dies.spec.mjs',
    "test('starts its service', () => { process.kill(process.pid, 'SIGTRAP'); });",
  );
  spec('passes.spec.mjs', "test('one', () => { expect(1).toBe(1); });\ntest('two', () => {});");
  spec('fails.spec.mjs', "test('asserts', () => { expect(1).toBe(2); });");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function playwright(...files: string[]) {
  const json = join(dir, `report-${files.join('-')}.json`);
  const run = spawnSync(
    'npx',
    ['playwright', 'test', '-c', join(dir, 'playwright.config.mjs'), '--reporter=json', ...files],
    { env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: json }, encoding: 'utf8' },
  );
  expect(run.status).not.toBe(0);
  return JSON.parse(readFileSync(json, 'utf8'));
}

describe('a Playwright worker that died', () => {
  it('names the spec file and how its worker ended, and counts its test as failed', () => {
    const report = playwright('dies.spec.mjs', 'passes.spec.mjs');
    expect(specWorkerDeaths(report)).toEqual([
      { file: 'dies.spec.mjs', test: 'starts its service', code: 'null', signal: 'SIGTRAP' },
    ]);
    expect(specCounts(report)).toEqual({
      passed: 2,
      failed: 1,
      failedNames: ['dies.spec.mjs › starts its service (unexpected)'],
    });
  }, 60_000);

  it('is named beside a test that failed otherwise, which is not taken for a death', () => {
    const report = playwright('dies.spec.mjs', 'fails.spec.mjs');
    expect(specWorkerDeaths(report)).toEqual([
      { file: 'dies.spec.mjs', test: 'starts its service', code: 'null', signal: 'SIGTRAP' },
    ]);
    expect(specCounts(report)).toEqual({
      passed: 0,
      failed: 2,
      failedNames: [
        'dies.spec.mjs › starts its service (unexpected)',
        'fails.spec.mjs › asserts (unexpected)',
      ],
    });
  }, 60_000);
});
