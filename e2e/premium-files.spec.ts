import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { endTrialViaAdmin, expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

test('a trial student previews a template filled from their schedule and downloads it as a PDF that opens', async ({ page, baseURL }) => {
  await registerViaApi(page.request);
  const origin = new URL(baseURL ?? '').origin;
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, startTime: '09:00', endTime: '10:30' }));
  const created = await page.request.post('/api/courses', {
    data: { name: '高等数学', color: '#3366cc', room: 'B201', timeSlots: everyDay },
    headers: { origin },
  });
  expect(created.status()).toBe(201);

  await page.goto('/premium-files');
  await expect(page.getByRole('heading', { name: 'Premium templates', level: 1 })).toBeVisible();
  await expect(page.getByText('Included in your free trial: download any template.')).toBeVisible();
  for (const category of ['Schedule templates', 'Study planners', 'Note taking', 'Exam preparation', 'Project management']) {
    await expect(page.getByRole('heading', { name: category, level: 2 })).toBeVisible();
  }
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(15);
  await expectNoSeriousA11yViolations(page);

  // One category at a time.
  await page.getByRole('group', { name: 'Template categories' }).getByRole('button', { name: 'Exam preparation' }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(3);
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(15);

  // The preview shows the student's own class; Escape closes it and focus goes back to its button.
  const previewButton = page.getByRole('button', { name: 'Preview Weekly timetable' });
  await previewButton.click();
  const dialog = page.getByRole('dialog', { name: 'Weekly timetable' });
  await expect(dialog.getByText('高等数学').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(previewButton).toBeFocused();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Weekly timetable' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('studypilot-weekly-timetable.pdf');
  const pdf = await PDFDocument.load(await readFile((await download.path()) ?? ''));
  expect(pdf.getPageCount()).toBeGreaterThan(0);
  expect(pdf.getTitle()).toBe('Weekly timetable');
  await expect(page.getByRole('button', { name: 'Download Weekly timetable' })).toBeEnabled();
});

test('a student whose trial has ended sees the templates, a way to Premium, and is refused a download', async ({ page, request }) => {
  const student = await registerViaApi(page.request);
  await endTrialViaAdmin(request, student.id);

  await page.goto('/premium-files');
  await expect(page.getByText('Your free trial has ended')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3 })).toHaveCount(15);
  await expectNoSeriousA11yViolations(page);

  // Previews stay open to everyone; the download is the server's to refuse.
  await page.getByRole('button', { name: 'Preview Cornell notes' }).click();
  await expect(page.getByRole('dialog', { name: 'Cornell notes' })).toContainText('Cues and questions');
  await page.keyboard.press('Escape');

  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await page.getByRole('button', { name: 'Download Cornell notes' }).click();
  await expect(page.getByTestId('toast')).toContainText('Premium Access Required');
  await expect(page.getByTestId('toast')).toContainText('This feature requires premium access or an active trial.');
  expect(downloaded).toBe(false);

  await page.getByRole('link', { name: 'Unlock with Premium' }).first().click();
  await expect(page).toHaveURL(/\/premium$/);
});
