import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

/**
 * Browser journeys (`npm run test:e2e`, issue 22): @playwright/test on Debian's Chromium (no
 * browser download), one shop for the run (tests/e2e/global-setup.ts), fixtures in
 * tests/e2e/fixtures.ts. Traces, screenshots and other output of a failed run go to
 * test-results/e2e/ (git-ignored); `npx playwright show-trace <trace.zip>` opens a trace.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ci = process.env.CI === 'true';

// In CI a missing browser fails the run; locally the browser journeys are skipped (fixtures.ts).
if (!existsSync(chromiumPath) && ci) {
  throw new Error(`Chromium is missing at ${chromiumPath}; CI must run the browser tests`);
}

// The journeys' shops log nothing (issue 15): readable test output.
process.env.LOG_LEVEL ??= 'silent';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  outputDir: '../../test-results/e2e',
  // One worker: the journeys share one shop (and some start their own) on a 2-core machine.
  workers: 1,
  fullyParallel: false,
  forbidOnly: ci,
  // One retry for a journey that fails once on a loaded machine; a journey that fails twice
  // fails the run. The list reporter names retried (flaky) journeys.
  retries: 1,
  reporter: [['list', { printSteps: false }]],
  timeout: 60_000,
  // Journeys wait for what a shopper waits for; a loaded 2-core CI machine needs more than the
  // default 5 s before a client-side update shows.
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    viewport: { width: 1360, height: 900 },
    locale: 'sv-SE',
    // The shop's service worker (issue 19) is blocked unless a journey allows it: route
    // interception then sees every request, and a journey does not wait for its precache.
    serviceWorkers: 'block',
    // A trace of the retry of a failed journey (recording every run slows a loaded machine):
    // `npx playwright show-trace test-results/e2e/<test>/trace.zip`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
