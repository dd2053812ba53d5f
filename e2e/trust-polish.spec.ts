import { expect, test, type Page } from '@playwright/test';
import { registerViaApi } from './fixtures';

/** Issue 12's "small but visible" list: titles, a quiet landing page, robots.txt, grades' honesty, translations. */

// Browser and account (registered in UTC) agree on the day.
test.use({ timezoneId: 'UTC', locale: 'en-US' });

async function post(page: Page, url: string, data: object): Promise<{ id: string }> {
  const response = await page.request.post(url, { data, headers: { origin: new URL(test.info().project.use.baseURL ?? '').origin } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

/** Sets the language before the app starts (the language detector reads localStorage first). */
async function useLanguage(page: Page, language: string): Promise<void> {
  await page.addInitScript((code) => localStorage.setItem('i18nextLng', code), language);
}

test('every route has its own translated title; the study timer lays its countdown over it and gives it back', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('StudyPilot – Timetable, tasks, grades and focus timer');
  await page.goto('/auth');
  await expect(page).toHaveTitle('Sign in – StudyPilot');

  await page.clock.install();
  await registerViaApi(page.request);
  for (const [path, title] of [
    ['/dashboard', 'Home – StudyPilot'],
    ['/tasks', 'Tasks – StudyPilot'],
    ['/grades', 'Grades – StudyPilot'],
    ['/schedule', 'Schedule – StudyPilot'],
    ['/rewards', 'Rewards – StudyPilot'],
    ['/account', 'Account settings – StudyPilot'],
    ['/help', 'Help Center – StudyPilot'],
    ['/no-such-page', 'Page not found – StudyPilot'],
  ] as const) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(title);
  }

  // Client-side navigation changes it too.
  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Study' }).click();
  await expect(page).toHaveTitle('Study – StudyPilot');
  await page.getByRole('button', { name: 'Start' }).click();
  await page.clock.runFor('01:00');
  await expect(page).toHaveTitle(/^24:00 · Focus – StudyPilot$/);
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(page).toHaveTitle('Study – StudyPilot');
});

test('titles follow the language', async ({ page }) => {
  await useLanguage(page, 'fr');
  await registerViaApi(page.request);
  await page.goto('/tasks');
  await expect(page).toHaveTitle('Tâches – StudyPilot');
  await page.goto('/grades');
  await expect(page).toHaveTitle('Notes – StudyPilot');
});

test.describe('with the service worker running, as in a real browser', () => {
  // Other specs block service workers (playwright.config.ts), which logs a warning of Playwright's own;
  // here the app's worker installs and precaches too, and none of that may fail either.
  test.use({ serviceWorkers: 'allow' });

  test('a signed-out visitor’s landing and sign-in pages make no failing request and log nothing', async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
    });

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome to StudyPilot' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
});

test('robots.txt is a robots file and unknown files are 404, not the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  const text = await robots.text();
  expect(text).toContain('Disallow: /api/');
  expect(text).toContain('Disallow: /dashboard');
  expect(text).not.toContain('<html');
  // The build writes a sitemap (e2e/landing.spec.ts); a file that does not exist is a 404.
  for (const path of ['/favicon.ico', '/no-such-file.xml']) expect((await request.get(path)).status(), path).toBe(404);
  expect((await request.get('/favicon.svg')).status()).toBe(200);
});

test('course grades: unassigned weight is still to come, and the what-if is bounded to the max score', async ({ page }) => {
  await registerViaApi(page.request);
  const course = await post(page, '/api/courses', { name: 'Biology', color: '#15803d', targetGrade: 80 });
  // One graded assessment of 35 %; the other 65 % of the grade is not entered yet.
  await post(page, '/api/assessments', { courseId: course.id, name: 'Midterm', type: 'exam', maxScore: 100, weight: 35, score: 90 });

  await page.goto('/grades');
  await page.getByRole('tab', { name: 'Course Grades' }).click();
  const card = page.getByTestId('course-card').filter({ hasText: 'Biology' });
  await expect(card.getByTestId('needed')).toHaveText('You need 74.62% on the remaining 65% of the grade.');
  await expect(card.getByTestId('course-remaining')).toContainText('65%');
  await expect(card.getByTestId('course-remaining')).toContainText('65% not yet given to any assessment');

  await card.getByText('What if…').click();
  const field = card.getByLabel('Midterm (out of 100)');
  await field.fill('150');
  await expect(card.getByRole('alert')).toHaveText('Enter a score from 0 to 100');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByTestId('course-whatif-mark')).toHaveText(/^90%/);
  await field.fill('100');
  await expect(card.getByRole('alert')).toHaveCount(0);
  await expect(card.getByTestId('course-whatif-mark')).toHaveText(/^100%/);
});

test('a new grade has no silent 0 % weight, and a 503 reads as a translated "briefly unavailable"', async ({ page }) => {
  await useLanguage(page, 'de');
  await registerViaApi(page.request);
  await page.goto('/grades');
  await page.getByRole('button', { name: 'Note hinzufügen' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Gewichtung (%)')).toHaveValue('');
  await dialog.getByLabel('Name der Leistung').fill('Quiz');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog.getByText('Gib eine Gewichtung von 0 bis 100 ein')).toBeVisible();

  await page.route('**/api/assessments', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'Retry-After': '5' },
          body: JSON.stringify({
            message: 'The service is temporarily unavailable. Please try again in a moment.',
            code: 'service_unavailable',
          }),
        })
      : route.fallback(),
  );
  await dialog.getByLabel('Gewichtung (%)').fill('20');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('toast')).toContainText('Der Dienst ist kurz nicht erreichbar. Bitte versuche es gleich noch einmal.');
  await expect(page.getByTestId('toast')).not.toContainText('temporarily unavailable');

  // Radix's toast region is named in the user's language, not "Notifications (F8)".
  // (Read from the attribute: the open dialog hides the rest of the page from the accessibility tree.)
  await expect(page.locator('[role="region"][aria-label="Benachrichtigungen (F8)"]')).toHaveCount(1);
  await expect(page.locator('[aria-label*="Notifications"]')).toHaveCount(0);
});

test('the week view’s "Timed" label is translated', async ({ page }) => {
  await useLanguage(page, 'de');
  await registerViaApi(page.request);
  await page.goto('/schedule');
  await page.locator('.schedule-calendar').getByRole('button', { name: 'Woche', exact: true }).click();
  await expect(page.getByText('Termine mit Uhrzeit').first()).toBeAttached();
  await expect(page.getByText('Timed', { exact: true })).toHaveCount(0);
});

test('today’s classes show the room as typed', async ({ page }) => {
  await registerViaApi(page.request);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const term = await post(page, '/api/terms', { name: 'Spring', startDate: day(-30), endDate: day(60), color: '#1d4ed8' });
  const weekday = new Date().getUTCDay();
  await post(page, '/api/courses', {
    name: 'Chemistry',
    room: 'Room 9',
    color: '#1d4ed8',
    termId: term.id,
    timeSlots: [{ day: weekday, startTime: '00:00', endTime: '23:59' }],
  });
  await page.goto('/dashboard');
  const today = page.getByRole('region', { name: /Today.s classes/ });
  await expect(today.getByTestId('class-room')).toHaveText('Room 9');
  await expect(today).not.toContainText('Room Room');
});
