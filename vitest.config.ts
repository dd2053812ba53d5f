import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Two projects: unit tests (common, web, scripts, and the server's `*.unit.test.ts`, which open no
 * database of the run: decision 274) and API tests that need PostgreSQL. The API project's global setup
 * starts the embedded server (or uses DATABASE_URL) and builds a migrated template database; each test
 * file clones its own database from it so files run in parallel.
 */
export default defineConfig({
  test: {
    // Vitest 4 uses one worker fewer than the machine's cores, which is one worker on our 2-core CI:
    // the API files then ran strictly one after another (measured: 167 s, each file ~1.4 s of start-up).
    // Both cores: test files mostly wait on PostgreSQL, so two run side by side.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, os.availableParallelism())),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'web/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'server/**/*.unit.test.ts'],
          environment: 'node',
          // Vitest's 5 s default failed three tests that take ~1 s when the two cores were shared by a
          // dozen other processes (issue 33): the budget is for a hung test, not for a busy machine.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/**/*.test.ts'],
          exclude: ['server/**/*.unit.test.ts', '**/node_modules/**'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          // The files share their workers' modules instead of importing the server anew for each file
          // (decision 227): against the PostgreSQL server 234 → ~176 s. Each file still has its own database and
          // app. What a file's helpers open while it runs is closed after it by server/test/setup.ts, which also
          // fails a file that leaves a connection to its databases open: Vitest's afterAll, called inside a hook
          // or a test, never runs, and every file's pools and listeners had stayed open for the whole run
          // (53300, too many clients, against the server's 100 connections). Peak with this: 37–42 connections.
          isolate: false,
          setupFiles: ['server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
