import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

/**
 * Import from your school's calendar (issue 38): preview → import → re-sync, against a local stand-in
 * for the school's server (a real Canvas export; the server may fetch http://localhost only because the
 * browser tests set LMS_FEEDS_TEST_ALLOW_HTTP_LOCALHOST, decision 203). Run on the set clock of
 * 25 November 2026 (scripts/e2e-clock.sh), which the fixture's dates follow.
 */
const canvas = readFileSync(path.join(import.meta.dirname, '..', 'server', 'features', 'lms-feeds', 'fixtures', 'canvas.ics'), 'utf8');
let body = canvas;
let server: Server;
let feedUrl: string;

test.beforeAll(async () => {
  server = createServer((request, response) => {
    const etag = `"${body.length}-${body.indexOf('20261205')}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304).end();
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8', etag }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://localhost:${(server.address() as AddressInfo).port}/canvas.ics`;
});
test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

test('preview → import → re-sync a school calendar from the Tasks page', async ({ page }) => {
  body = canvas;
  await registerViaApi(page.request);
  await page.goto('/tasks');
  const open = page.getByRole('button', { name: 'Import from your school’s calendar' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Import from your school’s calendar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('No calendars yet. Add one below.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A refused address is said in words.
  await dialog.getByLabel('Calendar address').fill('https://169.254.169.254/latest/meta-data/');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('points to a private network');

  await dialog.getByLabel('Calendar address').fill(feedUrl);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText('5 tasks will be added.')).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'Items in this calendar' }).getByRole('listitem')).toHaveCount(5);
  await dialog.getByLabel('ENGL 101 Composition').selectOption({ label: 'No course' });
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Import 5 tasks' }).click();
  await expect(page.getByTestId('toast').first()).toContainText('5 tasks imported');
  const calendars = dialog.getByRole('listitem', { name: 'Ada Lovelace Calendar (Canvas)' });
  await expect(calendars).toContainText('5 tasks');
  await expect(calendars).toContainText('Last synced');

  // The school moves the essay by two days; Sync now moves the task.
  body = canvas.replace('DTSTART:20261203T065900Z', 'DTSTART:20261205T065900Z');
  await calendars.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Synced: 0 new, 1 moved, 0 removed' })).toBeVisible();
  await calendars.getByRole('button', { name: 'Sync now' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Already up to date' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
  const essay = page.getByTestId('task-row').filter({ hasText: 'Essay 2: Argument' });
  await expect(essay).toBeVisible();
  await expect(essay).toContainText('Dec 5');
  await expect(page.getByTestId('task-row')).toHaveCount(5);
});

test.describe('at 360 px, with the keyboard', () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test('opens, previews with Enter and imports, without sideways scrolling', async ({ page }) => {
    body = canvas;
    await registerViaApi(page.request);
    await page.goto('/tasks');
    // The shell's frame draws this button disabled until the page's code has arrived (decision 236).
    const open = page.getByRole('button', { name: 'Import from your school’s calendar' });
    await expect(open).toBeEnabled();
    await open.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Import from your school’s calendar' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Calendar address').focus();
    await page.keyboard.type(feedUrl);
    await page.keyboard.press('Enter');
    const importButton = dialog.getByRole('button', { name: 'Import 5 tasks' });
    await expect(importButton).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    await importButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('toast').first()).toContainText('5 tasks imported');
    // Removing the calendar and its open tasks, by keyboard.
    const row = dialog.getByRole('listitem', { name: 'Ada Lovelace Calendar (Canvas)' });
    await row.getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await row.getByRole('switch', { name: 'Also delete its tasks' }).focus();
    await page.keyboard.press('Space');
    await row.getByRole('button', { name: 'Remove calendar and its open tasks' }).click();
    await expect(dialog.getByText('No calendars yet. Add one below.')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('task-row')).toHaveCount(0);
  });
});
