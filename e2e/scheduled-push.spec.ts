import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillTime, registerViaApi } from './fixtures';

/**
 * "Class starting soon" and the "Daily digest" in the notification settings (docs/decisions/155): the
 * choices reach the server field by field. The pushes themselves are covered by the server's
 * integration test (scheduled-push.integration.test.ts) with a push service stand-in.
 */
test('turns on class starting soon and the daily digest, with a lead time and a time, from the keyboard too', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const headers = { origin: new URL(baseURL ?? '').origin };
  // A first-run account has no settings panel yet; an account with a task has.
  await page.request.post('/api/tasks', {
    data: { title: 'Read chapter 1', dueDate: new Date(Date.now() + 86_400_000).toISOString() },
    headers,
  });

  await page.goto('/dashboard');
  const section = page.getByTestId('scheduled-push-settings');
  await expect(section.getByText('Turn on push reminders on a device to receive these.')).toBeVisible();
  const classSoon = section.getByRole('switch', { name: 'Class starting soon' });
  await expect(classSoon).toHaveAttribute('aria-checked', 'false');
  await classSoon.click();
  await expect(classSoon).toHaveAttribute('aria-checked', 'true');
  await section.getByLabel('How long before').selectOption('30');

  const digest = section.getByRole('switch', { name: 'Daily digest' });
  await digest.focus();
  await page.keyboard.press('Enter');
  await expect(digest).toHaveAttribute('aria-checked', 'true');
  // The field that appears under it does not take the focus away from the switch.
  await expect(digest).toBeFocused();
  // The time on the app's clock (12-hour in English), not the browser's: hour, minute, AM/PM.
  const time = section.getByRole('group', { name: 'Digest time' });
  await expect(time.getByRole('combobox', { name: 'AM or PM' })).toHaveValue('am');
  await expect(time.getByRole('combobox', { name: 'Hour' })).toHaveValue('7');
  await fillTime(section, 'Digest time', '06:45');
  // Saved on Enter (or when focus leaves the field: Tab first walks its hour, minute and AM/PM).
  await time.getByRole('combobox', { name: 'Minute' }).press('Enter');

  await expect
    .poll(async () => (await page.request.get('/api/notification-settings')).json())
    .toEqual({ classSoonEnabled: true, classSoonMinutes: 30, digestEnabled: true, digestTime: '06:45' });
  await expectNoSeriousA11yViolations(page);

  // On a 360 px phone, with both rows open, nothing scrolls sideways.
  await page.setViewportSize({ width: 360, height: 780 });
  await expect(section.getByLabel('How long before')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // Kept across a reload: they live on the server.
  await page.reload();
  const saved = page.getByTestId('scheduled-push-settings').getByRole('group', { name: 'Digest time' });
  await expect(saved.getByRole('combobox', { name: 'Hour' })).toHaveValue('6');
  await expect(saved.getByRole('combobox', { name: 'Minute' })).toHaveValue('45');
  await expect(saved.getByRole('combobox', { name: 'AM or PM' })).toHaveValue('am');
});
