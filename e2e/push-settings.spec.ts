import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * The notification settings' push part (docs/decisions/150): the devices that receive reminders,
 * removable one by one, and the switch for this device. Subscribing this browser needs a real push
 * service (FCM), which a test browser does not reach: the devices here are registered through the API
 * as other browsers would, and the delivery itself is covered by the server's integration test.
 */
test('lists the devices that receive push reminders and removes one', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const headers = { origin: new URL(baseURL ?? '').origin };
  // A first-run account has no settings panel yet; an account with a task has.
  await page.request.post('/api/tasks', {
    data: { title: 'Read chapter 1', dueDate: new Date(Date.now() + 86_400_000).toISOString() },
    headers,
  });
  for (const [name, label] of [
    ['phone', 'Chrome · Android'],
    ['tablet', 'Safari · iOS'],
  ]) {
    const created = await page.request.post('/api/push/subscriptions', {
      data: {
        endpoint: `https://fcm.googleapis.com/fcm/send/${name}-${Date.now()}`,
        keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
        label,
        language: 'en',
      },
      headers,
    });
    expect(created.status(), await created.text()).toBe(201);
  }

  await page.goto('/dashboard');
  const settings = page.getByTestId('push-settings');
  const toggle = settings.getByRole('switch', { name: 'Push reminders on this device' });
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  const devices = settings.getByRole('list', { name: 'Devices receiving reminders' });
  await expect(devices.getByRole('listitem')).toHaveCount(2);
  await expect(devices).toContainText('Chrome · Android');
  await expect(devices).toContainText('Safari · iOS');
  await expectNoSeriousA11yViolations(page);

  await settings.getByRole('button', { name: 'Remove Safari · iOS' }).click();
  await expect(page.getByTestId('toast')).toContainText('Device removed');
  await expect(devices.getByRole('listitem')).toHaveCount(1);
  await expect(devices).not.toContainText('Safari · iOS');
  const remaining = await page.request.get('/api/push/subscriptions');
  expect((await remaining.json()).map((device: { label: string }) => device.label)).toEqual(['Chrome · Android']);

  await settings.getByRole('button', { name: 'Remove Chrome · Android' }).click();
  await expect(settings.getByText('No device receives push reminders yet.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
