import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

test('a focus phase runs to its end on a fast clock: session saved, points and streak updated', async ({ page }) => {
  // The server's clock is the real one, and it refuses a session that ends after it (decision 177): the
  // page's clock starts an hour back, so the ~41 minutes it is run forward below end before real now.
  await page.clock.install({ time: Date.now() - 60 * 60_000 });
  await registerViaApi(page.request);
  const before = (await (await page.request.get('/api/points')).json()).points as number;
  await page.goto('/study');
  await expect(page.getByRole('heading', { name: 'Study', level: 1 })).toBeVisible();
  await expect(page.getByTestId('points-badge')).toHaveText(`Points: ${before}`);
  await expect(page.getByTestId('streak-badge')).toHaveText('Streak: 0');
  await expect(page.getByRole('timer')).toHaveText('25:00');
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel('Session type').selectOption('focus');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor('01:00');
  await expect(page.getByRole('timer')).toHaveText('24:00');
  await expect(page).toHaveTitle(/^24:00 · Focus/);

  // A reload mid-phase keeps the end instant (the clock keeps flowing in real time meanwhile).
  await page.reload();
  await expect(page.getByRole('timer')).toHaveText(/^2[34]:[0-5]\d$/);
  await page.getByRole('button', { name: 'Pause' }).click();
  const paused = await page.getByRole('timer').textContent();
  await page.clock.runFor('10:00');
  await expect(page.getByRole('timer')).toHaveText(paused ?? '');
  await page.getByRole('button', { name: 'Resume' }).click();

  // Jump past the end at once, as after a sleeping laptop.
  await page.clock.fastForward('30:00');
  // The first session ever also unlocks First Session (+20): the server says so and the page celebrates it.
  await expect(page.getByTestId('toast')).toContainText('First Session');
  await expect(page.getByTestId('points-badge')).toHaveText(`Points: ${before + 10 + 20}`);
  await expect(page.getByTestId('streak-badge')).toHaveText('Streak: 1');
  await expect(page.getByRole('button', { name: 'Short break', pressed: true })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('5:00');

  const sessions = await (await page.request.get('/api/study-sessions')).json();
  expect(sessions).toEqual([expect.objectContaining({ durationMinutes: 25, type: 'focus', technique: 'pomodoro' })]);

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByRole('list', { name: 'Recent sessions' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Recent sessions' })).toContainText('Focus · 25 min');
});

test('log a past session by hand, see it in the statistics, delete it with confirmation', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/study');
  await page.getByRole('tab', { name: 'Sessions' }).click();
  await expect(page.getByText('No study sessions yet')).toBeVisible();
  await page.getByRole('button', { name: 'Log a session' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log a past session' });
  await dialog.getByLabel('Duration (minutes)').fill('0');
  await dialog.getByRole('button', { name: 'Save session' }).click();
  await expect(dialog.getByText('Duration must be 1–720 minutes')).toBeVisible();
  await dialog.getByLabel('Duration (minutes)').fill('45');
  await dialog.getByLabel('Session type').selectOption('reading');
  await dialog.getByRole('button', { name: 'Save session' }).click();
  await expect(page.getByTestId('toast')).toContainText('Study session added');
  const list = page.getByRole('list', { name: 'Recent sessions' });
  await expect(list).toContainText('Reading · 45 min');

  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByText('Current streak (days)')).toBeVisible();
  await expect(page.getByTestId('stats-current-streak')).toHaveText('1');
  await expect(page.getByRole('img', { name: /Study days in the last 18 weeks: 1/ })).toBeVisible();
  await expect(page.getByRole('img', { name: 'By session type' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('tab', { name: 'Sessions' }).click();
  await list.getByRole('button', { name: /Delete session from/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this study session?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: /Delete session from/ }).click();
  await confirm.getByRole('button', { name: 'Delete session' }).click();
  await expect(page.getByTestId('toast')).toContainText('Study session deleted');
  await expect(page.getByText('No study sessions yet')).toBeVisible();
});

test('custom intervals apply from the next phase: a running phase keeps its end', async ({ page }) => {
  await page.clock.install();
  await registerViaApi(page.request);
  await page.goto('/study');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor('02:00');
  await page.getByRole('button', { name: 'Timer settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Timer settings' });
  await dialog.getByLabel('Focus (minutes)').fill('50');
  await dialog.getByLabel('Short break (minutes)').fill('10');
  await dialog.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByTestId('toast')).toContainText('Timer settings updated');
  await expect(page.getByRole('timer')).toHaveText(/^2[23]:[0-5]\d$/);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page.getByRole('timer')).toHaveText('50:00');
  await expect(page.getByText('Focus 50 min · short break 10 min · long break 15 min')).toBeVisible();
});

test('the study achievements show what the sessions unlocked', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const logged = await page.request.post('/api/study-sessions', {
    data: { startedAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), durationMinutes: 130, type: 'focus', technique: 'custom' },
    headers: { origin: baseURL ?? '' },
  });
  expect(logged.status()).toBe(201);
  await page.goto('/study');
  await page.getByRole('tab', { name: 'Achievements' }).click();
  await expect(page.locator('[data-achievement="first-study-session"]')).toHaveAttribute('data-unlocked', 'true');
  await expect(page.locator('[data-achievement="focused_mind"]')).toHaveAttribute('data-unlocked', 'true');
  await expect(page.locator('[data-achievement="five-day-streak"]')).toHaveAttribute('data-unlocked', 'false');
  await expectNoSeriousA11yViolations(page);
});
