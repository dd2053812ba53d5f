import { expect, test } from '@playwright/test';
import { registerViaApi } from './fixtures';

test('the shell fits a 360 px phone: no horizontal scrolling, all seven tabs reachable', async ({ page }) => {
  await registerViaApi(page.request);
  for (const path of ['/dashboard', '/account', '/auth', '/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const link of await nav.getByRole('link').all()) await expect(link).toBeInViewport();
});
