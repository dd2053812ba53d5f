import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

// A page whose code cannot be fetched — a dropped connection, or a tab left open across a deploy that
// removed its chunk — says so in the student's words inside the shell, and Reload brings the page
// (docs/decisions/238-route-error-page.md), instead of React Router's "Unexpected Application Error!".

test('a page whose code cannot load says so inside the shell, and Reload brings it', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Grades' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.route(/\/assets\/grades-page-[^/]+\.js$/, (route) => route.abort());
  await nav.getByRole('link', { name: 'Grades' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert).toContainText('This page could not be loaded');
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  // The shell stays: the student can go elsewhere.
  await expect(nav.getByRole('link', { name: 'Tasks' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.unroute(/\/assets\/grades-page-[^/]+\.js$/);
  await alert.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grades' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});
