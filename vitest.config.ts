import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { contractSchemasModule } from './scripts/contract-schemas.js';
import { taskKindsModule } from './scripts/task-kinds-module.js';

// Unit, service and fake-network tests. Browser tests (real Chromium) live in test/e2e and run under Playwright.
export default defineConfig({
  // The worker's checks as JSON Schema from the contract, and its task kinds, as the extension's
  // build serves them.
  plugins: [WxtVitest(), contractSchemasModule(), taskKindsModule()],
  test: {
    include: [
      'test/unit/**/*.test.ts',
      'test/service/**/*.test.ts',
      'test/fake-network/**/*.test.ts',
    ],
    // The extension's packaged files (network-map.json) for the worker's code under test.
    setupFiles: ['test/support/extension-files.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // One worker more than the cores, at least two and at most four: a file spends part of its time
    // waiting on timers and child processes, and one worker per core leaves the cores idle then;
    // more would crowd the timing tests, which need a core now and then, and each worker's PGlite
    // is a whole database in WebAssembly. TEST_VITEST_WORKERS sets it (CI runs a pass's vitest in
    // one worker beside the other pass's browser tests).
    maxWorkers: Number(process.env.TEST_VITEST_WORKERS) || Math.min(4, availableParallelism() + 1),
    // Each file in a fresh module graph imported the whole service again: 2.5 of 11.5 minutes here.
    // Files share nothing else: each starts its own service on its own database.
    isolate: false,
  },
});
