import { defineConfig } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium (CHROME_PATH or /usr/bin/chromium; never downloaded) with the
 * built extension, against a real service and the fake network. One worker: the extension tests
 * bind the service's fixed loopback port that the extension was built with.
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './test/e2e/support/global-setup.ts',
  workers: 1,
  fullyParallel: false,
  timeout: 180_000,
  expect: { timeout: 15_000 },
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: { trace: 'off' },
});
