import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi } from './fixtures';

test('download the data export from /account and read it back', async ({ page, baseURL }) => {
  const account = await registerViaApi(page.request);
  const origin = new URL(baseURL ?? '').origin;
  const created = await page.request.post('/api/tasks', {
    data: { title: '=Lab report, "draft"', dueDate: '2030-03-01T10:00:00.000Z' },
    headers: { origin },
  });
  expect(created.status()).toBe(201);

  await page.goto('/account#data');
  await expect(page.getByRole('heading', { name: 'Download your data' })).toBeVisible();
  await expect(page.getByText('Available on every plan, free or premium: your data is yours.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const jsonDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Everything (JSON)' }).click();
  const json = await jsonDownload;
  expect(json.suggestedFilename()).toMatch(new RegExp(`^studypilot-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const document = JSON.parse(await readFile((await json.path())!, 'utf8')) as {
    format: string;
    account: { username: string };
    tables: Record<string, { title?: string }[]>;
  };
  expect(document.format).toBe('studypilot-export');
  expect(document.account.username).toBe(account.username);
  expect(document.tables.tasks?.map((task) => task.title)).toEqual(['=Lab report, "draft"']);
  expect(JSON.stringify(document)).not.toContain(account.password);
  await expect(page.getByTestId('toast')).toContainText('Export downloaded');

  const zipDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Tables (CSV in a zip)' }).click();
  const zip = await zipDownload;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const bytes = await readFile((await zip.path())!);
  // A zip archive (local file header "PK\x03\x04") holding tasks.csv with the formula quoted away.
  expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
  expect(bytes.includes(Buffer.from('tasks.csv'))).toBe(true);

  const icsDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Schedule (iCalendar)' }).click();
  const ics = await readFile((await (await icsDownload).path())!, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain('Lab report');
});

test('sign out another device from the signed-in devices list; it is signed out at once', async ({ page, browser }) => {
  const account = await registerViaApi(page.request);
  // A second device: another browser context signs in with a phone's User-Agent.
  const phone = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const signIn = await phone.request.post('/api/auth/login', { data: { username: account.username, password: account.password } });
  expect(signIn.status()).toBe(200);
  expect((await phone.request.get('/api/auth/me')).status()).toBe(200);

  await page.goto('/account#security');
  const list = page.getByTestId('session-list');
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('This device')).toBeVisible();
  await expect(list.getByText('Safari on iOS')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const signOut = page.getByRole('button', { name: 'Sign out Safari on iOS' });
  await signOut.click();
  const confirm = page.getByRole('alertdialog', { name: 'Sign out this device?' });
  await expect(confirm).toContainText('Safari on iOS will have to sign in again.');
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByTestId('toast')).toContainText('Safari on iOS signed out');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('No other device is signed in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Signed-in devices' })).toBeFocused();

  expect((await phone.request.get('/api/auth/me')).status()).toBe(401);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  await phone.close();
});

test('the recovery email is shown masked, with what it does', async ({ page }) => {
  await registerViaApi(page.request, newAccount());
  await page.goto('/account');
  await page.getByLabel('Recovery email').fill('backup@example.org');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile updated');
  await page.getByRole('tab', { name: 'Security' }).click();
  await expect(page.getByTestId('recovery-email')).toHaveText('Recovery email: b•••@example.org');
  await expect(page.getByText('StudyPilot does not send email, so there is no reset link.', { exact: false })).toBeVisible();
});

test('the bell lists new release notes; opening them from the bell clears the item and the badge', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/dashboard');
  await expect(page.getByTestId('release-notes-badge')).toBeVisible();
  await page.getByRole('button', { name: /^Notifications/ }).click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  const item = menu.getByRole('menuitem', { name: /What's new in StudyPilot \d+\.\d+\.\d+/ });
  await expect(item).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const refreshed = page.waitForResponse(
    (response) => response.url().endsWith('/api/notifications') && response.request().method() === 'GET',
  );
  await item.click();
  const dialog = page.getByRole('dialog', { name: 'Release notes' });
  await expect(dialog).toBeVisible();
  await refreshed;
  await expect(page.getByTestId('release-notes-badge')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notifications-button')).toBeFocused();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('menu', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /What's new in StudyPilot/ })).toHaveCount(0);
});

test('the Security and Your data tabs fit a 320 px phone without sideways scrolling', async ({ page, browser }) => {
  const account = await registerViaApi(page.request);
  const phone = await browser.newContext({
    userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  });
  expect((await phone.request.post('/api/auth/login', { data: { username: account.username, password: account.password } })).status()).toBe(
    200,
  );
  await page.setViewportSize({ width: 320, height: 720 });
  for (const tab of ['security', 'data']) {
    await page.goto(`/account#${tab}`);
    await expect(page.getByRole('tab', { name: tab === 'data' ? 'Your data' : 'Security', selected: true })).toBeVisible();
    if (tab === 'security') await expect(page.getByText('Chrome on Android')).toBeVisible();
    else await expect(page.getByRole('button', { name: 'Download Everything (JSON)' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, tab).toBeLessThanOrEqual(0);
  }
  await phone.close();
});
