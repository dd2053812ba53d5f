import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

test('rewards: points, achievements, challenges and redeeming a custom reward', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/rewards');
  await expect(page.getByRole('heading', { name: 'Rewards' })).toBeVisible();
  await expect(page.getByTestId('points-balance')).toHaveText('10 points');
  await expect(page.getByTestId('shell-points')).toHaveText('10');

  // The built-in shop; a reward the user cannot afford yet cannot be redeemed, and says what is missing.
  await expect(page.getByRole('heading', { name: 'Movie night' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Redeem Reading break' })).toBeDisabled();
  await expect(page.getByText('40 more points needed').first()).toBeVisible();

  // A custom reward: validated, created, redeemed.
  await page.getByRole('button', { name: 'Add your own reward' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a reward' });
  await dialog.getByLabel('Cost in points').fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please give the reward a name')).toBeVisible();
  await expect(dialog.getByText('Enter a whole number from 1 to 100,000')).toBeVisible();
  await dialog.getByLabel('Name').fill('Bubble tea');
  await dialog.getByLabel('Cost in points').fill('6');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Reward added');
  await page.getByRole('button', { name: 'Redeem Bubble tea' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Spend 6 points on Bubble tea? You have 10.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Redeem' }).click();
  await expect(page.getByTestId('toast')).toContainText('Bubble tea redeemed');
  await expect(page.getByTestId('points-balance')).toHaveText('4 points');

  await page.getByRole('button', { name: 'History' }).click();
  // Each entry names what earned or spent its points.
  const history = page.getByRole('dialog', { name: 'Points history' });
  await expect(history.getByTestId('history-entry').filter({ hasText: 'Reward redeemed' })).toContainText('Bubble tea');
  await expect(history.getByTestId('history-entry').filter({ hasText: 'Achievement unlocked' })).toContainText('First Steps');
  await page.keyboard.press('Escape');

  // Deleting a custom reward asks first.
  await page.getByRole('button', { name: 'Delete Bubble tea' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'Bubble tea' })).toHaveCount(0);

  await page.getByRole('tab', { name: 'Achievements' }).click();
  await expect(page.getByText('1 of 16 unlocked')).toBeVisible();
  await expect(page.locator('[data-achievement="first-login"]')).toHaveAttribute('data-unlocked', 'true');
  await page.getByRole('button', { name: 'Locked', exact: true }).click();
  await expect(page.locator('[data-achievement]')).toHaveCount(15);
  await page.getByRole('button', { name: 'Social' }).click();
  await expect(page.getByText('No achievements in this category yet.')).toBeVisible();

  await page.getByRole('tab', { name: 'Challenges' }).click();
  await expect(page.locator('[data-challenge="tasks-daily"]')).toContainText('Complete 3 tasks today');
  await page.getByRole('button', { name: 'Weekly' }).click();
  await expect(page.locator('[data-challenge]')).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
});
