import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi } from './fixtures';

test('register, sign out and sign in again', async ({ page }) => {
  const account = newAccount();
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await expect(form.getByLabel('Username')).toHaveAttribute('autocomplete', 'username');
  await expect(form.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'new-password');
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  await page.getByRole('button', { name: 'Open user menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  const signIn = page.getByRole('form', { name: 'Sign in' });
  await expect(signIn.getByLabel('Password', { exact: true })).toHaveAttribute('autocomplete', 'current-password');
  await signIn.getByLabel('Username').fill(account.username);
  await signIn.getByLabel('Password', { exact: true }).fill(account.password);
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('inline validation before submitting', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Username and password are required')).toBeVisible();

  await page.getByRole('tab', { name: 'Register' }).click();
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Username').fill('ab');
  await form.getByLabel('Password', { exact: true }).fill('short');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(form.getByText('Username must be 3–32 characters')).toBeVisible();
  await expect(form.getByText('Password must be at least 8 characters')).toBeVisible();
});

test('five wrong passwords lock sign-in with a clear message', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(account.username);
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await form.getByLabel('Password', { exact: true }).fill(`wrong-password-${attempt}`);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await expect(form.getByRole('alert')).toHaveText('Invalid username or password');
  }
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toContainText('try again in 30 minutes');
  await expect(page).toHaveURL(/\/auth$/);
});

test('guards: signed-out visitors go to /auth and come back after signing in', async ({ page, request }) => {
  const account = await registerViaApi(request);
  await page.context().clearCookies();
  await page.goto('/grades');
  await expect(page).toHaveURL(/\/auth$/);
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/grades$/);
  await expect(page.getByRole('heading', { name: 'Grades' })).toBeVisible();
});

test('signed-in visitors to / and /auth go to /dashboard', async ({ page }) => {
  await registerViaApi(page.request);
  // A browser that signed in has its user cached (web/api/session.ts); / and /auth ask the server only then.
  await page.goto('/dashboard');
  await expect(page.getByTestId('shell-points')).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('/auth has no serious accessibility violations', async ({ page }) => {
  await page.goto('/auth');
  await expect(page.getByRole('heading', { name: 'Welcome to StudyPilot' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  await expectNoSeriousA11yViolations(page);
});

test('the landing page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
