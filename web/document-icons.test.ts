import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documents' favicons are PNG files the build ships (decision 257): Chromium draws an SVG favicon in
 * a document of its own on the page's main thread, a 40–50 ms task at 4× CPU on every page load.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const iconLinks = (html: string) => [...html.matchAll(/<link rel="icon"[^>]*>/g)].map((match) => match[0]);

describe("the documents' favicons (decision 257)", () => {
  const indexHtml = readFileSync(path.join(root, 'web/index.html'), 'utf8');
  const links = iconLinks(indexHtml);

  it('are PNG files in web/public, none an SVG', () => {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link, link).toContain('type="image/png"');
      const href = /href="([^"]+)"/.exec(link)?.[1] ?? '';
      expect(href, link).toMatch(/\.png$/);
      expect(existsSync(path.join(root, 'web/public', href)), href).toBe(true);
    }
  });

  it("are the same in the prerendered public pages' head", () => {
    const prerender = readFileSync(path.join(root, 'scripts/build/prerender.ts'), 'utf8');
    expect(iconLinks(prerender)).toEqual(links);
  });
});
