import { expect, test, type Page } from '@playwright/test';
import { ADMIN_ACCOUNT, adminToken, expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Confirms the dialog an admin action opened, and waits for the saved toast. */
async function confirmAndWait(page: Page) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('toast').filter({ hasText: 'Saved' })).toBeVisible();
}

test('an admin extends a trial, grants premium, answers feedback (the user sees it), and reads the audit log', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // A student with a question.
  const studentContext = await browser.newContext();
  const student = await studentContext.newPage();
  const account = await registerViaApi(student.request);
  const origin = new URL(baseURL ?? '').origin;
  const sent = await student.request.post('/api/feedback', {
    data: { category: 'question', subject: 'Export <i>grades</i>', message: 'How can I export my grades to a spreadsheet?' },
    headers: { origin },
  });
  expect(sent.status()).toBe(201);

  // The admin signs in.
  await adminToken(request);
  expect((await page.request.post('/api/auth/login', { data: ADMIN_ACCOUNT })).status()).toBe(200);
  await page.goto('/dashboard');
  await expect(page.getByTestId('admin-unanswered-badge')).toBeVisible();
  await page.getByTestId('admin-nav-link').click();
  await expect(page.getByRole('heading', { name: 'Admin', level: 1 })).toBeVisible();

  // Users: find the student and extend the trial to a chosen day.
  await page.getByLabel('Search by username or email').fill(account.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('listitem').filter({ has: page.getByRole('heading', { name: account.username }) })).toHaveCount(1);
  await expect(users.getByRole('listitem')).toHaveCount(1);
  await users.getByRole('button', { name: `Manage ${account.username}` }).click();
  await expect(users.getByText('Their data (counts only)')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await users.getByLabel('New trial end').fill('2031-06-30');
  await users.getByRole('button', { name: 'Set trial end' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('The trial will end on Jun 30, 2031.');
  await confirmAndWait(page);
  await expect(users).toContainText('Trial ends Jun 30, 2031');
  // Focus came back to the button that opened the confirmation.
  await expect(users.getByRole('button', { name: 'Set trial end' })).toBeFocused();

  // Grant premium.
  await users.getByRole('button', { name: 'Grant premium' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`Grant premium to ${account.username}?`);
  await confirmAndWait(page);
  await expect(users.getByText('Premium', { exact: true })).toBeVisible();
  await expect(users.getByRole('button', { name: 'Revoke premium' })).toBeVisible();

  // Feedback: answer the question.
  await page.getByRole('tab', { name: 'Feedback' }).click();
  const inbox = page.getByRole('list', { name: 'Feedback' });
  const item = inbox.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Export <i>grades</i>' }) });
  await expect(item).toContainText(`From ${account.username}`);
  await expect(item).toContainText('Reply due by');
  await expectNoSeriousA11yViolations(page);
  await item.getByLabel(`Reply to ${account.username}`).fill('Open Grades, then Export.');
  await item.getByRole('button', { name: 'Send reply' }).click();
  await confirmAndWait(page);
  await expect(item).toContainText('Reply sent');
  await expect(item).toContainText('Resolved');
  await expect(page.getByTestId('admin-unanswered-badge')).toHaveCount(0);

  // Statistics.
  await page.getByRole('tab', { name: 'Statistics' }).click();
  await expect(page.getByText('Trials active')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Sign-ups per day (30 days)' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The audit log says who did what to whom.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const audit = page.getByRole('list', { name: 'Audit log' });
  await expect(audit.getByRole('heading', { name: 'Feedback answered' })).toBeVisible();
  await expect(audit.getByRole('heading', { name: 'Premium grant changed' })).toBeVisible();
  await expect(audit.getByRole('heading', { name: 'Trial end changed' })).toBeVisible();
  await expect(audit).toContainText(`By ${ADMIN_ACCOUNT.username}`);
  await expect(audit).toContainText(`On ${account.username}`);
  await page.getByLabel('Action').selectOption('user.premium');
  await expect(audit.getByRole('listitem').filter({ hasText: account.username })).toHaveCount(1);
  await expect(audit).toContainText('no → yes');
  await expectNoSeriousA11yViolations(page);

  // From a user's panel: that account's actions only.
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByLabel('Search by username or email').fill(account.username);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await users.getByRole('button', { name: `Manage ${account.username}` }).click();
  await users.getByRole('link', { name: `Admin actions on ${account.username}` }).click();
  await expect(page.getByText(`Showing only the actions on ${account.username}.`)).toBeVisible();
  await expect(audit.getByRole('listitem')).toHaveCount(4);
  await expect(audit.getByRole('listitem').filter({ hasNotText: `On ${account.username}` })).toHaveCount(0);

  // At 360 px nothing scrolls sideways, on any tab.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const tab of ['Users', 'Feedback', 'Statistics', 'Audit log']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(await sidewaysOverflow(page), tab).toBeLessThanOrEqual(0);
  }

  // The student sees the reply under My feedback and in the bell.
  await student.goto('/feedback/mine');
  const mine = student.getByRole('list', { name: 'My feedback' });
  await expect(mine).toContainText('Open Grades, then Export.');
  await student.getByRole('button', { name: /^Notifications \(\d+ unread\)$/ }).click();
  await expect(student.getByRole('menu', { name: 'Notifications' })).toContainText('Export <i>grades</i>');
  await studentContext.close();
});
