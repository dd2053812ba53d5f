import { expect, test } from '@playwright/test';
import { endTrialViaAdmin, expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * The paid plan end to end with the test-mode provider (no Stripe keys on the e2e server): an
 * expired-trial student subscribes, the success page waits for the server and celebrates, then the
 * student cancels (Canceling) and resumes (Active).
 */
test('an expired-trial student subscribes in test mode, cancels and resumes', async ({ page, request }) => {
  const student = await registerViaApi(page.request);
  await endTrialViaAdmin(request, student.id);

  await page.goto('/premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  await expect(page.getByTestId('trial-status')).toHaveText('TRIAL · EXPIRED');
  await expect(page.getByTestId('price-monthly')).toHaveText('$4.99');
  await expect(page.getByTestId('price-yearly')).toHaveText('$39.99');
  await expect(page.getByText('Save 33% compared with paying monthly')).toBeVisible();
  await expect(page.getByText('Priority support: replies within 24 hours instead of 48')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Subscribe monthly' }).click();
  await expect(page).toHaveURL(/\/premium\/test-payment\?checkout=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Test payment — no money is taken' })).toBeVisible();
  await expect(page.getByText('Premium monthly')).toBeVisible();
  await expect(page.getByText('$4.99 / month')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Confirm test payment' }).click();

  await expect(page).toHaveURL(/\/premium-success\?session_id=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Premium!' })).toBeVisible();
  await expect(page.getByTestId('success-plan')).toHaveText('Your plan: Premium monthly.');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Manage your plan' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByText('Your current plan')).toBeVisible();

  const cancel = page.getByRole('button', { name: 'Cancel subscription' });
  await cancel.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Cancel your subscription?');
  await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Canceling');
  await expect(page.getByText(/^Premium ends on /)).toBeVisible();
  const resume = page.getByRole('button', { name: 'Resume subscription' });
  await expect(resume).toBeFocused();
  await expectNoSeriousA11yViolations(page);

  await resume.click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByText(/^Renews on /)).toBeVisible();

  // The server agrees: premium through the subscription, not the trial.
  const check = await page.request.get('/api/premium/check');
  expect(await check.json()).toMatchObject({ hasPremium: true, onTrial: false, subscription: { plan: 'monthly', status: 'active' } });
});

test('a trial student sees the days left and the yen prices in Japanese', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'ja'));
  await registerViaApi(page.request);
  await page.goto('/premium');
  await expect(page.getByTestId('trial-status')).toHaveText('トライアル · 有効');
  await expect(page.getByTestId('price-monthly')).toHaveText(/^[￥¥]199$/);
  await expect(page.getByTestId('price-yearly')).toHaveText(/^[￥¥]1,599$/);
});

test('opened without a checkout, /premium-success says there is no payment to confirm instead of waiting for one', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/premium-success');
  await expect(page.getByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeVisible();
  await expect(page.getByText('Confirming your payment…')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: 'See the Premium plans' }).click();
  await expect(page).toHaveURL(/\/premium$/);
});
