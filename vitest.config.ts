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
    // PGlite instances are heavy (WASM); two workers fit the 2-core machines we run on.
    maxWorkers: 2,
  },
});
