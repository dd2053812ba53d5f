import { expect, test } from '@playwright/test';
import { registerViaApi } from './fixtures';

test('completing tasks completes the daily challenge, celebrates it, and the points buy a custom reward', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
  for (const title of ['Read chapter 4', 'Finish lab notes', 'Flashcards: unit 7']) {
    const response = await page.request.post('/api/tasks', {
      data: { title, dueDate: due, taskType: 'assignment', priority: 'medium' },
      // The page's cookie signs this request in; cookie-authenticated writes must name their origin.
      headers: { origin: baseURL ?? '' },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.goto('/tasks');
  for (const title of ['Read chapter 4', 'Finish lab notes']) {
    await page.getByRole('checkbox', { name: new RegExp(title) }).click();
    await expect(page.getByTestId('toast')).toBeVisible();
  }
  await page.getByRole('checkbox', { name: /Flashcards: unit 7/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Challenge completed!');
  await expect(page.getByTestId('toast')).toContainText('Complete 3 tasks today');

  await page.goto('/rewards');
  // 10 first sign-in + 3 × 10 tasks + 20 daily challenge + 30 Daily Completer.
  await expect(page.getByTestId('points-balance')).toHaveText('90 points');
  await page.getByRole('tab', { name: 'Challenges' }).click();
  await expect(page.locator('[data-challenge="tasks-daily"]')).toHaveAttribute('data-status', 'completed');
  await page.getByRole('tab', { name: 'Rewards Shop' }).click();
  await page.getByRole('button', { name: 'Add your own reward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a reward' });
  await dialog.getByLabel('Name').fill('Pizza with friends');
  await dialog.getByLabel('Cost in points').fill('80');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Redeem Pizza with friends' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('points-balance')).toHaveText('10 points');
});
