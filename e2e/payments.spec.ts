import { expect, test } from '@playwright/test';
import { ADMIN_ACCOUNT, adminToken, expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * docs/decisions/183 on screen. The e2e server is a laptop (no PUBLIC_ORIGIN, no Stripe keys): its
 * mode is the labelled test-mode default, which the admin console names. A deployment without a
 * provider answers checkout with 409 payments_not_configured (server/features/premium/
 * payment-modes.routes.test.ts proves the server's side); here the page is given that very answer
 * and must say, in the user's language, that payments are not set up, and stay where it is.
 */
const NOT_CONFIGURED = { message: 'Payments are not set up on this server yet', code: 'payments_not_configured' };

for (const { language, subscribe, title, sentence } of [
  {
    language: 'en',
    subscribe: 'Subscribe monthly',
    title: 'Payment Error',
    sentence: 'Payments are not set up on this server yet, so Premium cannot be bought. Please try again later.',
  },
  {
    language: 'de',
    subscribe: 'Monatlich abonnieren',
    title: 'Zahlungsfehler',
    sentence: 'Zahlungen sind auf diesem Server noch nicht eingerichtet, daher kann Premium nicht gekauft werden.',
  },
]) {
  test(`without a payment provider, Subscribe says payments are not set up (${language})`, async ({ page }) => {
    await page.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
    await registerViaApi(page.request);
    let asked = 0;
    await page.route('**/api/subscription/checkout', (route) => {
      asked += 1;
      return route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify(NOT_CONFIGURED) });
    });
    await page.goto('/premium');
    await page.getByRole('button', { name: subscribe }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText(title);
    await expect(toast).toContainText(sentence);
    expect(asked).toBe(1);
    // Nothing was opened: the page stays, the buttons are usable again.
    await expect(page).toHaveURL(/\/premium$/);
    await expect(page.getByRole('button', { name: subscribe })).toBeEnabled();
    await expectNoSeriousA11yViolations(page);
  });
}

test('the admin console names the payment mode: test mode, the local default', async ({ page, request }) => {
  await adminToken(request);
  expect((await page.request.post('/api/auth/login', { data: ADMIN_ACCOUNT })).status()).toBe(200);
  await page.goto('/admin');
  const notice = page.getByTestId('payments-notice');
  await expect(notice).toHaveAttribute('data-mode', 'test');
  await expect(notice.getByRole('heading', { name: 'Payments' })).toBeVisible();
  await expect(notice).toContainText(
    'Test mode, the local default (no Stripe keys): every user can subscribe to Premium for free and no money is taken.',
  );
  await expectNoSeriousA11yViolations(page);
});
