import { expect, test } from '@playwright/test';
import { ADMIN_ACCOUNT, adminToken, registerViaApi } from './fixtures';

test('a non-admin on /admin goes to /dashboard; an admin sees /admin', async ({ page, browser, request }) => {
  await registerViaApi(page.request);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/dashboard$/);

  await adminToken(request);
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  expect((await adminPage.request.post('/api/auth/login', { data: ADMIN_ACCOUNT })).status()).toBe(200);
  await adminPage.goto('/admin');
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();
  await adminContext.close();
});

test('unknown paths show the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  const api = await page.request.get('/api/no-such-endpoint');
  expect(api.status()).toBe(404);
  expect((await api.json()).code).toBe('not_found');
});
