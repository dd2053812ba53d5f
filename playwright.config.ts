import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE, FULL_BROWSER_TAG, HEADLESS_SHELL_EXECUTABLE } from './e2e/chromium';
import { SERVER_NODE_FLAGS } from './scripts/build/server';

/** A free loopback port, found once when the config loads (workers inherit it through the env). */
function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script]).toString().trim());
}

process.env.E2E_PORT ??= String(freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'studypilot-e2e-'));
const port = Number(process.env.E2E_PORT);

/**
 * Real Chromium (Debian's, never a downloaded build) against the production build served by the real
 * server on a fresh data directory (or DATABASE_URL's server when set).
 */
export default defineConfig({
  testDir: 'e2e',
  // Not test-results/ itself: Playwright empties its output folder, and the Vitest reports live there.
  // E2E_OUTPUT_DIR: a run beside another (scripts/e2e-clock-edges.sh's lanes) keeps its own, as Playwright empties it.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/e2e-artifacts',
  fullyParallel: true,
  // One worker: on 2 cores the server, PostgreSQL and Chromium already fill the machine, and a second
  // worker made the suite slower and flaky (measured: docs/decisions/080-e2e-stability.md).
  // E2E_WORKERS overrides it on a bigger machine.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  // A retry in CI is kept only to report a flaky test by name (scripts/test-summary.ts); it is a bug.
  retries: process.env.CI ? 1 : 0,
  // About twice the slowest test measured on a machine capped at half a core (20 s), so a slow
  // machine does not decide the result; axe checks add their own budget (e2e/fixtures.ts).
  timeout: 45_000,
  // An expectation waits on its state for as long as the test may run (0: no budget of its own): a fixed
  // 10 s budget failed on a busy two-core machine where the state came later (issue 33).
  expect: { timeout: 0 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // No service worker outside e2e/offline.spec.ts: a worker answering the page's requests hides them
    // from page.route and the clock (docs/decisions/147).
    serviceWorkers: 'block',
    // Debian's headless shell (decision 227); the tests tagged FULL_BROWSER_TAG run in the full browser.
    launchOptions: {
      executablePath: HEADLESS_SHELL_EXECUTABLE,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: new RegExp(FULL_BROWSER_TAG) },
    {
      name: 'phone',
      use: { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true },
      testMatch: /(responsive|phone|clock-edges)\.spec\.ts/,
      grepInvert: new RegExp(FULL_BROWSER_TAG),
    },
    {
      // What only the full browser has: its PDF viewer, its notification permission.
      name: 'full-browser',
      use: {
        ...devices['Desktop Chrome'],
        channel: undefined,
        launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
      },
      grep: new RegExp(FULL_BROWSER_TAG),
    },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it (scripts/build.sh builds it; decision 091).
    command: `node ${SERVER_NODE_FLAGS.join(' ')} dist/server/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL: the server then stops the PostgreSQL it started (a detached
    // process that outlives a killed server by design, docs/decisions/070) instead of leaking it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    timeout: 120_000,
    // The server logs only warnings and errors here (LOG_LEVEL=warn): shown beside the tests, so a
    // failure's cause on the server side (a 503's reason) is in the CI output.
    stdout: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      WEB_DIST_DIR: 'dist/web',
      AUTH_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      // The calendar-import spec's local calendar server is http://localhost (test-only; decision 203).
      LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST: '1',
      ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    },
  },
});
