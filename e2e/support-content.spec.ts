import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

test.describe('legal pages', () => {
  test('the privacy policy is readable signed out in English: 10 sections, linked to the terms', async ({ page }) => {
    await page.goto('/privacy-policy');
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const sections = page.getByTestId('legal-privacy').locator('section');
    await expect(sections).toHaveCount(10);
    await expect(page.getByRole('heading', { level: 2, name: '5. Cookies and local storage' })).toBeVisible();
    await expect(page.getByText(/sp_session/)).toBeVisible();
    // Both cookies the server sets are named: the session and the sign-in device (decision 182).
    await expect(page.getByText(/StudyPilot sets two cookies\..*sp_device remembers/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '9. Children' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Read the Terms and Conditions' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
    await expect(page.getByTestId('legal-terms').locator('section')).toHaveCount(11);
  });

  test('the terms are readable signed out in Japanese: 11 sections', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ja'));
    await page.goto('/terms-conditions');
    await expect(page.getByRole('heading', { level: 1, name: '利用規約' })).toBeVisible();
    await expect(page.getByTestId('legal-terms').locator('section')).toHaveCount(11);
    await expect(page.getByRole('heading', { level: 2, name: '6．プレミアム、試用期間、支払い' })).toBeVisible();
    await expect(page.getByText(/Stripe によって処理されます/).first()).toBeVisible();
    await expect(page).toHaveTitle('利用規約 – StudyPilot');
    await expectNoSeriousA11yViolations(page);
  });

  test('the landing footer and the sign-up form link to both documents', async ({ page }) => {
    await page.goto('/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
    await expect(footer.getByRole('link', { name: 'Terms and Conditions' })).toHaveAttribute('href', '/terms-conditions');
    await page.goto('/auth#register');
    const agreement = page.getByTestId('legal-agreement');
    await agreement.getByRole('link', { name: 'Terms and Conditions' }).click();
    await expect(page).toHaveURL(/\/terms-conditions$/);
    await expect(page.getByTestId('legal-terms').locator('section')).toHaveCount(11);
  });

  test('a signed-in user reads them inside the shell, from the user menu', async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect(page.getByTestId('legal-privacy').locator('section')).toHaveCount(10);
    await expect(page.getByTestId('shell-points')).toBeVisible();
  });
});

test.describe('release notes', () => {
  test('a new user sees the unseen badge; opening the notes clears it on every device', async ({ page, browser }) => {
    const account = await registerViaApi(page.request);
    await page.goto('/dashboard');
    const menuButton = page.getByRole('button', { name: 'Open user menu' });
    await expect(page.getByTestId('release-notes-badge')).toBeVisible();
    await expect(menuButton).toHaveAccessibleDescription('New release notes');

    await menuButton.click();
    await expect(page.getByTestId('release-notes-menu-dot')).toBeVisible();
    await page.getByRole('menuitem', { name: 'Release notes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release notes' });
    await expect(dialog).toBeVisible();
    // docs/product.md §3's entries, newest first, each with its lists.
    await expect(dialog.getByText('Version 1.2.0')).toBeVisible();
    await expect(dialog.getByText('Version 1.1.0')).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3, name: 'Progress and goals, help and feedback, national grades' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'New features' }).first()).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Fixes' }).first()).toBeVisible();
    await expect(page.getByTestId('release-notes-badge')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();

    // Stored on the server: a reload and another browser (a second device) show no badge.
    await page.reload();
    await expect(page.getByTestId('shell-points')).toBeVisible();
    await expect(page.getByTestId('release-notes-badge')).toHaveCount(0);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    const login = await otherPage.request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
    expect(login.status()).toBe(200);
    await otherPage.goto('/dashboard');
    await expect(otherPage.getByTestId('shell-points')).toBeVisible();
    await expect(otherPage.getByRole('button', { name: 'Open user menu' })).toBeVisible();
    await expect(otherPage.getByTestId('release-notes-badge')).toHaveCount(0);
    await other.close();
  });

  test('the notes read in German', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'de'));
    await registerViaApi(page.request);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Benutzermenü öffnen' }).click();
    await page.getByRole('menuitem', { name: 'Versionshinweise' }).click();
    const dialog = page.getByRole('dialog', { name: 'Versionshinweise' });
    await expect(dialog.getByRole('heading', { level: 3, name: 'Das neue StudyPilot' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Fehlerbehebungen' }).first()).toBeVisible();
    await expect(page.getByTestId('release-notes-badge')).toHaveCount(0);
  });
});

test.describe('help centre', () => {
  test('search as you type in English, open an article, answer "Was this helpful?"', async ({ page }) => {
    await registerViaApi(page.request);
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
    await expect(page.getByTestId('help-categories').getByRole('heading', { level: 3 })).toHaveCount(11);
    await expectNoSeriousA11yViolations(page);

    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('remind');
    const results = page.getByTestId('help-results');
    await expect(results.getByRole('link').first()).toContainText('Task reminders and repeating tasks');
    await expect(results.getByRole('link', { name: /Reminders do not appear/ })).toBeVisible();
    await expect(results.locator('mark').first()).toHaveText(/remind/i);
    await search.fill('focus timer');
    await expect(results.getByRole('link').first()).toContainText('Use the focus timer');
    await search.fill('zzzz');
    await expect(page.getByText('No article matches “zzzz”.', { exact: false })).toBeVisible();
    await search.fill('focus timer');
    await results.getByRole('link', { name: /Use the focus timer/ }).click();

    await expect(page).toHaveURL(/\/help\/focus-timer$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Use the focus timer' })).toBeVisible();
    await page.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Glad it helped' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Send feedback' })).toHaveAttribute('href', '/feedback');
    await expectNoSeriousA11yViolations(page);

    // A deep link opens the article directly, and the answer is remembered on this device.
    await page.goto('/help/focus-timer');
    await expect(page.getByRole('button', { name: 'Yes' })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/help/no-such-article');
    await expect(page.getByRole('heading', { level: 1, name: 'Article not found' })).toBeVisible();
  });

  test('search in Japanese finds articles by character pairs and highlights them', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ja'));
    await registerViaApi(page.request);
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'ヘルプセンター' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'ヘルプ記事を検索' }).fill('タイマー');
    const results = page.getByTestId('help-results');
    await expect(results.getByRole('link').first()).toContainText('集中タイマーを使う');
    await expect(results.locator('mark').first()).toHaveText('タイマー');
    await results.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/help\/focus-timer$/);
    await expect(page.getByRole('heading', { level: 1, name: '集中タイマーを使う' })).toBeVisible();
    await expect(page.getByText('この記事は役に立ちましたか？')).toBeVisible();
  });
});
