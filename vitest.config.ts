import { defineConfig } from 'vitest/config';

/**
 * Two projects: pure/unit tests (common, web components) and API tests that need PostgreSQL.
 * The API project's global setup starts the embedded server (or uses DATABASE_URL) and builds a migrated
 * template database; each test file clones its own database from it so files run in parallel.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
