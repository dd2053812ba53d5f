import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

test('send feedback and see it under My feedback, plain text and newest first', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/feedback/mine');
  await expect(page.getByRole('heading', { name: 'My feedback', level: 1 })).toBeVisible();
  await expect(page.getByText('You have not sent any feedback yet')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Send new feedback' }).first().click();
  await expect(page.getByRole('heading', { name: 'Send feedback', level: 1 })).toBeVisible();
  // A new account is on its 60-day trial: priority support.
  await expect(page.getByTestId('reply-time')).toHaveText('Priority support: we reply within 24 hours.');
  await page.getByLabel('Category').selectOption('feature');
  await page.getByLabel('Subject').fill('Dark <b>calendar</b>');
  await page.getByLabel('Message').fill('Please add a dark calendar theme.\n<script>alert(1)</script>');
  await page.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByTestId('toast')).toContainText('Feedback submitted');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'See it under My feedback' }).click();
  await expect(page).toHaveURL(/\/feedback\/mine$/);
  const list = page.getByRole('list', { name: 'My feedback' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  // Shown as text, never as markup.
  await expect(list.getByRole('heading', { name: 'Dark <b>calendar</b>' })).toBeVisible();
  await expect(list).toContainText('<script>alert(1)</script>');
  await expect(list).toContainText('Open');
  await expect(list).toContainText('No reply yet.');
  await expectNoSeriousA11yViolations(page);
});

test('the bell shows an overdue task, leads to it, and clears it once the task is completed', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const dueDate = new Date(Date.now() - 3 * 3_600_000).toISOString();
  const created = await page.request.post('/api/tasks', {
    data: { title: 'Chemistry essay', dueDate },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(created.status()).toBe(201);

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  const overdue = menu.getByRole('menuitem', { name: /Overdue: Chemistry essay/ });
  await expect(overdue).toBeVisible();
  await expect(menu.getByText("You're all caught up", { exact: false })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // Choosing it marks it read and goes to the late tasks.
  await overdue.click();
  await expect(page).toHaveURL(/\/tasks\?status=late$/);
  const row = page.getByRole('checkbox', { name: 'Mark “Chemistry essay” as completed' });
  await expect(row).toBeVisible();

  // Completing it refreshes the bell (the task write invalidates it): the item is gone.
  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications') && response.request().method() === 'GET',
  );
  await row.click();
  await refreshed;
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Overdue: Chemistry essay/ })).toHaveCount(0);

  // What is left (the sign-up's First Steps achievement, at least) is unread: mark all as read, the count goes.
  await expect(page.getByTestId('notifications-unread')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Mark all as read' }).click();
  await expect(page.getByTestId('notifications-unread')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
});
