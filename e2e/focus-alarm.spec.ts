import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from './fixtures';

/**
 * The focus timer tells the server when this device's phase ends (docs/decisions/152). A test browser
 * cannot subscribe at a real push service, and e2e runs without the service worker: the page is given
 * a registration whose push manager answers this browser's subscription, an endpoint registered
 * through the API as the browser would have. The push delivery itself is the server's integration test.
 */
async function givePushSubscription(page: Page, endpoint: string): Promise<void> {
  await page.addInitScript((subscribed: string) => {
    const registration = { active: {}, pushManager: { getSubscription: async () => ({ endpoint: subscribed }) } };
    Object.defineProperty(navigator.serviceWorker, 'getRegistration', { configurable: true, value: async () => registration });
  }, endpoint);
}

test('starting, pausing, resuming and skipping a phase set and cancel the device’s push alarm', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const endpoint = `https://fcm.googleapis.com/fcm/send/focus-${Date.now()}`;
  const created = await page.request.post('/api/push/subscriptions', {
    data: { endpoint, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }, label: 'Chrome · Linux', language: 'en' },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const alarmPath = `/api/push/subscriptions/${(await created.json()).id}/focus-alarm`;
  await givePushSubscription(page, endpoint);

  await page.goto('/study');
  await expect(page.getByRole('timer')).toHaveText('25:00');
  const alarm = (method: string) =>
    page.waitForResponse((response) => new URL(response.url()).pathname === alarmPath && response.request().method() === method);

  const [started] = await Promise.all([alarm('PUT'), page.getByRole('button', { name: 'Start' }).click()]);
  expect(started.status()).toBe(204);
  const body = started.request().postDataJSON() as { phase: string; endsAt: string };
  expect(body.phase).toBe('focus');
  const ahead = Date.parse(body.endsAt) - Date.now();
  expect(ahead).toBeGreaterThan(24 * 60_000);
  expect(ahead).toBeLessThanOrEqual(25 * 60_000);

  const [paused] = await Promise.all([alarm('DELETE'), page.getByRole('button', { name: 'Pause' }).click()]);
  expect(paused.status()).toBe(204);
  const [resumed] = await Promise.all([alarm('PUT'), page.getByRole('button', { name: 'Resume' }).click()]);
  expect(resumed.status()).toBe(204);
  const [skipped] = await Promise.all([alarm('DELETE'), page.getByRole('button', { name: 'Skip' }).click()]);
  expect(skipped.status()).toBe(204);
  await expect(page.getByRole('button', { name: 'Short break', pressed: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('5:00');
});
