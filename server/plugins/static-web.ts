import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { chooseEncoding } from '../lib/content-encoding';
import { SESSION_COOKIE } from './session';
import {
  APP_LOADING_END,
  APP_LOADING_START,
  FIRST_ROUTE_LOCALES,
  FIRST_ROUTE_PRELOADS,
  FIRST_ROUTE_SCRIPTS,
  firstRouteNeeds,
  modulePreloadLink,
  stylePreloadLink,
  PAGE_NEEDS,
  SHELL_FRAMES,
  VIEW_CODE,
  viewCodeKey,
  viewCodeMedia,
  viewCodePreload,
  type ViewCodePreload,
} from '../../common/domain/first-route-needs';
import { landingFile, landingPath, sitemapOrigin } from '../../common/domain/landing-pages';
import { isLanguage, languageFromAcceptLanguage, LANGUAGES, type Language } from '../../common/domain/languages';

/**
 * A built HTML document held in memory with the copies scripts/build/compress-assets.ts wrote beside
 * it (null when the build made none, e.g. a file under 1 KB). index.html carries its signed-in variant
 * (shell.html) when the build wrote one: one document per page and language (`signedIn`).
 */
export type HtmlDocument = {
  identity: Buffer;
  br: Buffer | null;
  gzip: Buffer | null;
  /** `language`: the frame's; `chosen`: it is the one the user chose (their account's), not the browser's. */
  signedIn?: (pathname: string, language: Language, chosen: boolean, view?: string | null) => HtmlDocument;
};

/** The build's variant of index.html for the shell's pages asked for with a session cookie (decision 161). */
const SHELL_HTML = 'shell.html';
/** The pages inside the signed-in shell: robots.txt's private paths (a test keeps them in step with the router). */
const isShellPage = (pathname: string) =>
  CRAWLER_DISALLOWED_PATHS.some((prefix) => prefix !== '/api/' && (pathname === prefix || pathname.startsWith(`${prefix}/`)));

async function readIfExists(file: string): Promise<Buffer | null> {
  return existsSync(file) ? fs.readFile(file) : null;
}

async function readHtmlDocument(file: string): Promise<HtmlDocument> {
  const [identity, br, gzip] = await Promise.all([fs.readFile(file), readIfExists(`${file}.br`), readIfExists(`${file}.gz`)]);
  return { identity, br, gzip };
}

const brotliOptions = (input: Buffer, quality: number) => ({
  params: {
    [constants.BROTLI_PARAM_QUALITY]: quality,
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
  },
});
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A document written here, compressed: at once at a quick setting (a few milliseconds for the 50 KB
 * of shell.html), then `better` is called with the copies compress-assets.ts would have written
 * (its best settings, some 100 ms of a thread-pool thread), which replace the quick ones.
 */
function compressedDocument(html: string, better: (document: HtmlDocument) => void): HtmlDocument {
  const identity = Buffer.from(html);
  void Promise.all([
    brotliAsync(identity, brotliOptions(identity, constants.BROTLI_MAX_QUALITY)),
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
  ]).then(([br, gzipped]) => better({ identity, br, gzip: gzipped }));
  return { identity, br: brotliCompressSync(identity, brotliOptions(identity, 5)), gzip: gzipSync(identity, { level: 6 }) };
}

type FirstRouteLocales = Record<string, Record<string, string>>;
/** A page's own scripts, by page (FIRST_ROUTE_SCRIPTS). */
type FirstRouteScripts = Record<string, string[]>;

/**
 * A first page's preloads (decision 165): its API reads and its translations, in the visitor's
 * language (Accept-Language: the browser's, which the web app uses when nothing is stored) and in
 * English, which i18next loads beside any other language as the fallback. The reads are credentialed
 * fetches, as web/lib/api-client.ts makes them, so the browser hands the answer to the app's request.
 * The page's own scripts (its route chunk and what it imports, `scripts`) are preloaded too, so they
 * download beside the app's code instead of once the router has run (decision 223). So is the code of the
 * views it opens on, when some of its views have code of their own (`viewCode`, VIEW_CODE; decision 263).
 */
export function firstRoutePreloads(
  pathname: string,
  language: string,
  locales: FirstRouteLocales,
  scripts: FirstRouteScripts = {},
  viewCode: ViewCodePreload = 'none',
): string {
  const needs = firstRouteNeeds(pathname);
  const languages = [...new Set([language, 'en'])];
  const files = languages.flatMap((lng) => needs.namespaces.flatMap((namespace) => locales[lng]?.[namespace] ?? []));
  const listed = (key: string) => (Object.hasOwn(scripts, key) ? (scripts[key] ?? []) : []);
  const media = viewCode === 'wide' && Object.hasOwn(VIEW_CODE, pathname) ? viewCodeMedia(pathname as keyof typeof VIEW_CODE) : undefined;
  return [
    ...needs.requests.map((request) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${request}">`),
    ...files.map((file) => modulePreloadLink(file)),
    ...listed(pathname).map((file) => modulePreloadLink(file)),
    ...(viewCode === 'none' ? [] : listed(viewCodeKey(pathname))).map((file) =>
      file.endsWith('.css') ? stylePreloadLink(file, media) : modulePreloadLink(file, media),
    ),
  ].join('\n    ');
}

type ShellFrames = Record<string, Record<string, string>>;

/**
 * The shell's prerendered frame for a page in a language (decision 169): the one whose navigation item
 * is the page ('' for a page with none), in place of index.html's spinner; `<html lang>` says the
 * frame's language and `data-frame-release` its banner's release, which theme-boot.js compares with
 * the language and the last seen release stored in the browser before the first paint.
 * `chosen`: the language is the one the user chose (their account's, decision 219), marked
 * `data-account-lang`, which theme-boot.js makes this browser's language before the first paint. Without frames (a build without the prerender step) the spinner stays.
 */
export function withShellFrame(html: string, pathname: string, language: string, frames: ShellFrames | null, chosen = false): string {
  const frame = frames?.[language]?.[shellFramePage(pathname, frames)];
  const start = html.indexOf(APP_LOADING_START);
  const end = html.indexOf(APP_LOADING_END);
  if (!frame || start < 0 || end < start) return html;
  // The frame's release banner names its release; theme-boot.js hides it when this browser has seen that one.
  const release = /data-release-banner="([^"]+)"/.exec(frame)?.[1];
  return `${html.slice(0, start)}${frame}${html.slice(end + APP_LOADING_END.length)}`.replace(
    /<html lang="[^"]*">/,
    `<html lang="${language}" data-frame-lang="${language}"${chosen ? ` data-account-lang="${language}"` : ''}${release ? ` data-frame-release="${release}"` : ''}>`,
  );
}

/** The frame a page is shown with: its own when the build made one — a navigation item's page, a framed page (decision 229) — trailing slashes aside, else ''. */
function shellFramePage(pathname: string, frames: ShellFrames | null): string {
  const page = pathname.replace(/\/+$/, '');
  return frames?.en && Object.hasOwn(frames.en, page) ? page : '';
}

/**
 * shell.html per page and language: the build's file with the first page's preloads and its frame
 * written in, made and compressed at the first request for it (six languages × the pages with a
 * navigation item or needs of their own, plus one for every other page). A build without the locale
 * list serves shell.html as it is.
 */
async function readSignedInDocuments(webDistDir: string): Promise<HtmlDocument['signedIn']> {
  const shellPath = path.join(webDistDir, SHELL_HTML);
  if (!existsSync(shellPath)) return undefined;
  const localesPath = path.join(webDistDir, FIRST_ROUTE_LOCALES);
  const template = await fs.readFile(shellPath, 'utf8');
  if (!template.includes(FIRST_ROUTE_PRELOADS) || !existsSync(localesPath)) {
    const document = await readHtmlDocument(shellPath);
    return () => document;
  }
  const locales = JSON.parse(await fs.readFile(localesPath, 'utf8')) as FirstRouteLocales;
  const scriptsPath = path.join(webDistDir, FIRST_ROUTE_SCRIPTS);
  const scripts = existsSync(scriptsPath) ? (JSON.parse(await fs.readFile(scriptsPath, 'utf8')) as FirstRouteScripts) : {};
  const framesPath = path.join(webDistDir, SHELL_FRAMES);
  const frames = existsSync(framesPath) ? (JSON.parse(await fs.readFile(framesPath, 'utf8')) as ShellFrames) : null;
  const documents = new Map<string, HtmlDocument>();
  return (pathname, language, chosen, view = null) => {
    const page = Object.hasOwn(PAGE_NEEDS, pathname) ? pathname : '';
    const viewCode = viewCodePreload(page, view);
    const key = `${language} ${chosen ? 'chosen' : 'browser'} ${page} ${viewCode} ${shellFramePage(pathname, frames)}`;
    let document = documents.get(key);
    if (!document) {
      const withPreloads = template.replace(FIRST_ROUTE_PRELOADS, () => firstRoutePreloads(page, language, locales, scripts, viewCode));
      const html = withShellFrame(withPreloads, pathname, language, frames, chosen);
      document = compressedDocument(html, (best) => documents.set(key, best));
      documents.set(key, document);
    }
    return document;
  };
}

/**
 * Serves the built web client. Hashed assets under /assets are immutable for a year; HTML is never
 * cached, so a deploy reaches users on their next load. Text files come precompressed from the build
 * (brotli or gzip as the client accepts, `Vary: Accept-Encoding`; decision 090). Returns index.html
 * for the SPA fallback of the not-found handler (plugins/errors.ts).
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<HtmlDocument | null> {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ webDistDir }, 'web build not found: serving the API only (run `npm run build`)');
    return null;
  }
  const indexHtml = await readHtmlDocument(indexPath);
  indexHtml.signedIn = await readSignedInDocuments(webDistDir);
  await app.register(fastifyStatic, {
    root: webDistDir,
    // One wildcard route that looks the file up per request, not one route per file of the build
    // found by a glob at start-up (about 700 files with their compressed copies: ~90 ms of the
    // server's start; decision 162). A path that names no file goes on to the not-found handler.
    wildcard: true,
    index: false,
    // `file.br` / `file.gz` beside a file are sent in its place (Content-Encoding, Vary); they, and
    // the signed-in variant of index.html, are not files of their own.
    preCompressed: true,
    allowedPath: (pathname) =>
      !/\.(br|gz)$/.test(pathname) &&
      ![`/${SHELL_HTML}`, `/${FIRST_ROUTE_LOCALES}`, `/${FIRST_ROUTE_SCRIPTS}`, `/${SHELL_FRAMES}`].includes(pathname),
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  registerLandingPages(app, webDistDir, indexHtml);
  const robotsTxt = robotsTxtFor(webDistDir);
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(robotsTxt),
  );
  return indexHtml;
}

/**
 * The signed-in app's pages (web/app/router.tsx) and the API: nothing a crawler can read there
 * (a signed-out crawler only meets the sign-in redirect). The landing page, /auth and the legal pages
 * stay crawlable.
 * `static-web.test.ts` checks that every guarded route of the router is listed.
 */
export const CRAWLER_DISALLOWED_PATHS = [
  '/api/',
  '/dashboard',
  '/home',
  '/schedule',
  '/tasks',
  '/grades',
  '/progress',
  '/study',
  '/rewards',
  '/help',
  '/files',
  '/premium',
  '/admin',
  '/account',
  '/feedback',
  // Class groups and their invite links (issue 39): a code in a crawled URL would let anyone join.
  '/groups',
  '/join',
] as const;

/** Pages anyone may read (the legal pages): crawlable like the landing page. */
export const PUBLIC_PAGES = ['/privacy-policy', '/terms-conditions'] as const;

const ROBOTS_LINES = ['User-agent: *', 'Allow: /$', ...CRAWLER_DISALLOWED_PATHS.map((p) => `Disallow: ${p}`)];

/** robots.txt, naming the build's sitemap.xml (at the origin it was written for) when there is one. */
function robotsTxtFor(webDistDir: string): string {
  const sitemapPath = path.join(webDistDir, 'sitemap.xml');
  const origin = existsSync(sitemapPath) ? sitemapOrigin(readFileSync(sitemapPath, 'utf8')) : null;
  return [...ROBOTS_LINES, ...(origin ? ['', `Sitemap: ${origin}/sitemap.xml`] : []), ''].join('\n');
}

/**
 * The prerendered landing pages (docs/decisions/095-prerendered-landing-pages.md): `/` in English and
 * `/es/`, `/fr/` … are files of the build (`/es` redirects to `/es/`). A build without them (`vite
 * build` alone) serves the app at `/`, whose router shows the landing page.
 */
function registerLandingPages(app: FastifyInstance, webDistDir: string, indexHtml: HtmlDocument): void {
  for (const language of LANGUAGES) {
    const file = landingFile(language);
    const route = landingPath(language);
    if (!existsSync(path.join(webDistDir, file))) {
      if (route === '/') app.get('/', (_request, reply) => sendAppShell(reply, indexHtml));
      continue;
    }
    app.get(route, (_request, reply) => reply.sendFile(file));
    if (route !== '/') {
      app.get(route.slice(0, -1), (request, reply) => reply.redirect(`${route}${request.url.slice(route.length - 1)}`, 301));
    }
  }
}

/**
 * A path whose last segment has a file extension (/sitemap.xml, /favicon.ico, /wp-login.php) names a
 * file, not a page of the app: when no such file was built it is a plain 404, never the app's HTML.
 */
export function looksLikeStaticFile(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(lastSegment);
}

/**
 * The app's HTML. A page of the shell asked for with a session cookie gets shell.html: the same page
 * with the shell's chunks, the page's translations and its API reads preloaded, and a mark that lets
 * web/app/first-route.ts start the session and the page's data with the entry (decisions 161, 165).
 * Its language is the one the user chose (their account's, looked up through the session cache, whose
 * entry the page's API requests then find; decision 219), else the browser's (Accept-Language). An
 * unknown or ended session gets the browser's language and costs the preloads and one 401, after which
 * RequireAuth sends the visitor to /auth as before.
 */
export async function sendAppShell(reply: FastifyReply, html: HtmlDocument): Promise<FastifyReply> {
  const { request } = reply;
  const queryStart = request.url.indexOf('?');
  const pathname = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const query = queryStart < 0 ? '' : request.url.slice(queryStart + 1);
  // Only a page of the shell depends on the cookie and the language (and says so in Vary); every other page is index.html.
  const shellPage = Boolean(html.signedIn) && isShellPage(pathname);
  let indexHtml = html;
  if (shellPage && html.signedIn && request.cookies?.[SESSION_COOKIE]) {
    // Absent when the session plugin is not registered (a server of the web build alone).
    const user = typeof request.cookieSessionUser === 'function' ? await request.cookieSessionUser() : null;
    const chosen = isLanguage(user?.language) ? user.language : null;
    indexHtml = html.signedIn(
      pathname,
      chosen ?? languageFromAcceptLanguage(request.headers['accept-language']),
      chosen !== null,
      new URLSearchParams(query).get('view'),
    );
  }
  const offered = [...(indexHtml.br ? (['br'] as const) : []), ...(indexHtml.gzip ? (['gzip'] as const) : [])];
  const encoding = chooseEncoding(request.headers['accept-encoding'], offered);
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache');
  reply.header('Vary', shellPage ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding');
  if (encoding === 'br' && indexHtml.br) return reply.header('Content-Encoding', 'br').send(indexHtml.br);
  if (encoding === 'gzip' && indexHtml.gzip) return reply.header('Content-Encoding', 'gzip').send(indexHtml.gzip);
  return reply.send(indexHtml.identity);
}
