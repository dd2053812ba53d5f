import { expect, test } from '@playwright/test';
import { LATEST_RELEASE } from '../common/domain/release-notes';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

// The shell's banner is the newest release of the release notes, until it is seen (docs/decisions/180).

test('the banner announces the newest release, opens its notes in the app, and stays gone once they were read, on any device', async ({
  page,
  browser,
}) => {
  const account = await registerViaApi(page.request);
  await page.goto('/dashboard');
  const banner = page.locator('[data-release-banner]');
  await expect(banner).toHaveText(new RegExp(`^StudyPilot ${LATEST_RELEASE.replaceAll('.', '\\.')} is here\\.`));
  // Nothing in it leads out of the app.
  await expect(banner.locator('a, [href]')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await banner.getByRole('button', { name: "See what's new" }).click();
  const notes = page.getByRole('dialog', { name: 'Release notes' });
  await expect(notes.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(notes).toContainText(`Version ${LATEST_RELEASE}`);
  await expect(banner).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(notes).toBeHidden();

  // Remembered on the account: gone after a reload, and on another device where this browser's storage is not.
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
  await expect(page.getByTestId('user-menu-button')).toBeVisible();
  await expect(banner).toHaveCount(0);
  const other = await browser.newContext();
  try {
    const phone = await other.newPage();
    const signedIn = await phone.request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
    expect(signedIn.status()).toBe(200);
    const answered = phone.waitForResponse((response) => response.url().endsWith('/api/release-notes/seen'));
    await phone.goto('/dashboard');
    // The server's answer decides (this browser never saw the notes): no banner once it has answered.
    await answered;
    await expect(phone.getByTestId('user-menu-button')).toBeVisible();
    await expect(phone.locator('[data-release-banner]')).toHaveCount(0);
  } finally {
    await other.close();
  }
});
