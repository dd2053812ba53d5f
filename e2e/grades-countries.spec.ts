import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, newAccount, registerViaApi } from './fixtures';

/**
 * Issue 23: the grading systems of the countries the app speaks. A German student signs up in German,
 * gets German school grades from the server, enters 2+, 1− and 3 as grades, and sees the weighted
 * average and what the rest must average for a 2.0 (lower is better).
 */

const toast = (page: Page, text: string) => page.getByTestId('toast').filter({ hasText: text });

async function addGermanGrade(page: Page, values: { name: string; grade: string; weight: string }) {
  await page.getByRole('button', { name: 'Note hinzufügen' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Note hinzufügen' });
  await dialog.getByLabel('Kurs', { exact: true }).selectOption({ label: 'Mathe' });
  await dialog.getByLabel('Name der Leistung').fill(values.name);
  await dialog.getByLabel('Note (Deutschland: Schulnoten (1–6 mit +/−))').fill(values.grade);
  await dialog.getByLabel('Gewichtung (%)').fill(values.weight);
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, 'Note hinzugefügt')).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a German student: German school grades by default, 2+, 1− and 3, the average and what a 2.0 needs', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'de'));
  const account = newAccount('de');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Registrieren' }).click();
  const form = page.getByRole('form', { name: 'Konto erstellen' });
  await form.getByLabel('Benutzername').fill(account.username);
  await form.getByLabel('Passwort', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The server chose the German school scale from the sign-up language and stored it.
  expect((await (await page.request.get('/api/grading-system')).json()).system).toBe('de_school');

  await page.goto('/grades');
  await expect(page.getByRole('heading', { name: 'Noten', level: 1 })).toBeVisible();
  await expect(page.getByText('Notensystem: Deutschland: Schulnoten (1–6 mit +/−)')).toBeVisible();

  // A course whose target is a grade: 2,0.
  await page.getByRole('button', { name: 'Kurs hinzufügen' }).click();
  const courseDialog = page.getByRole('dialog', { name: 'Kurs hinzufügen' });
  await courseDialog.getByLabel('Kursname').fill('Mathe');
  await courseDialog.getByLabel('Zielnote').fill('2,0');
  await courseDialog.getByRole('button', { name: 'Kurs hinzufügen' }).click();
  await expect(toast(page, 'Kurs hinzugefügt')).toBeVisible();
  await expect(courseDialog).toBeHidden();

  await addGermanGrade(page, { name: 'Klassenarbeit 1', grade: '2+', weight: '20' });
  await addGermanGrade(page, { name: 'Test', grade: '1−', weight: '10' });
  await addGermanGrade(page, { name: 'Klassenarbeit 2', grade: '3', weight: '30' });

  // The list shows the grades as entered, with their value on the scale.
  const rows = page.getByTestId('grade-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'Klassenarbeit 1' }).getByTestId('grade-label')).toHaveText('2+');
  await expect(rows.filter({ hasText: 'Test' }).getByTestId('grade-label')).toHaveText('1−');
  await expect(rows.filter({ hasText: 'Klassenarbeit 2' }).getByTestId('grade-label')).toHaveText('3');
  await expect(rows.filter({ hasText: 'Klassenarbeit 1' })).toContainText('Notenwert: 1,67');

  await page.getByRole('tab', { name: 'Noten pro Kurs' }).click();
  const card = page.getByTestId('course-card').filter({ hasText: 'Mathe' });
  // (1,67 · 20 + 1,33 · 10 + 3 · 30) / 60 = 2,28, which is a 2−.
  await expect(card.getByTestId('course-mark')).toHaveText('2,28 · 2−');
  await expect(page.getByTestId('own-average')).toHaveText('Dein Durchschnitt: 2,28 (beste 1+, schlechteste 6)');
  // 40 % of the grade is still to come; for a 2,0 overall it must average 1,58 (a better grade than 2).
  await expect(card.getByTestId('needed')).toHaveText('Du brauchst im Schnitt eine 1,58 in den restlichen 40 % der Note.');
  await expect(card.getByLabel('Zielnote')).toHaveValue('2');

  // What if the second class test had been a 2? (1,67 · 20 + 1,33 · 10 + 2 · 30) / 60 = 1,78, a 2+.
  await card.getByText('Was wäre, wenn…').click();
  await card.getByLabel('Klassenarbeit 2 (Note)').fill('2');
  await expect(card.getByTestId('course-whatif-mark')).toHaveText('1,78 · 2+');
  // The rest may then average (75 · 100 − 4750) / 40 = 68,75 %, i.e. a 2,33.
  await expect(card.getByTestId('needed')).toHaveText('Du brauchst im Schnitt eine 2,33 in den restlichen 40 % der Note.');
  await card.getByLabel('Klassenarbeit 2 (Note)').fill('7');
  await expect(card.getByRole('alert')).toHaveText('Gib eine Note dieses Systems ein, z. B. 2+');

  // The course card still fits a 360 px phone with the German labels.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  await expectNoSeriousA11yViolations(page);
});

test('the settings list is grouped by country and names each system in the user’s language', async ({ page }) => {
  await registerViaApi(page.request);
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'fr'));
  await page.goto('/grades');
  await page.getByRole('tab', { name: 'Paramètres des notes' }).click();
  const select = page.getByLabel('Système de notation', { exact: true });
  await expect(select.locator('optgroup[label="Allemagne"] option')).toHaveText([
    'Allemagne : notes scolaires (1–6 avec +/−)',
    'Allemagne : points de l’Oberstufe (15–0)',
    'Allemagne : notes universitaires (1,0–5,0)',
  ]);
  await expect(select.locator('optgroup[label="Japon"] option')).toHaveCount(2);
  await select.selectOption('fr_20');
  await expect.poll(async () => (await (await page.request.get('/api/grading-system')).json()).system).toBe('fr_20');
  await expect(page.getByText('Notes sur 20 ; réussite à partir de 10.', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('numbers in German: a France 0–20 grade reads “17,4/20” beside its value “17,40” (issue 34)', async ({ page }) => {
  await registerViaApi(page.request);
  await page.addInitScript(() => window.localStorage.setItem('i18nextLng', 'de'));
  const origin = new URL(test.info().project.use.baseURL ?? '').origin;
  for (const [url, method, data] of [
    ['/api/grading-system', 'patch', { system: 'fr_20' }],
    // 87 of 100 is 17.4 out of 20; 8.75 of 10 is 87.5 %, 17.5/20.
    ['/api/assessments', 'post', { name: 'Partiel', type: 'exam', maxScore: 100, weight: 50, score: 87 }],
    ['/api/assessments', 'post', { name: 'Devoir', type: 'assignment', maxScore: 10, weight: 25.5, score: 8.75 }],
  ] as const) {
    const response = await page.request[method](url, { data, headers: { origin } });
    expect(response.ok(), await response.text()).toBe(true);
  }
  await page.goto('/grades');
  const rows = page.getByTestId('grade-row');
  const exam = rows.filter({ hasText: 'Partiel' });
  await expect(exam.getByTestId('grade-label')).toHaveText('17,4/20');
  await expect(exam).toContainText('Notenwert: 17,40');
  await expect(exam).not.toContainText('17.4');
  const homework = rows.filter({ hasText: 'Devoir' });
  await expect(homework.getByTestId('grade-label')).toHaveText('17,5/20');
  // The raw score, its percentage and the weight in German too.
  await expect(homework).toContainText('8,75 / 10 (87,5 %)');
  await expect(homework).toContainText('Gewichtung: 25,5 % der Endnote');
  await expectNoSeriousA11yViolations(page);
});
