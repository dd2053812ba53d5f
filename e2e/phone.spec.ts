import { expect, test, type Page } from '@playwright/test';
import { axeBuilder, registerViaApi, waitForSettledStyles } from './fixtures';

/**
 * Issue 16, run by the 'phone' project (360 × 780, touch): every page at 360 and 320 px without
 * sideways scrolling; axe with no serious or critical result — target size included — on every page,
 * calendar view and main dialog in light and dark mode; the main flows with the keyboard only, with
 * where focus lands after each dialog. Screenshots for the README with PHONE_SCREENSHOTS=1.
 */
test.use({ timezoneId: 'UTC', locale: 'en-US', viewport: { width: 360, height: 780 } });
// The desktop project matches every spec; this one is the phone project's only.
test.skip(({ isMobile }) => !isMobile, 'runs in the phone project');

const SIGNED_IN_PAGES = [
  '/dashboard',
  '/schedule',
  '/schedule?tab=terms',
  '/schedule?tab=classes',
  '/schedule?tab=holidays',
  '/schedule?tab=years',
  '/tasks',
  '/grades',
  '/study',
  '/rewards',
  '/account',
  '/progress',
  '/help',
  '/premium',
  '/premium/test-payment',
  '/premium-files',
  '/feedback',
  '/feedback/mine',
  '/files',
  '/privacy-policy',
  '/terms-conditions',
] as const;
const SIGNED_OUT_PAGES = ['/', '/auth'] as const;
/** Axe's pages: every signed-in page. */
const AXE_PAGES = SIGNED_IN_PAGES;

async function seed(page: Page, baseURL: string | undefined) {
  await registerViaApi(page.request);
  const seeded = await page.request.post('/api/demo/sample-data', { headers: { origin: new URL(baseURL ?? '').origin } });
  expect(seeded.status()).toBe(201);
}

/** The page, loaded: its heading shown and nothing spinning. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0);
}

/** A one-finger horizontal swipe of `dx` px across the calendar (touch events, as a phone sends them). */
async function swipe(page: Page, dx: number) {
  await page.locator('.schedule-calendar').evaluate((element, distance) => {
    const box = element.getBoundingClientRect();
    const at = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: box.top + 200 });
    const startX = box.left + box.width / 2 - distance / 2;
    element.dispatchEvent(new TouchEvent('touchstart', { touches: [at(startX)], changedTouches: [at(startX)], bubbles: true }));
    element.dispatchEvent(new TouchEvent('touchend', { touches: [], changedTouches: [at(startX + distance)], bubbles: true }));
  }, dx);
}

const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/**
 * Axe with two rules it leaves off by default: WCAG 2.2's target size and 2.5.3's "label in name"
 * (an accessible name contains the visible text): serious and critical results, described.
 * In dark mode only the rules a colour scheme can change run (`COLOUR_RULES`): the scheme is a class
 * on <html> that swaps CSS colour variables, the DOM is the same, and the light pass has already
 * checked everything else on that very page state (decision 100; it halves the pass's time).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/** Per analysis: a full-page run measured 1–4 s, 10 s and more with the machine shared. */
const AXE_BUDGET_MS = 15_000;

async function seriousResults(page: Page, scheme: 'light' | 'dark' = 'light'): Promise<string[]> {
  // A light → dark switch moves every `transition-colors` element's colours for 150 ms: wait them out.
  await waitForSettledStyles(page);
  // Like e2e/fixtures.ts: each analysis brings its own time, so a loaded machine does not decide the result.
  test.info().setTimeout(test.info().timeout + AXE_BUDGET_MS);
  const builder = axeBuilder(page).options({
    rules: { 'target-size': { enabled: true }, 'label-content-name-mismatch': { enabled: true } },
    resultTypes: ['violations'],
  });
  if (scheme === 'dark') builder.withRules(COLOUR_RULES);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 80)}`).join(', ')}`,
    );
}

test('no page scrolls sideways at 320 px, calendar views and dialogs included; the class dialog fits 1366 × 768', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // 360 px is checked page by page in the light-mode pass below; 320 px is the narrowest phone.
  await page.setViewportSize({ width: 320, height: 780 });
  for (const path of SIGNED_OUT_PAGES) {
    // The landing page's header at 320 px (1 px too wide) is fixed by the landing rewrite on its own
    // branch; the lead removes this line when both are merged.
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await seed(page, baseURL);
  for (const path of SIGNED_IN_PAGES) {
    await visit(page, path);
    expect(await sidewaysOverflow(page), path).toBeLessThanOrEqual(0);
  }
  await visit(page, '/schedule');
  const calendar = page.locator('.schedule-calendar');
  for (const view of ['Day', '3 days', 'Month']) {
    await calendar.getByRole('button', { name: view, exact: true }).click();
    await expect(calendar.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(await sidewaysOverflow(page), `calendar ${view}`).toBeLessThanOrEqual(0);
  }
  // A swipe to the left shows the next month, one to the right the month before.
  const title = page.getByTestId('calendar-title');
  const shown = await title.textContent();
  await swipe(page, -150);
  await expect(title).not.toHaveText(shown ?? '');
  await swipe(page, 150);
  await expect(title).toHaveText(shown ?? '');

  await visit(page, '/schedule?tab=classes');
  await page.getByRole('button', { name: 'Add class', exact: true }).click();
  expect(await sidewaysOverflow(page), 'Add class').toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');

  // All seven tabs of the bottom navigation on screen, each at least 44 px square.
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  for (const link of await nav.getByRole('link').all()) {
    await expect(link).toBeInViewport();
    const box = await link.boundingBox();
    expect(Math.min(box?.width ?? 0, box?.height ?? 0)).toBeGreaterThanOrEqual(44);
  }

  // A laptop at 1366 × 768: the Add class dialog shows "Wednesday" and both times ("9 : 00 AM") whole, and Save.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Add class', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Add class' });
  await dialog.getByLabel('Day', { exact: true }).selectOption('3');
  expect((await dialog.getByLabel('Day', { exact: true }).boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(130);
  for (const name of ['Start', 'End']) {
    const time = dialog.getByRole('group', { name, exact: true });
    await expect(time.getByRole('combobox')).toHaveCount(3);
    expect(await time.evaluate((group) => group.scrollWidth <= group.clientWidth), name).toBe(true);
  }
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeInViewport({ ratio: 1 });
});

/**
 * Light and dark on the same page state: the app follows the system's scheme live (settings/use-theme.ts),
 * so each page is loaded once and checked in both modes.
 */
async function inBothModes(page: Page, label: string, found: string[]) {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const started = Date.now();
    found.push(...(await seriousResults(page, scheme)).map((result) => `${scheme} ${label} → ${result}`));
    if (process.env.PHONE_TIMINGS) console.log(scheme, label, Date.now() - started, 'ms');
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test("axe in light and dark mode: every page, the calendar's views and the main dialogs; every page fits 360 px", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const found: string[] = [];
  for (const path of SIGNED_OUT_PAGES) {
    for (const scheme of ['light', 'dark'] as const) {
      // Signed out there is no live theme listener: each mode is a fresh load.
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (scheme === 'light') expect(await sidewaysOverflow(page), `${path} at 360 px`).toBeLessThanOrEqual(0);
      found.push(...(await seriousResults(page, scheme)).map((result) => `${scheme} ${path} → ${result}`));
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await seed(page, baseURL);
  for (const path of AXE_PAGES) {
    await visit(page, path);
    expect(await sidewaysOverflow(page), `${path} at 360 px`).toBeLessThanOrEqual(0);
    await inBothModes(page, path, found);
  }

  // The calendar: agenda (the phone's default), day, 3 days and month, and a class's details.
  await visit(page, '/schedule');
  const calendar = page.locator('.schedule-calendar');
  await expect(calendar.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const view of ['Day', '3 days', 'Month']) {
    await calendar.getByRole('button', { name: view, exact: true }).click();
    await expect(calendar.getByRole('button', { name: view, exact: true })).toHaveAttribute('aria-pressed', 'true');
    expect(await sidewaysOverflow(page), `calendar ${view} at 360 px`).toBeLessThanOrEqual(0);
    await inBothModes(page, `calendar ${view}`, found);
  }
  await calendar.getByRole('button', { name: 'Agenda', exact: true }).click();
  await calendar.getByRole('list', { name: 'Agenda' }).getByRole('button').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await inBothModes(page, 'calendar details', found);
  await page.keyboard.press('Escape');

  // The main dialogs (bottom sheets here), each opened as a person would.
  const dialogs: Array<[string, string, string]> = [
    ['/tasks', 'Add task', 'New task'],
    ['/schedule?tab=classes', 'Add class', 'Add class'],
    ['/grades', 'Add grade', 'Add grade'],
    ['/rewards', 'Add your own reward', 'Add a reward'],
  ];
  for (const [path, button, title] of dialogs) {
    await visit(page, path);
    await page.getByRole('button', { name: button, exact: true }).first().click();
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
    await inBothModes(page, `${path} ${title}`, found);
  }
  await visit(page, '/dashboard');
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await inBothModes(page, 'settings', found);

  if (process.env.PHONE_SCREENSHOTS) await screenshots(page);
  expect(found).toEqual([]);
});

/** The README's phone screenshots (docs/screenshots/phone-*.png), taken when PHONE_SCREENSHOTS is set. */
async function screenshots(page: Page) {
  await page.keyboard.press('Escape');
  const shoot = (name: string) => page.screenshot({ path: `docs/screenshots/phone-${name}.png` });
  await visit(page, '/dashboard');
  await shoot('dashboard');
  await visit(page, '/schedule');
  await shoot('agenda');
  const calendar = page.locator('.schedule-calendar');
  for (const [view, name] of [
    ['Day', 'day'],
    ['Month', 'month'],
  ] as const) {
    await calendar.getByRole('button', { name: view, exact: true }).click();
    await shoot(name);
  }
  await visit(page, '/tasks');
  await shoot('tasks');
  await page.getByRole('button', { name: 'Add task', exact: true }).first().click();
  await expect(page.getByRole('dialog', { name: 'New task' })).toBeVisible();
  await shoot('add-task-sheet');
  await page.emulateMedia({ colorScheme: 'dark' });
  await visit(page, '/schedule');
  await shoot('agenda-dark');
  await page.emulateMedia({ colorScheme: 'light' });
}

test('keyboard only: add a task, a class and a grade, start focus, redeem — focus lands where it should', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await seed(page, baseURL);
  const focused = () => page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120) ?? '');

  // Add task: the dialog opens on Title; Enter saves; focus returns to the "Add task" button.
  await visit(page, '/tasks');
  const addTask = page.getByRole('button', { name: 'Add task', exact: true }).first();
  await addTask.focus();
  await page.keyboard.press('Enter');
  const taskDialog = page.getByRole('dialog', { name: 'New task' });
  await expect(taskDialog.getByLabel('Title')).toBeFocused();
  await page.keyboard.type('Read chapter 9');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Task added');
  await expect(taskDialog).toBeHidden();
  await expect(addTask, await focused()).toBeFocused();

  // Add class: opens on Name; Escape with a toast showing closes the dialog first, keeping the toast.
  await visit(page, '/schedule?tab=classes');
  const addClass = page.getByRole('button', { name: 'Add class', exact: true });
  await addClass.focus();
  await page.keyboard.press('Enter');
  const classDialog = page.getByRole('dialog', { name: 'Add class' });
  await expect(classDialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(classDialog).toBeHidden();
  await expect(addClass).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(classDialog.getByLabel('Name', { exact: true })).toBeFocused();
  await page.keyboard.type('Astronomy');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Class added');
  await expect(classDialog).toBeHidden();
  await expect(addClass).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(classDialog).toBeVisible();
  await expect(page.getByTestId('toast')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(classDialog).toBeHidden();
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(addClass).toBeFocused();

  // Add grade: opens on its first field; saved with Enter; focus back on "Add grade".
  await visit(page, '/grades');
  const addGrade = page.getByRole('button', { name: 'Add grade', exact: true }).first();
  await addGrade.focus();
  await page.keyboard.press('Enter');
  const gradeDialog = page.getByRole('dialog', { name: 'Add grade' });
  await expect(gradeDialog.locator('input, select').first()).toBeFocused();
  await gradeDialog.getByLabel('Assessment name').focus();
  await page.keyboard.type('Lab quiz');
  await gradeDialog.getByLabel('Score', { exact: true }).focus();
  await page.keyboard.type('18');
  await gradeDialog.getByLabel('Max score').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('20');
  await gradeDialog.getByLabel('Weight (%)').focus();
  await page.keyboard.type('10');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('Grade added');
  await expect(gradeDialog).toBeHidden();
  await expect(addGrade).toBeFocused();

  // Start focus: Start → Pause → Resume is one button that keeps focus; Reset keeps it too.
  await visit(page, '/study');
  const start = page.getByRole('button', { name: 'Start' });
  await start.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Pause' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Resume' })).toBeFocused();
  await page.getByRole('button', { name: 'Reset' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Start' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toBeFocused();

  // Redeem: the confirmation opens on Cancel; Tab, Enter redeems; focus back on the reward's button.
  await visit(page, '/rewards');
  const redeem = page
    .getByRole('button', { name: /^Redeem / })
    .and(page.locator(':enabled'))
    .first();
  const redeemName = await redeem.getAttribute('aria-label');
  await redeem.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Redeem' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('toast')).toContainText('redeemed');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: redeemName ?? '', exact: true })).toBeFocused();

  // Attendance in the calendar keeps focus on the pressed button; closing gives it back to the event.
  await visit(page, '/schedule');
  await page.locator('.schedule-calendar').getByRole('button', { name: 'Today', exact: true }).click();
  const firstClass = page.getByRole('list', { name: 'Agenda' }).getByRole('button').filter({ hasText: 'Class' }).first();
  await firstClass.focus();
  await page.keyboard.press('Enter');
  const details = page.getByRole('dialog');
  const attended = details.getByRole('button', { name: 'Attended' });
  if (await attended.count()) {
    await expect(attended).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast')).toContainText('Marked as attended');
    await expect(attended).toHaveAttribute('aria-pressed', 'true');
    await expect(attended).toBeFocused();
  }
  await page.keyboard.press('Escape');
  await expect(details).toBeHidden();
  await expect(firstClass).toBeFocused();

  // Each route has its own title, announced on navigation.
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Tasks' }).click();
  await expect(page).toHaveTitle('Tasks – StudyPilot');
  await expect(page.getByTestId('route-announcer')).toHaveText('Tasks – StudyPilot');
});
