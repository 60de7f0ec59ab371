import { defineConfig } from 'vitest/config';

/**
 * Test files that start processes or servers and wait on clocks (shutdown drains, outages,
 * leases, crash recovery) or lint with the type checker: they run one at a time, in the
 * `processes` project, so a second file never takes the CPU they measure their deadlines on.
 */
const PROCESS_TESTS = [
  'scripts/build-server.test.ts',
  'scripts/db-outage.test.ts',
  'scripts/mail-processes.test.ts',
  'scripts/node20-apis.test.ts',
  'scripts/scale-out.test.ts',
  'scripts/shutdown.test.ts',
  'scripts/start.test.ts',
  'apps/api/test/crash-recovery.test.ts',
  'apps/api/test/db-unavailable.test.ts',
  'apps/api/test/job-queue.test.ts',
  'apps/api/test/releases.test.ts',
  'apps/api/test/seed-cli.test.ts',
  'apps/storefront/app/routing/request-log.test.ts',
];

/**
 * Test files that change what every module of their process sees: they set NODE_ENV to
 * production and load the built storefront's server, whose React is then the production build
 * (and would meet the development JSX runtime of the next file in that process). They run with
 * a fresh process per file, in the `unit-isolated` project.
 */
const ISOLATED_TESTS = [
  'apps/storefront/app/routing/cross-origin.test.ts',
  'apps/storefront/app/routing/server-hardening.test.ts',
  'apps/storefront/app/seo/seo-pages.test.ts',
];

const UNIT_TESTS = [
  'apps/*/src/**/*.test.ts',
  'apps/*/app/**/*.test.{ts,tsx}',
  'apps/storefront/server/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
];

// Unit and API integration tests (`npm run test:unit`: the `unit` and `unit-isolated` projects
// on every core, then the `processes` project one file at a time). Browser journeys have their
// own config. The `unit` files share their worker processes (isolate: false): each file still
// gets its own database and servers, but the app's modules (the schema, React, the templates)
// are loaded once per worker instead of once per file.
export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/build/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Builds the storefront once, before any worker starts (tests that serve it share it).
    globalSetup: ['scripts/vitest-global-setup.ts'],
    // Servers started by tests log nothing (issue 15); log tests pass their own logger.
    env: { LOG_LEVEL: 'silent' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: ['**/node_modules/**', '**/build/**', ...PROCESS_TESTS, ...ISOLATED_TESTS],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'unit-isolated', include: ISOLATED_TESTS } },
      { extends: true, test: { name: 'processes', include: PROCESS_TESTS } },
    ],
  },
});
