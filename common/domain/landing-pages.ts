import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, type Language } from './languages';

/**
 * The public landing page's addresses, one prerendered page per language
 * (docs/decisions/095-prerendered-landing-pages.md): English at `/` (also the `x-default`), every
 * other language under its own folder (`/es/`, `/fr/` …). Read by the build step that writes the pages
 * and the sitemap, and by the server that routes these paths to the files.
 */

/** The path of a language's landing page. */
export function landingPath(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '/' : `/${language}/`;
}

/** The language whose landing page is at `pathname` (`/es` and `/es/` alike), or null. */
export function landingLanguageOfPath(pathname: string): Language | null {
  const trimmed = pathname.replace(/\/+$/, '');
  if (trimmed === '') return DEFAULT_LANGUAGE;
  const language = trimmed.slice(1);
  return language !== DEFAULT_LANGUAGE && isLanguage(language) ? language : null;
}

/** Where the build writes a language's page, relative to the web build directory. */
export function landingFile(language: Language): string {
  return `landing/${language}.html`;
}

/** The absolute address of a language's page on `origin` (`https://example.org`, no trailing slash). */
export function landingUrl(origin: string, language: Language): string {
  return `${origin.replace(/\/+$/, '')}${landingPath(language)}`;
}

/** `<link rel="alternate" hreflang>` targets: every language, and English again as `x-default`. */
export function hreflangAlternates(origin: string): { hreflang: string; href: string }[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, href: landingUrl(origin, language) })),
    { hreflang: 'x-default', href: landingUrl(origin, DEFAULT_LANGUAGE) },
  ];
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char);

/**
 * sitemap.xml: the landing pages (the only public pages worth indexing; /auth is a form), each with
 * its language alternates (Google's `xhtml:link` form) and the build date as `lastmod`.
 */
export function sitemapXml(origin: string, lastModified: string): string {
  const alternates = hreflangAlternates(origin)
    .map(({ hreflang, href }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
    .join('\n');
  const urls = LANGUAGES.map(
    (language) =>
      `  <url>\n    <loc>${escapeXml(landingUrl(origin, language))}</loc>\n    <lastmod>${lastModified}</lastmod>\n${alternates}\n  </url>`,
  ).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls}\n</urlset>\n`;
}

/** The origin a sitemap was written for (its first `<loc>`), for robots.txt's `Sitemap:` line. */
export function sitemapOrigin(sitemap: string): string | null {
  const match = /<loc>(https?:\/\/[^/<]+)/.exec(sitemap);
  return match?.[1] ?? null;
}
