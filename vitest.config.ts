import { defineConfig } from 'vitest/config';

// Unit and API integration tests (`npm run test:unit`). Browser journeys have their own config.
export default defineConfig({
  test: {
    include: [
      'apps/*/src/**/*.test.ts',
      'apps/*/app/**/*.test.{ts,tsx}',
      'apps/*/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/build/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Servers started by tests log nothing (issue 15); log tests pass their own logger.
    env: { LOG_LEVEL: 'silent' },
  },
});
