import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { FULL_BROWSER_TAG } from './chromium';
import { endTrialViaAdmin, expectNoSeriousA11yViolations, registerViaApi } from './fixtures';

// A real HEIC photo (HEVC in a HEIF container: file-type's MIT-licensed test fixture `fixture-mif1.heic`).
const HEIC = readFileSync(new URL('./files/photo.heic', import.meta.url));
// A one-page PDF ("Lecture notes" in Helvetica), written for these tests.
const PDF = readFileSync(new URL('./files/notes.pdf', import.meta.url));
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('a trial student makes a folder, uploads three files, previews each, downloads one and deletes one', async ({ page }) => {
  await registerViaApi(page.request);
  await page.goto('/files');
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible();
  await expect(page.getByText('No files yet')).toBeVisible();
  await expect(page.getByTestId('storage-used')).toHaveText('0 bytes of 2 GB used');
  await expectNoSeriousA11yViolations(page);

  // A folder: the name is required.
  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog', { name: 'New folder' });
  await folderDialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(folderDialog.getByText('Folder name is required')).toBeVisible();
  await folderDialog.getByLabel('Folder name').fill('Physics');
  await folderDialog.getByRole('button', { name: 'Create folder' }).click();
  await expect(page.getByTestId('toast')).toContainText('Folder created');
  await expect(page.getByRole('button', { name: /^Physics/, pressed: true })).toBeVisible();
  await expect(page.getByText('Uploading to: Physics')).toBeVisible();

  // Three files at once, with a description.
  await page.getByLabel('Description (optional)').fill('Week 1');
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Optics\n\n<b>not bold</b> lenses') },
    { name: 'diagram.png', mimeType: 'image/png', buffer: PNG },
    { name: 'photo.heic', mimeType: 'image/heic', buffer: HEIC },
  ]);
  const uploads = page.getByTestId('upload-item');
  await expect(uploads).toHaveCount(3);
  await expect(uploads.filter({ hasText: 'Uploaded' })).toHaveCount(3);
  const rows = page.getByTestId('file-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText('Week 1');
  await expect(page.getByTestId('storage-used')).not.toHaveText('0 bytes of 2 GB used');
  await expectNoSeriousA11yViolations(page);

  // Markdown as text, never as HTML.
  await page.getByRole('button', { name: 'Preview notes.md' }).click();
  let dialog = page.getByRole('dialog', { name: 'Preview: notes.md' });
  await expect(dialog.getByTestId('text-preview')).toHaveText('# Optics\n\n<b>not bold</b> lenses');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: 'Preview notes.md' })).toBeFocused();

  await page.getByRole('button', { name: 'Preview diagram.png' }).click();
  dialog = page.getByRole('dialog', { name: 'Preview: diagram.png' });
  const image = dialog.getByRole('img', { name: 'diagram.png' });
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBe(1);
  await page.keyboard.press('Escape');

  // HEIC: converted to JPEG in the browser by the lazily loaded decoder.
  const decoder = page.waitForRequest((request) => /heic-to/.test(request.url()));
  await page.getByRole('button', { name: 'Preview photo.heic' }).click();
  await decoder;
  dialog = page.getByRole('dialog', { name: 'Preview: photo.heic' });
  const converted = dialog.getByRole('img', { name: 'photo.heic' });
  await expect(converted).toBeVisible({ timeout: 30_000 });
  await expect(converted).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => converted.evaluate((element: HTMLImageElement) => element.naturalWidth), { timeout: 30_000 }).toBeGreaterThan(1);
  await page.keyboard.press('Escape');

  // Download keeps the original name and counts once.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download notes.md' }).click();
  expect((await download).suggestedFilename()).toBe('notes.md');
  await expect(rows.filter({ hasText: 'notes.md' })).toContainText('1 download');

  // Delete, with confirmation.
  await page.getByRole('button', { name: 'Delete diagram.png' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete “diagram.png”?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId('toast')).toContainText('File deleted');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Preview diagram.png' })).toHaveCount(0);
});

test('an expired student sees the upgrade notice and keeps read-only access to their files', async ({ page, request, baseURL }) => {
  const student = await registerViaApi(page.request);
  const origin = new URL(baseURL ?? '').origin;
  const form = { file: { name: 'kept.txt', mimeType: 'text/plain', buffer: Buffer.from('still mine') } };
  expect((await page.request.post('/api/files', { multipart: form, headers: { origin } })).status()).toBe(201);

  await endTrialViaAdmin(request, student.id);

  await page.goto('/files');
  await expect(page).toHaveURL(/\/files$/);
  await expect(page.getByText('Premium subscription required to access full file management features')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Unlock with Premium' })).toHaveAttribute('href', '/premium');
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Download kept.txt' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete kept.txt' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New folder' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Upload files' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('link', { name: 'Unlock with Premium' }).click();
  await expect(page).toHaveURL(/\/premium$/);
});

test(
  'a PDF preview renders in Chromium’s viewer although the PDF is served as a sandboxed document',
  // Chromium's own PDF viewer: the full browser's (decision 227).
  { tag: FULL_BROWSER_TAG },
  async ({ page, baseURL }) => {
    await registerViaApi(page.request);
    const origin = new URL(baseURL ?? '').origin;
    const form = { file: { name: 'notes.pdf', mimeType: 'application/pdf', buffer: PDF } };
    const uploaded = await page.request.post('/api/files', { multipart: form, headers: { origin } });
    expect(uploaded.status()).toBe(201);
    const { id } = (await uploaded.json()) as { id: string };
    // What the server sends (the browser's own view of a PDF navigation is the viewer's, not these headers).
    const served = await page.request.get(`/api/files/${id}/preview`);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['content-security-policy']).toMatch(/^sandbox; default-src 'none';/);

    await page.goto('/files');
    await page.getByRole('button', { name: 'Preview notes.pdf' }).click();
    const dialog = page.getByRole('dialog', { name: 'Preview: notes.pdf' });
    const frame = dialog.getByTestId('pdf-preview');
    await expect(frame).toBeVisible();
    await expect(frame).not.toHaveAttribute('sandbox');
    // The viewer is Chromium's own extension page inside the iframe; a blocked PDF shows
    // "This page has been blocked by Chromium" instead and loads no viewer.
    await expect.poll(() => page.frames().some((candidate) => candidate.url().startsWith('chrome-extension://'))).toBe(true);
    await expect(page.frameLocator('[data-testid="pdf-preview"]').locator('body')).not.toContainText('blocked');
    await expectNoSeriousA11yViolations(page);
  },
);
