import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { SERVER_NODE_FLAGS } from '../scripts/build/server';
import { freePort } from '../server/db/free-port';
import { startTestOidcProvider, type TestOidcProvider } from '../server/test/oidc-provider';
import { expectNoSeriousA11yViolations } from './fixtures';

/**
 * "Sign in with <school>" (issue 38, decisions 204-205). The shared server has no OIDC_* set, so its
 * sign-in page shows no button; this spec starts its own server from the same build, with OIDC_* pointing
 * at a real OpenID provider run in the test (server/test/oidc-provider.ts: login and consent answered by
 * the test, so the browser passes through the provider without a page of its own).
 */
test.describe.configure({ mode: 'serial' });

let provider: TestOidcProvider;
let server: ChildProcess;
let origin: string;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  provider = await startTestOidcProvider({ redirectUris: [`${origin}/api/auth/sso/callback`] });
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'studypilot-e2e-sso-'));
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: 'dist/web',
      AUTH_RATE_LIMIT: '100000',
      WRITE_RATE_LIMIT: '100000',
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_PROVIDER_NAME: 'Springfield High',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the SSO server exited with ${server.exitCode}`);
    const healthy = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the SSO server did not become healthy');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await provider?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

test('without OIDC_* the sign-in page has no SSO button', async ({ page }) => {
  // The page asks the server, and shows nothing for its answer.
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/sso');
  await page.goto('/auth');
  expect(await (await answered).json()).toEqual({ enabled: false, providerName: null });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Sign in with/ })).toHaveCount(0);
});

test('signing in with the school account makes the account and lands on the dashboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  provider.next = { account: { sub: 'ana-e2e', preferred_username: 'ana.e2e', email: 'ana@springfield.edu', email_verified: true } };
  await page.goto(`${origin}/auth`);
  const button = page.getByRole('link', { name: 'Sign in with Springfield High' });
  await expect(button).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await button.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL(`${origin}/dashboard`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The Security tab lists the school account; with no password it cannot be unlinked.
  await page.goto(`${origin}/account#security`);
  const card = page.getByRole('region', { name: 'School account' });
  await expect(card.getByText('ana@springfield.edu')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unlink' })).toBeDisabled();
  await expect(card.getByText(/This is the only way to sign in to this account/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('declining at the provider ends on the sign-in page with the reason', async ({ page }) => {
  provider.next = { deny: true };
  await page.goto(`${origin}/auth`);
  await page.getByRole('link', { name: 'Sign in with Springfield High' }).click();
  await page.waitForURL(`${origin}/auth?sso_error=denied`);
  await expect(page.getByRole('alert')).toHaveText("Sign-in was cancelled at your school's sign-in page. Nothing was changed.");
  await expectNoSeriousA11yViolations(page);
});

test('a password account links its school account from the Security tab', async ({ page }) => {
  const username = `linker_${Date.now().toString(36)}`;
  const response = await page.request.post(`${origin}/api/auth/register`, {
    data: { username, password: `Pw-${Date.now().toString(36)}-linking` },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  provider.next = { account: { sub: `linked-${username}`, email: `${username}@springfield.edu`, email_verified: true } };
  await page.goto(`${origin}/account#security`);
  const card = page.getByRole('region', { name: 'School account' });
  await card.getByRole('button', { name: 'Link your Springfield High account' }).click();
  await page.waitForURL(`${origin}/account?sso=linked#security`);
  await expect(page.getByRole('status').filter({ hasText: 'Your Springfield High account is linked.' })).toBeVisible();
  await expect(card.getByText(`${username}@springfield.edu`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Unlink' })).toBeEnabled();
});
