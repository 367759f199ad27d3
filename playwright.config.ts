import { defineConfig } from '@playwright/test';
import { E2E_LANES } from './test/e2e/support/e2e-env.js';

/**
 * Browser tests: Debian's Chromium (CHROME_PATH or /usr/bin/chromium; never downloaded) with the
 * built extension, against a real service and the fake network. One worker per lane
 * (test/e2e/support/e2e-env.ts): a lane's extension copy talks to its lane's service port. A test
 * spends most of its time waiting on the browser and the service's timers, so two lanes keep two
 * cores busy.
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
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: { trace: 'off' },
});
