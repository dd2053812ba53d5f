import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from './fixtures';

/**
 * The desktop half of the screenshot tour (issue 34: regenerated and looked at by a person before a
 * release of copy or layout changes; the phone half is e2e/phone.spec.ts with PHONE_SCREENSHOTS=1):
 *   TOUR_SCREENSHOTS=1 bash scripts/e2e-clock.sh "2026-11-25 10:00:00" e2e/desktop-tour.spec.ts --project chromium
 * writes docs/screenshots/desktop-*.png on a seeded sample semester, in English and German.
 */
test.skip(!process.env.TOUR_SCREENSHOTS, 'the screenshot tour runs on request (TOUR_SCREENSHOTS=1)');
test.use({ viewport: { width: 1366, height: 900 }, timezoneId: 'Europe/Berlin', locale: 'en-US' });

async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

test('desktop screenshot tour', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await registerViaApi(page.request);
  const origin = new URL(baseURL ?? '').origin;
  await page.request.patch('/api/account/profile', { data: { timeZone: 'Europe/Berlin' }, headers: { origin } });
  expect((await page.request.post('/api/demo/sample-data', { headers: { origin } })).status()).toBe(201);
  const shoot = (name: string) => page.screenshot({ path: `docs/screenshots/desktop-${name}.png` });
  for (const [path, name] of [
    ['/dashboard', 'dashboard'],
    ['/schedule', 'schedule'],
    ['/tasks', 'tasks'],
    ['/grades', 'grades'],
    ['/progress', 'progress'],
    ['/progress?tab=gpa', 'progress-gpa'],
    ['/rewards', 'rewards'],
    ['/premium', 'premium'],
    ['/premium-success', 'premium-success-no-checkout'],
    ['/files', 'files'],
    ['/account', 'account'],
  ] as const) {
    await visit(page, path);
    await shoot(name);
  }
  await visit(page, '/dashboard');
  await page.getByRole('button', { name: 'Set reminder' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await shoot('set-reminder');
  await page.keyboard.press('Escape');
  // German: the names of pages and the numbers through the locale.
  await page.evaluate(() => localStorage.setItem('i18nextLng', 'de'));
  await visit(page, '/grades');
  await shoot('grades-de');
  await visit(page, '/dashboard');
  await shoot('dashboard-de');
});
