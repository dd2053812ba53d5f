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
