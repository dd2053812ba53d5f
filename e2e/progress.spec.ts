import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi } from './fixtures';

/** A student with the sample semester (courses, tasks, grades, study, holidays), seeded through the API. */
async function seededStudent(page: Page, baseURL: string | undefined) {
  await registerViaApi(page.request);
  const seeded = await page.request.post('/api/demo/sample-data', { headers: { origin: new URL(baseURL ?? '').origin } });
  expect(seeded.status()).toBe(201);
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
};

test('a seeded student opens every Progress tab, adds and completes a goal, and runs the GPA what-if', async ({ page, baseURL }) => {
  await seededStudent(page, baseURL);
  await page.goto('/progress');
  await expect(page.getByRole('heading', { name: 'Progress', level: 1 })).toBeVisible();

  // Overview: six figures, each with its chart or its empty state.
  await expect(page.getByTestId('overview-tile')).toHaveCount(6);
  await expect(page.getByRole('img', { name: 'Study minutes per week' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'GPA week by week' })).toBeVisible();
  // The overview's charts are drawn without Recharts (decision 241): a week's values under the pointer,
  // and with the arrow keys.
  const study = page.getByRole('img', { name: 'Study minutes per week' });
  await study.hover({ position: { x: 2, y: 30 } });
  await expect(page.getByTestId('sparkline-tip')).toContainText('Minutes: ');
  await page.mouse.move(0, 0);
  await expect(page.getByTestId('sparkline-tip')).toHaveCount(0);
  await study.focus();
  await page.keyboard.press('End');
  await expect(page.getByTestId('sparkline-tip')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sparkline-tip')).toHaveCount(0);
  expect(await page.evaluate(() => performance.getEntriesByType('resource').some((entry) => /BarChart|recharts/i.test(entry.name)))).toBe(
    false,
  );
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Summary');
  await expect(page.getByTestId('forecast-week')).toHaveCount(4);
  await expect(page.getByText('Workload forecast: the next 4 weeks')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Detailed analytics');
  await expect(page.getByRole('img', { name: 'Study minutes by course' })).toBeVisible();
  await page.getByRole('button', { name: 'Month' }).click();
  await expect(page.getByRole('button', { name: 'Month', pressed: true })).toBeVisible();
  await expect(page.getByTestId('grade-trajectory').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Courses');
  await expect(page.getByTestId('course-card')).toHaveCount(6);
  await expect(page.getByTestId('course-card').filter({ hasText: 'Calculus II' })).toContainText('You need');
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Timeline');
  await expect(page.getByTestId('timeline-entry').first()).toBeVisible();
  await expect(page.getByRole('list', { name: 'Coming up' })).toContainText('Problem set 4: integration by parts');
  await page.getByRole('combobox', { name: 'Course' }).selectOption({ label: 'Calculus II' });
  await expect(page.getByRole('list', { name: 'Coming up' })).not.toContainText('Group presentation slides');
  await page.getByRole('button', { name: 'Show earlier' }).click();
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Goals');
  await expect(page.getByText('No goals yet')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add goal' });
  await add.click();
  const dialog = page.getByRole('dialog', { name: 'Add goal' });
  await dialog.getByLabel('Title').fill('Average 85% in Calculus II');
  await dialog.getByLabel('Measurable target').fill('85% final mark');
  await dialog.getByLabel('Progress (%)').fill('40');
  await dialog.getByLabel('Priority').selectOption('high');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(add).toBeFocused();
  const card = page.getByTestId('goal-card').filter({ hasText: 'Average 85% in Calculus II' });
  await expect(card).toContainText('High priority');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await card.getByRole('button', { name: 'Mark completed' }).click();
  await expect(card).toContainText('Completed');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const goals = await (await page.request.get('/api/academic-goals')).json();
  expect(goals).toEqual([
    expect.objectContaining({ title: 'Average 85% in Calculus II', status: 'completed', progress: 100, priority: 'high' }),
  ]);
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'Insights');
  await expect(page.getByTestId('insight').filter({ hasText: 'Calculus II is at' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await openTab(page, 'GPA calculator');
  const current = await page.getByTestId('gpa-what-if').textContent();
  await page.getByLabel('Mark of Organic Chemistry (%)').fill('55');
  await expect(page.getByTestId('gpa-what-if')).not.toHaveText(current ?? '');
  await page.getByLabel('Name').fill('Astronomy');
  await page.getByRole('textbox', { name: 'Mark (%)' }).fill('97');
  await page.getByRole('button', { name: 'Add to calculation' }).click();
  await expect(page.getByTestId('gpa-row').filter({ hasText: 'Astronomy' })).toContainText('(hypothetical)');
  await expectNoSeriousA11yViolations(page);
  await expect(page).toHaveURL(/\/progress\?tab=gpa$/);
});

test('on a 360 px phone the tabs scroll, and deleting a goal asks first and returns focus', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await registerViaApi(page.request);
  const created = await page.request.post('/api/academic-goals', {
    data: { title: 'Read 12 books', targetDate: '2020-01-01' },
    headers: { origin: new URL(baseURL ?? '').origin },
  });
  expect(created.status()).toBe(201);
  await page.goto('/progress?tab=goals');
  const card = page.getByTestId('goal-card').filter({ hasText: 'Read 12 books' });
  await expect(card).toContainText('Overdue');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const remove = card.getByRole('button', { name: 'Delete Read 12 books' });
  await remove.click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete goal?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();
  await remove.click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No goals yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Overview' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Summary' })).toBeFocused();
  await expectNoSeriousA11yViolations(page);
});

test('a German student (1–6) types and reads grades in the GPA calculator, and course cards show targets as grades', async ({
  page,
  baseURL,
}) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'de'));
  const account = newAccount('de');
  // Signed up in German: the server picks the German school scale (decision 115).
  expect((await page.request.post('/api/auth/register', { data: { ...account, language: 'de' } })).status()).toBe(201);
  expect((await (await page.request.get('/api/grading-system')).json()).system).toBe('de_school');
  const headers = { origin: new URL(baseURL ?? '').origin };
  const course = async (name: string, credits: number, targetGrade: number, score: number) => {
    const created = await page.request.post('/api/courses', { data: { name, credits, targetGrade, color: '#3b82f6' }, headers });
    expect(created.status()).toBe(201);
    const graded = await page.request.post('/api/assessments', {
      data: { name: `${name} Klausur`, type: 'exam', maxScore: 100, weight: 50, score, courseId: (await created.json()).id },
      headers,
    });
    expect(graded.status()).toBe(201);
  };
  await course('Mathe', 4, 75, 75); // target 2, graded 2
  await course('Physik', 2, 81.25, 81.25); // target 2+, graded 2+

  await page.goto('/progress?tab=gpa');
  await expect(page.getByRole('tab', { name: 'Notenschnitt-Rechner' })).toHaveAttribute('aria-selected', 'true');
  // The marks open as grades of the student's scale, not as the percentages behind them.
  const mathe = page.getByRole('textbox', { name: 'Ihre Note in Mathe' });
  await expect(mathe).toHaveValue('2');
  await expect(page.getByRole('textbox', { name: 'Ihre Note in Physik' })).toHaveValue('2+');
  const result = page.getByTestId('gpa-result');
  // (2 · 4 + 1,67 · 2) / 6 = 1,89
  await expect(result).toContainText('1,89');
  await expect(result).not.toContainText('%');

  // What if Mathe were a 1−? (1,33 · 4 + 1,67 · 2) / 6 = 1,44
  await mathe.fill('1−');
  await expect(result).toContainText('1,44');
  await expect(page.getByTestId('gpa-row').filter({ hasText: 'Mathe' })).toContainText('1−');

  // A percentage is no German grade: the row says so and keeps its value.
  await mathe.fill('85');
  await expect(page.getByTestId('gpa-row').filter({ hasText: 'Mathe' }).getByRole('alert')).toHaveText(
    'Geben Sie eine Note Ihres Notensystems (z. B. 2+) und Leistungspunkte von 0 bis 100 ein; diese Zeile bleibt unverändert.',
  );
  await mathe.fill('2');

  // A hypothetical course, typed as a grade, is shown as one.
  await page.getByLabel('Name', { exact: true }).fill('Chemie');
  await page.getByRole('textbox', { name: 'Ihre Note', exact: true }).fill('3');
  await page.getByLabel('Leistungspunkte', { exact: true }).fill('2');
  await page.getByRole('button', { name: 'Zur Berechnung hinzufügen' }).click();
  const chemie = page.getByTestId('gpa-row').filter({ hasText: 'Chemie' });
  await expect(chemie).toContainText('(hypothetisch)');
  await expect(chemie.getByRole('cell').first()).toHaveText('3');
  // (2 · 4 + 1,67 · 2 + 3 · 2) / 8 = 2,17
  await expect(result).toContainText('2,17');
  await expectNoSeriousA11yViolations(page);

  // The course cards speak the same scale: target 2 and 2+, marks with their band.
  await page.getByRole('tab', { name: 'Kurse' }).click();
  const matheCard = page.getByTestId('course-card').filter({ hasText: 'Mathe' });
  await expect(matheCard.getByTestId('course-target')).toHaveText('2');
  await expect(matheCard.getByTestId('course-mark')).toHaveText('2,00 · 2');
  await expect(page.getByTestId('course-card').filter({ hasText: 'Physik' }).getByTestId('course-target')).toHaveText('2+');
  await expectNoSeriousA11yViolations(page);
});
