import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from './fixtures';

/** Issue 12 "Numbers that never go stale" and the double-clicked Redeem (docs/decisions/074). */

const originHeader = (page: Page, baseURL: string | undefined) => ({ origin: baseURL ?? new URL(page.url()).origin });

test('a double-clicked Redeem spends once, its button disabled while the redeem is pending', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const headers = originHeader(page, baseURL);
  // Points arranged through the API: three tasks completed today pay 3 × 10, Daily Completer 30 and
  // the daily challenge 20, on top of the 10 for the first sign-in: 90.
  const due = new Date(Date.now() + 86_400_000).toISOString();
  for (const title of ['One', 'Two', 'Three']) {
    const created = await page.request.post('/api/tasks', { data: { title, dueDate: due }, headers });
    expect(created.status()).toBe(201);
    const completed = await page.request.patch(`/api/tasks/${(await created.json()).id}`, { data: { completed: true }, headers });
    expect(completed.status()).toBe(200);
  }
  expect((await page.request.post('/api/rewards', { data: { name: 'Bubble tea', cost: 30 }, headers })).status()).toBe(201);

  // Hold the redeem until the page has shown its pending state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let redeemRequests = 0;
  await page.route('**/api/rewards/*/redeem', async (route) => {
    redeemRequests += 1;
    await held;
    await route.continue();
  });

  await page.goto('/rewards');
  await expect(page.getByTestId('points-balance')).toHaveText('90 points');
  await page.getByRole('button', { name: 'Redeem Bubble tea' }).click();
  const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Redeem' });
  await confirm.dblclick();
  await expect(confirm).toBeDisabled();
  release();
  await expect(page.getByTestId('toast')).toContainText('Bubble tea redeemed');
  await expect(page.getByTestId('points-balance')).toHaveText('60 points');
  await expect(page.getByTestId('shell-points')).toHaveText('60');

  // Whatever reached the server (one request, or a replay with the same key), one redeem was recorded.
  expect(redeemRequests).toBeGreaterThanOrEqual(1);
  const history = (await (await page.request.get('/api/points/history')).json()) as { reason: string }[];
  expect(history.filter((entry) => entry.reason === 'redeem')).toHaveLength(1);
  expect((await (await page.request.get('/api/points')).json()).points).toBe(60);

  // A reward the balance cannot pay cannot be redeemed.
  await expect(page.getByRole('button', { name: 'Redeem Movie night' })).toBeDisabled();
});

test('a grade that unlocks an achievement updates the header points and celebrates, without a reload', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/grades');
  await expect(page.getByTestId('shell-points')).toHaveText('10');
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });

  await page.getByRole('button', { name: 'Add grade' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add grade' });
  await dialog.getByLabel('Assessment name').fill('Final exam');
  await dialog.getByLabel('Score', { exact: true }).fill('95');
  await dialog.getByLabel('Max score').fill('100');
  await dialog.getByLabel('Weight (%)').fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // 10 + 5 for the grade + Star Grade (100) + Honor Roll (200: the month's only grade is over 85%).
  await expect(page.getByTestId('shell-points')).toHaveText('315');
  await expect(page.getByTestId('toast')).toContainText('Achievement unlocked!');
  expect(navigations).toEqual([]);

  // The Rewards page shows the unlock too (no stale cache).
  await page.getByRole('link', { name: 'Rewards' }).first().click();
  await page.getByRole('tab', { name: 'Achievements' }).click();
  await expect(page.locator('[data-achievement="gcse-star"]')).toHaveAttribute('data-unlocked', 'true');
});
