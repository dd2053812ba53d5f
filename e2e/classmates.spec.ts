import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi } from './fixtures';

/**
 * Classmates (issue 39), three people in three browsers: the owner shares a class and invites, a
 * classmate joins by the link, an outsider cannot see the group. The owner posts homework; the member
 * sees it arrive without reloading (the live stream, /api/live), completes it privately (the owner's
 * copy stays open) and leaves, keeping the class as their own.
 */

const pad = (value: number) => String(value).padStart(2, '0');
const dateInput = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

async function person(browser: Browser, viewport?: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  await registerViaApi(page.request);
  return page;
}

/** A write through the API with the page's cookies, from the app's own origin (the server refuses cross-origin writes). */
async function post(page: Page, path: string, data: unknown = {}) {
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  return page.request.post(path, { data, headers: { origin } });
}

/** The page is as wide as the viewport: nothing pushes it sideways on a 360 px phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test('share a class → invite → join by link → post → live → complete privately → leave', async ({ browser }) => {
  test.slow();
  const owner = await person(browser);
  const member = await person(browser);
  const outsider = await person(browser);

  // The owner's class, made as in the Classes tab (its form is schedule.spec.ts's).
  const created = await post(owner, '/api/courses', {
    name: 'Biology',
    instructor: 'Dr Rao',
    room: 'B12',
    color: '#10b981',
    timeSlots: [{ day: 2, startTime: '09:00', endTime: '10:30' }],
  });
  expect(created.status(), await created.text()).toBe(201);

  // Share it: the dialog says what is shared and asks the name classmates will see, then the group's page.
  await owner.goto('/schedule?tab=classes');
  const biology = owner.getByRole('listitem').filter({ hasText: 'Biology' });
  const share = biology.getByRole('button', { name: /Share with classmates/ });
  await share.click();
  const confirm = owner.getByRole('dialog', { name: 'Share Biology with classmates?' });
  await confirm.getByRole('button', { name: 'Share class' }).click();
  // No name yet: the dialog says so and stays.
  await expect(confirm.getByText('Enter a name of 1 to 40 characters.')).toBeVisible();
  await expect(owner).toHaveURL(/\/schedule/);
  await confirm.getByLabel('Your display name').fill('Ms. Okafor');
  await confirm.getByRole('button', { name: 'Share class' }).click();
  await expect(owner).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const groupPath = new URL(owner.url()).pathname;
  await expect(owner.getByRole('heading', { level: 1, name: 'Biology' })).toBeVisible();

  // The invite link and code (created with the group, or on request).
  if (!(await owner.getByTestId('invite-code').isVisible())) await owner.getByRole('button', { name: 'Create invite link' }).click();
  await expect(owner.getByTestId('invite-code')).toHaveText(/^[2-9A-Z]{8}$/);
  const inviteUrl = (await owner.getByTestId('invite-url').textContent()) ?? '';
  const joinPath = new URL(inviteUrl).pathname;
  expect(joinPath).toMatch(/^\/join\/[2-9A-Z]{8}$/);
  await expectNoSeriousA11yViolations(owner);

  // The classmate opens the link: the class first (slots on their clock), then a display name, then Join.
  await member.goto(joinPath);
  await expect(member.getByRole('heading', { level: 2, name: 'Biology' })).toBeVisible();
  await expect(member.getByText('Tue 9:00 AM–10:30 AM')).toBeVisible();
  await expect(member.getByText('1 member', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(member);
  await member.getByLabel('Your display name').fill('Sam');
  await member.getByRole('button', { name: 'Join class' }).click();
  await expect(member).toHaveURL(new RegExp(`${groupPath}$`));
  await expect(member.getByText('Sam (you)')).toBeVisible();
  // Plain members see no invite and no moderation.
  await expect(member.getByRole('heading', { name: 'Invite classmates' })).toHaveCount(0);

  // An outsider who guesses the group's address learns nothing.
  await outsider.goto(groupPath);
  await expect(outsider.getByRole('heading', { level: 1, name: 'Class group not found' })).toBeVisible();
  await expect(outsider.getByText('Biology')).toHaveCount(0);

  // The member waits on their task list; the owner posts homework to the class.
  await member.goto('/tasks');
  await expect(member.getByTestId('task-row')).toHaveCount(0);
  await owner.reload();
  await owner.getByRole('link', { name: 'Share a new task with this class' }).click();
  const form = owner.getByRole('dialog', { name: 'New task' });
  await expect(form.getByLabel('Course (optional)')).toHaveValue(/[0-9a-f-]{36}/);
  await form.getByLabel('Title').fill('Worksheet 4');
  const nextWeek = new Date(Date.now() + 7 * 86_400_000);
  await form.getByLabel('Due date', { exact: true }).fill(dateInput(nextWeek));
  await expect(form.getByLabel(/Share with class group/)).toBeChecked();
  await form.getByRole('button', { name: 'Add task' }).click();
  await expect(owner.getByTestId('toast')).toContainText('Task added');

  // It arrives on the member's open page, no reload, with who posted it.
  const memberRow = member.getByTestId('task-row').filter({ hasText: 'Worksheet 4' });
  await expect(memberRow).toBeVisible({ timeout: 10_000 });
  await expect(memberRow.getByTestId('task-posted-by')).toHaveText('Posted by Ms. Okafor');

  // Completing it is the member's own business.
  await memberRow.getByRole('checkbox', { name: 'Mark “Worksheet 4” as completed' }).click();
  await expect(member.getByTestId('toast')).toContainText('Task completed');
  await owner.goto('/tasks');
  const ownerRow = owner.getByTestId('task-row').filter({ hasText: 'Worksheet 4' });
  await expect(ownerRow.getByRole('checkbox', { name: 'Mark “Worksheet 4” as completed' })).not.toBeChecked();
  await expect(ownerRow.getByTestId('task-posted-by')).toHaveText('Posted by you');

  // The member leaves (asked first); their class stays, no longer shared.
  await member.goto(groupPath);
  const leave = member.getByRole('button', { name: 'Leave group' });
  await leave.click();
  const leaving = member.getByRole('alertdialog', { name: 'Leave Biology?' });
  await leaving.getByRole('button', { name: 'Cancel' }).click();
  await expect(leave).toBeFocused();
  await leave.click();
  await leaving.getByRole('button', { name: 'Leave' }).click();
  await expect(member).toHaveURL(/\/schedule\?tab=classes$/);
  await expect(
    member
      .getByRole('listitem')
      .filter({ hasText: 'Biology' })
      .getByRole('button', { name: /Share with classmates/ }),
  ).toBeVisible();
  await member.goto(groupPath);
  await expect(member.getByRole('heading', { level: 1, name: 'Class group not found' })).toBeVisible();

  await owner.goto(groupPath);
  await expect(owner.getByRole('heading', { name: 'Members (1)' })).toBeVisible();

  for (const page of [owner, member, outsider]) await page.context().close();
});

test('the group and join pages fit a 360 px phone', async ({ browser }) => {
  test.slow();
  const owner = await person(browser, { width: 360, height: 740 });
  const joiner = await person(browser, { width: 360, height: 740 });
  const created = await post(owner, '/api/courses', {
    name: 'Chemistry with a rather long class name',
    color: '#6366f1',
    timeSlots: [{ day: 4, startTime: '13:00', endTime: '14:00' }],
  });
  expect(created.status()).toBe(201);
  const shared = await post(owner, `/api/courses/${(await created.json()).id}/group`, { displayName: 'Ms. Okafor' });
  expect(shared.status(), await shared.text()).toBe(201);
  const group = await shared.json();
  const invite = group.invite ?? (await (await post(owner, `/api/groups/${group.id}/invite`, { expiresInDays: 7 })).json());

  await owner.goto(`/groups/${group.id}`);
  await expect(owner.getByTestId('invite-code')).toHaveText(invite.code);
  await expectNoSidewaysScroll(owner);
  await expectNoSeriousA11yViolations(owner);

  await joiner.goto(`/join/${invite.code}`);
  await expect(joiner.getByRole('button', { name: 'Join class' })).toBeVisible();
  await expectNoSidewaysScroll(joiner);
  await expectNoSeriousA11yViolations(joiner);

  for (const page of [owner, joiner]) await page.context().close();
});

test('an invite link opened signed out comes back to the join page after signing up', async ({ browser, page }) => {
  const owner = await person(browser);
  const created = await post(owner, '/api/courses', { name: 'Physics', color: '#f59e0b', timeSlots: [] });
  const shared = await post(owner, `/api/courses/${(await created.json()).id}/group`, { displayName: 'Ms. Okafor' });
  const group = await shared.json();
  const invite = group.invite ?? (await (await post(owner, `/api/groups/${group.id}/invite`)).json());

  await page.goto(`/join/${invite.code.toLowerCase()}`);
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByRole('tab', { name: 'Register' }).click();
  const account = newAccount('e2e_join');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Username').fill(account.username);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(new RegExp(`/join/${invite.code.toLowerCase()}$`));
  await expect(page.getByRole('heading', { level: 2, name: 'Physics' })).toBeVisible();
  await owner.context().close();
});
