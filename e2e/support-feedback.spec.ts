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
