import { defineConfig } from 'vitest/config';

// The fake network's own self-check (voices.selfcheck.test.ts). The root vitest.config.ts includes
// only test/unit and test/service, so run this one with
// `npx vitest run -c test/fake-network/vitest.config.ts`.
export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['test/fake-network/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
