import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * The bell with unread notifications (issue 34 item 13): its accessible name says the count its badge
 * shows, "99+" included, so axe's label-content-name-mismatch (serious) finds nothing on a page with
 * unread items, in English and in Japanese.
 */

/** Tasks two days overdue: each is an unread "Overdue" notification. */
async function overdueTasks(page: Page, origin: string, count: number) {
  const dueDate = new Date(Date.now() - 2 * 86_400_000).toISOString();
  for (let i = 1; i <= count; i += 1) {
    const created = await page.request.post('/api/tasks', { data: { title: `Overdue ${i}`, dueDate }, headers: { origin } });
    expect(created.status()).toBe(201);
  }
}

test('with one unread notification the bell names its count and the page passes axe', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  await overdueTasks(page, new URL(baseURL ?? '').origin, 1);
  await page.goto('/dashboard');
  const badge = page.getByTestId('notifications-unread');
  await expect(badge).toBeVisible();
  const shown = (await badge.textContent()) ?? '';
  await expect(page.getByRole('button', { name: `Notifications (${shown} unread)`, exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('above 99 unread the bell says "99+" as its badge does, in English and Japanese', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  await overdueTasks(page, new URL(baseURL ?? '').origin, 100);
  await page.goto('/dashboard');
  await expect(page.getByTestId('notifications-unread')).toHaveText('99+');
  await expect(page.getByRole('button', { name: 'Notifications (99+ unread)', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.evaluate(() => localStorage.setItem('i18nextLng', 'ja'));
  await page.goto('/tasks');
  await expect(page.getByRole('button', { name: '通知（未読 99+ 件）', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
