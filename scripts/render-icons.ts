/**
 * Renders the app's install icons (web/public/icons/*.png, committed) from the logo of
 * web/public/favicon.svg with Debian's Chromium: no icon is downloaded. Run again after changing the
 * logo: npx tsx scripts/render-icons.ts (docs/decisions/147-installable-app.md).
 *
 * - icon-<size>.png: the logo as it is (rounded blue square), for launchers that draw it as given;
 *   favicon-<size>.png the same, for the browser's tab.
 * - badge-96.png: the mark alone, white on transparency, for a notification's badge (decision 260).
 * - maskable-<size>.png: a full-bleed blue square with the mark inside the central 60 % (the maskable
 *   safe zone is the circle of 80 %), so a launcher may cut any shape out of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../e2e/chromium';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'web/public/icons');
const logo = readFileSync(path.join(root, 'web/public/favicon.svg'), 'utf8');
/** The logo's mark (everything but its rounded background), for the maskable icon. */
const mark = logo
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '');
const BRAND_BLUE = '#2563eb';

const maskableSvg = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" fill="${BRAND_BLUE}"/><g transform="translate(6.4 6.4) scale(0.6)">${mark}</g></svg>`;
/** The mark alone in white on transparency, filling most of the square: a notification's badge (decision 260). */
const badgeSvg = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="5 5 22 22">${mark.replaceAll(/fill="[^"]*"/g, 'fill="#fff"')}</svg>`;
const plainSvg = (size: number) => logo.replace('<svg ', `<svg width="${size}" height="${size}" `);

const icons: Array<{ file: string; size: number; svg: (size: number) => string }> = [
  // The favicon: an SVG favicon costs the page's main thread a document of its own (decision 257).
  { file: 'favicon-32.png', size: 32, svg: plainSvg },
  { file: 'favicon-48.png', size: 48, svg: plainSvg },
  { file: 'icon-192.png', size: 192, svg: plainSvg },
  { file: 'icon-512.png', size: 512, svg: plainSvg },
  { file: 'maskable-192.png', size: 192, svg: maskableSvg },
  { file: 'maskable-512.png', size: 512, svg: maskableSvg },
  // A notification's status-bar badge: Android keeps only its alpha channel.
  { file: 'badge-96.png', size: 96, svg: badgeSvg },
  // iOS home screen: no transparency, drawn full-bleed like the maskable icon.
  { file: 'apple-touch-icon-180.png', size: 180, svg: maskableSvg },
];

const browser = await chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(size)}</body></html>`);
    await page.locator('svg').screenshot({ path: path.join(outDir, file), omitBackground: true });
    console.log(`wrote web/public/icons/${file}`);
  }
} finally {
  await browser.close();
}
