import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, fillTime, registerViaApi } from './fixtures';

/**
 * Issue 40's main flow at desktop and phone width: a task's estimate (the task form) → "Plan my week" → the
 * block with why it is there → Start opens the focus timer on it → a block whose time passes unstarted is
 * missed and re-planned on the next read → Home's "Next up" Start opens the timer on it too. Run on the set clock (scripts/e2e-clock.sh, a Wednesday morning
 * UTC): the default study hours are weekdays 16:00–21:00 in the profile's zone (UTC here).
 */
for (const viewport of [
  { width: 1366, height: 900 },
  { width: 360, height: 780 },
]) {
  test.describe(`study plan at ${viewport.width} px`, () => {
    test.use({ viewport, timezoneId: 'UTC', locale: 'en-US' });

    test('estimate → plan → start a block → a missed block is re-planned', async ({ page, baseURL }) => {
      test.setTimeout(120_000);
      await registerViaApi(page.request);
      const headers = { origin: new URL(baseURL ?? '').origin };
      expect((await page.request.patch('/api/account/profile', { data: { timeZone: 'UTC' }, headers })).status()).toBe(200);

      // The estimate, from the task form.
      await page.goto('/tasks?new=1');
      const dialog = page.getByRole('dialog', { name: 'New task' });
      await dialog.getByLabel('Title').fill('Lab report');
      const due = new Date(Date.now() + 2 * 86_400_000);
      await dialog.getByLabel('Due date', { exact: true }).fill(due.toISOString().slice(0, 10));
      await fillTime(dialog, 'Due time', '12:00');
      await dialog.getByLabel('Time needed (minutes)').fill('100');
      await dialog.getByRole('button', { name: 'Add task' }).click();
      await expect(page.getByTestId('toast')).toContainText('Task added');

      // The plan tab: empty until "Plan my week".
      await page.goto('/study?tab=plan');
      await expect(page.getByText('No study plan yet')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Study hours' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Plan my week' }).click();
      const planned = page.locator('[data-testid="plan-block"][data-status="planned"]');
      await expect(planned).toHaveCount(1);
      await expect(planned).toContainText('Lab report');
      await expect(planned).toContainText(/4:00 PM – 5:40 PM/);
      await expect(planned).toContainText(/Lab report: due .*12:00 PM, 1 h 40 min left of 1 h 40 min/);
      await expectNoSeriousA11yViolations(page);
      // No sideways scrolling at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Start: the focus timer runs on the block's task.
      await planned.getByRole('button', { name: 'Start focus on Lab report' }).click();
      await expect(page.getByRole('tab', { name: 'Focus', selected: true })).toBeVisible();
      await expect(page.getByTestId('focus-working-on')).toHaveText('Working on: Lab report');
      await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
      await page.getByRole('button', { name: 'Reset' }).click();

      // The block's time passes unstarted (moved by the API to a time already gone): the next read marks it
      // missed and places its time again.
      const plan = await (await page.request.get('/api/study-plan')).json();
      const block = plan.blocks.find((item: { status: string }) => item.status === 'planned');
      const start = new Date(Date.now() - 3 * 60 * 60_000);
      start.setUTCMinutes(0, 0, 0);
      const moved = await page.request.patch(`/api/study-plan/blocks/${block.id}`, { data: { start: start.toISOString() }, headers });
      expect(moved.status()).toBe(204);
      await page.goto('/study?tab=plan');
      await expect(page.locator('[data-testid="plan-block"][data-status="missed"]')).toContainText('Missed — re-planned');
      await expect(planned).toHaveCount(1);
      await expect(planned).toContainText('Lab report');
      await expectNoSeriousA11yViolations(page);

      // Home's "Next up" shows it, and its Start opens the focus timer on it as the plan's Start does.
      await page.goto('/dashboard');
      const nextUp = page.getByRole('region', { name: 'Next up' }).getByTestId('next-up-block');
      await expect(nextUp).toContainText('Lab report');
      await expectNoSeriousA11yViolations(page);
      await nextUp.getByRole('button', { name: 'Start focus on Lab report' }).click();
      await expect(page).toHaveURL(/\/study$/);
      await expect(page.getByRole('tab', { name: 'Focus', selected: true })).toBeVisible();
      await expect(page.getByTestId('focus-working-on')).toHaveText('Working on: Lab report');
      await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    });
  });
}
