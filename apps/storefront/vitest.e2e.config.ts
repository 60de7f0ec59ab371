import { defineConfig } from 'vitest/config';

// Browser journeys (`npm run test:e2e`): one shop server for the run, Debian's Chromium.
export default defineConfig({
  // The shop runs in this process with NODE_ENV=production, where `react/jsx-dev-runtime` has no
  // `jsxDEV`: compile JSX (the API's mail templates) for the production runtime.
  esbuild: { jsxDev: false },
  test: {
    include: ['apps/storefront/tests/e2e/**/*.e2e.ts'],
    globalSetup: ['apps/storefront/tests/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    fileParallelism: false,
    // One retry for a journey that fails once on a loaded machine (the app-shell journey did,
    // session 8); a journey that fails twice fails the run. Retries are reported.
    retry: 1,
    // The journeys' shops log nothing (issue 15): readable test output.
    env: { LOG_LEVEL: 'silent' },
    // Journeys wait for what a shopper waits for; a loaded 2-core CI machine needs more than
    // the default 1 s before a client-side update shows.
    expect: { poll: { timeout: 10_000, interval: 100 } },
  },
});
