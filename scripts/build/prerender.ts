/**
 * Build step (scripts/build.sh, after `vite build`), two server-side renders through one Vite server:
 *
 * The signed-in shell's frame per language and active navigation item, written to shell-frames.json
 * for the server to put into shell.html (docs/decisions/169-prerendered-shell-frame.md).
 *
 * The landing page prerendered to static HTML, one
 * file per language (docs/decisions/095-prerendered-landing-pages.md), with its `<head>` for search
 * engines and link previews (title, description, canonical, hreflang alternates, Open Graph), the
 * app's stylesheet, theme-boot.js (dark mode and language before the first paint) and the page's one
 * small script; plus sitemap.xml. The page paints from the HTML alone, before any script runs.
 *
 * Absolute addresses (canonical, hreflang, sitemap) use PUBLIC_ORIGIN — the variable the server reads —
 * else http://localhost:3000, `npm start`'s own address.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { hreflangAlternates, landingFile, landingUrl, sitemapXml } from '../../common/domain/landing-pages';
import { SHELL_FRAMES } from '../../common/domain/first-route-needs';
import type { PrerenderedLanding, prerenderLanding as PrerenderLanding } from '../../web/features/landing/prerender';
import type { prerenderShellFrames as PrerenderShellFrames } from '../../web/app/layouts/prerender-shell-frame';
import { intlLocaleOf, type Language, LANGUAGES } from '../../common/domain/languages';

const root = path.resolve(import.meta.dirname, '../..');
const webDist = path.join(root, 'dist/web');
const origin = (process.env.PUBLIC_ORIGIN ? new URL(process.env.PUBLIC_ORIGIN).origin : 'http://localhost:3000').replace(/\/+$/, '');

/** The Open Graph locale (language_TERRITORY) of a language's Intl locale: `de-DE` → `de_DE`. */
const ogLocale = (language: Language) => intlLocaleOf(language).replace('-', '_');

const escapeHtml = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

type ManifestChunk = { file: string; css?: string[]; imports?: string[]; isEntry?: boolean };

/**
 * The stylesheet(s) of the app's entry and the chunks it imports (the stylesheet sits with the `app`
 * chunk, scripts/build/first-route-chunks.ts): the landing page uses the app's own design tokens and classes.
 */
function entryStylesheets(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(webDist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((file) => css.add(file));
    chunk.imports?.forEach(visit);
  };
  if (entryKey) visit(entryKey);
  if (css.size === 0) throw new Error('The web build has no entry stylesheet: run vite build first');
  return [...css].map((file) => `/${file}`);
}

/** web/features/landing/landing-script.js, copied under a content hash so it is cached for a year. */
function landingScript(): string {
  const source = readFileSync(path.join(root, 'web/features/landing/landing-script.js'));
  const hash = createHash('sha256').update(source).digest('base64url').slice(0, 10);
  const file = `assets/landing-${hash}.js`;
  writeFileSync(path.join(webDist, file), source);
  return `/${file}`;
}

function page(language: Language, content: PrerenderedLanding, stylesheets: string[], script: string): string {
  const url = landingUrl(origin, language);
  const head = [
    '<meta charset="UTF-8" />',
    '<meta name="viewport" content="width=device-width, initial-scale=1.0" />',
    `<title>${escapeHtml(content.title)}</title>`,
    `<meta name="description" content="${escapeHtml(content.description)}" />`,
    '<meta name="theme-color" content="#2563eb" />',
    '<meta name="color-scheme" content="light dark" />',
    // PNG, as in index.html (decision 257).
    '<link rel="icon" type="image/png" sizes="32x32" href="/icons/favicon-32.png" />',
    '<link rel="icon" type="image/png" sizes="48x48" href="/icons/favicon-48.png" />',
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    ...hreflangAlternates(origin).map(({ hreflang, href }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`),
    '<meta property="og:type" content="website" />',
    '<meta property="og:site_name" content="StudyPilot" />',
    `<meta property="og:title" content="${escapeHtml(content.ogTitle)}" />`,
    `<meta property="og:description" content="${escapeHtml(content.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:locale" content="${ogLocale(language)}" />`,
    ...LANGUAGES.filter((other) => other !== language).map(
      (other) => `<meta property="og:locale:alternate" content="${ogLocale(other)}" />`,
    ),
    '<meta name="twitter:card" content="summary" />',
    // Before the stylesheet: the stored dark mode is on <html> before anything paints.
    '<script src="/theme-boot.js"></script>',
    ...stylesheets.map((href) => `<link rel="stylesheet" href="${href}" />`),
    `<script src="${script}" defer></script>`,
  ];
  return `<!doctype html>\n<html lang="${language}" data-landing-lang="${language}">\n  <head>\n    ${head.join('\n    ')}\n  </head>\n  <body>\n    <div id="landing">${content.html}</div>\n  </body>\n</html>\n`;
}

const vite = await createServer({
  root: path.join(root, 'web'),
  configFile: path.join(root, 'vite.config.ts'),
  logLevel: 'warn',
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
});
try {
  const { prerenderLanding } = (await vite.ssrLoadModule('/features/landing/prerender.tsx')) as {
    prerenderLanding: typeof PrerenderLanding;
  };
  const stylesheets = entryStylesheets();
  const script = landingScript();
  const now = new Date();
  mkdirSync(path.join(webDist, 'landing'), { recursive: true });
  for (const language of LANGUAGES) {
    const content = await prerenderLanding(language, now);
    writeFileSync(path.join(webDist, landingFile(language)), page(language, content, stylesheets, script));
  }
  writeFileSync(path.join(webDist, 'sitemap.xml'), sitemapXml(origin, now.toISOString().slice(0, 10)));
  const { prerenderShellFrames } = (await vite.ssrLoadModule('/app/layouts/prerender-shell-frame.tsx')) as {
    prerenderShellFrames: typeof PrerenderShellFrames;
  };
  writeFileSync(path.join(webDist, SHELL_FRAMES), `${JSON.stringify(await prerenderShellFrames())}\n`);
} finally {
  await vite.close();
}
