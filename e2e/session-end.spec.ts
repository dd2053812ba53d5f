import { expect, test, type Page, type Request } from '@playwright/test';
import { registerViaApi } from './fixtures';

/**
 * Issue 34 item 7: once the session has ended (Sign out, Delete account), the page asks the API for
 * nothing more — no notifications, no points, no 401s. The page's clock is Playwright's, so every
 * interval and focus refetch the app could still run is played through instead of waited for.
 */

/** Every /api request the page sends from now on, in the order it sent them. */
function recordApiRequests(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) sent.push(request);
  });
  return sent;
}

const named = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;

/**
 * What the sign-in page itself reads, signed out and with no session to send: whether it offers the
 * school's single sign-on (decision 204). Anything else after the ending is the ended session's.
 */
const SIGN_IN_PAGE_READS = new Set(['GET /api/auth/sso']);

/**
 * Gives the signed-out page every chance to send something: a tab that regains focus and becomes
 * visible (points refetch on focus), ten minutes of its timers, then one request of the test's own
 * (to a non-API path) as a barrier: the browser reports requests in the order they were sent.
 */
async function playThroughSignedOutPage(page: Page) {
  await page.evaluate(() => {
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await page.clock.runFor('10:00');
  const barrier = page.waitForRequest((request) => request.url().endsWith('/session-end-barrier.txt'));
  await page.evaluate(() => void fetch('/session-end-barrier.txt').catch(() => undefined));
  await barrier;
}

/** The two ways a session ends from the user menu, and the request that ends it. */
const ENDINGS = [
  {
    name: 'Sign out',
    endingRequest: 'POST /api/auth/logout',
    end: (page: Page) => page.getByRole('menuitem', { name: 'Sign out' }).click(),
  },
  {
    name: 'Delete account',
    endingRequest: 'DELETE /api/user/delete',
    end: async (page: Page) => {
      await page.getByRole('menuitem', { name: 'Delete account' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
    },
  },
];

for (const ending of ENDINGS) {
  test(`after ${ending.name} the page sends no more API requests`, async ({ page }) => {
    await page.clock.install();
    await registerViaApi(page.request);
    await page.goto('/dashboard');
    await expect(page.getByTestId('shell-points')).toBeVisible();
    await expect(page.getByTestId('notifications-button')).toBeVisible();

    const sent = recordApiRequests(page);
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 401) failed.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
    });
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await ending.end(page);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await playThroughSignedOutPage(page);

    const ended = sent.findIndex((request) => named(request) === ending.endingRequest);
    expect(ended, sent.map(named).join(', ')).toBeGreaterThanOrEqual(0);
    expect(
      sent
        .slice(ended + 1)
        .map(named)
        .filter((request) => !SIGN_IN_PAGE_READS.has(request)),
    ).toEqual([]);
    expect(failed).toEqual([]);
  });
}
