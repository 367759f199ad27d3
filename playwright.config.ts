import { defineConfig } from '@playwright/test';
import { E2E_LANES } from './test/e2e/support/e2e-env.js';

/**
 * The spec files that take longest. Their project comes first, so Playwright hands them out before
 * the rest: a long file started last would leave one lane working alone at the end.
 */
const LONGEST_FIRST = [
  'popup.spec.ts',
  'extension.spec.ts',
  'collection.spec.ts',
  'dashboard-sections.spec.ts',
  'ai-draft.spec.ts',
  'dashboard.spec.ts',
].map((file) => `**/${file}`);

/**
 * Browser tests: Debian's Chromium (CHROME_PATH or /usr/bin/chromium; never downloaded) with the
 * built extension, against a real service and the fake network. One worker per lane
 * (test/e2e/support/e2e-env.ts): a lane's extension copy talks to its lane's service port. A test
 * spends most of its time waiting on the browser and the service's timers (the lanes together use
 * about one core), so three lanes share two cores.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  workers: E2E_LANES,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: { trace: 'off' },
  projects: [
    { name: 'longest', testMatch: LONGEST_FIRST },
    { name: 'rest', testIgnore: LONGEST_FIRST },
  ],
});
