import { expect, test } from '@playwright/test';
import { registerViaApi } from './fixtures';

test('delete account asks for confirmation, then removes it for good', async ({ page, request }) => {
  const account = await registerViaApi(page.request);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Delete account' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete account' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByTestId('toast')).toContainText('Your account has been deleted.');

  const login = await request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  expect(login.status()).toBe(401);
});

test('profile and password changes from /account', async ({ page, request }) => {
  const account = await registerViaApi(page.request);
  await page.goto('/account');
  await page.getByLabel('Email', { exact: true }).fill('student@example.org');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password').fill(account.password);
  await page.getByLabel('New password', { exact: true }).fill('Another-Strong-Pass-42');
  await page.getByLabel('Confirm new password').fill('Another-Strong-Pass-41');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The new passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill('Another-Strong-Pass-42');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password changed');
  const relogin = await request.post('/api/auth/login', { data: { username: account.username, password: 'Another-Strong-Pass-42' } });
  expect(relogin.status()).toBe(200);
});
