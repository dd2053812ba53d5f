import { describe, expect, it } from 'vitest';
import {
  hreflangAlternates,
  landingFile,
  landingLanguageOfPath,
  landingPath,
  landingUrl,
  sitemapOrigin,
  sitemapXml,
} from './landing-pages';
import { LANGUAGES } from './languages';

describe('landing page addresses', () => {
  it.each([
    ['en', '/', 'landing/en.html'],
    ['es', '/es/', 'landing/es.html'],
    ['fr', '/fr/', 'landing/fr.html'],
    ['de', '/de/', 'landing/de.html'],
    ['zh', '/zh/', 'landing/zh.html'],
    ['ja', '/ja/', 'landing/ja.html'],
  ] as const)('%s is at %s, built to %s', (language, path, file) => {
    expect(landingPath(language)).toBe(path);
    expect(landingFile(language)).toBe(file);
    expect(landingLanguageOfPath(path)).toBe(language);
  });

  it.each([
    ['', 'en'],
    ['/es', 'es'],
    ['/ja//', 'ja'],
    ['/en/', null],
    ['/it/', null],
    ['/es/tasks', null],
    ['/dashboard', null],
  ] as const)('the page at %j is %j', (path, language) => {
    expect(landingLanguageOfPath(path)).toBe(language);
  });

  it('makes absolute addresses on the origin, with or without its trailing slash', () => {
    expect(landingUrl('https://example.org', 'en')).toBe('https://example.org/');
    expect(landingUrl('https://example.org/', 'de')).toBe('https://example.org/de/');
  });

  it('lists one alternate per language and English as x-default', () => {
    const alternates = hreflangAlternates('https://example.org');
    expect(alternates.map((alternate) => alternate.hreflang)).toEqual([...LANGUAGES, 'x-default']);
    expect(alternates.at(-1)?.href).toBe('https://example.org/');
    expect(new Set(alternates.slice(0, -1).map((alternate) => alternate.href)).size).toBe(LANGUAGES.length);
  });
});

describe('sitemap.xml', () => {
  const xml = sitemapXml('https://example.org', '2026-11-24');

  it('has one <url> per language, each with its lastmod and every alternate', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
    expect(xml.match(/<url>/g)).toHaveLength(6);
    expect(xml.match(/<lastmod>2026-11-24<\/lastmod>/g)).toHaveLength(6);
    expect(xml.match(/<xhtml:link /g)).toHaveLength(6 * 7);
    for (const language of LANGUAGES) expect(xml).toContain(`<loc>${landingUrl('https://example.org', language)}</loc>`);
  });

  it('escapes what XML cannot hold as is', () => {
    expect(sitemapXml("https://a.example/x&y'", '2026-11-24')).toContain('<loc>https://a.example/x&amp;y&apos;/</loc>');
  });

  it('names its own origin for robots.txt', () => {
    expect(sitemapOrigin(xml)).toBe('https://example.org');
    expect(sitemapOrigin(sitemapXml('http://localhost:3000', '2026-11-24'))).toBe('http://localhost:3000');
    expect(sitemapOrigin('<urlset></urlset>')).toBeNull();
  });
});
