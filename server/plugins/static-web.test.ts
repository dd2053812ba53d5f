import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { signUp } from '../test/factories';
import { eq } from 'drizzle-orm';
import { sessions } from '../db/schema';
import { hashToken } from '../lib/session-lookup';
import {
  APP_LOADING_END,
  APP_LOADING_START,
  FIRST_ROUTE_LOCALES,
  FIRST_ROUTE_SCRIPTS,
  FIRST_ROUTE_PRELOADS,
  modulePreloadLink,
  viewCodeKey,
  viewCodeMedia,
  PAGE_NEEDS,
  SHELL_FRAMES,
  SHELL_NEEDS,
} from '../../common/domain/first-route-needs';
import { landingFile, landingPath, sitemapXml } from '../../common/domain/landing-pages';
import { CRAWLER_DISALLOWED_PATHS, PUBLIC_PAGES } from './static-web';
import { LANGUAGES } from '../../common/domain/languages';

/** A built web client in miniature: index.html, one public file and one hashed asset. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studypilot-web-'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>StudyPilot</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), 'console.log(1)');
  return dir;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ webDistDir: fakeWebBuild() });
});

describe('robots.txt', () => {
  it('is a real robots.txt: the landing page allowed, the API and the private app disallowed', async () => {
    const response = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).not.toContain('<html');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /$');
    for (const privatePath of ['/api/', '/dashboard', '/tasks', '/grades', '/account', '/admin']) {
      expect(lines).toContain(`Disallow: ${privatePath}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).not.toContain('Disallow: /auth');
    for (const publicPage of PUBLIC_PAGES) expect(lines).not.toContain(`Disallow: ${publicPage}`);
  });

  it('lists every route the router guards behind sign-in', () => {
    // The router is TSX for the browser; its paths are read from the source.
    const source = readFileSync(path.resolve('web/app/router.tsx'), 'utf8');
    const paths = [...source.matchAll(/path: '([^']+)'/g)].map((match) => match[1] ?? '');
    const guarded = paths.filter((p) => !['/', '/auth', '*', ...PUBLIC_PAGES].includes(p));
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      expect(
        CRAWLER_DISALLOWED_PATHS.some((prefix) => route === prefix || route.startsWith(prefix)),
        route,
      ).toBe(true);
    }
  });
});

describe('unknown files and pages', () => {
  it.each(['/sitemap.xml', '/favicon.ico', '/wp-login.php', '/assets/missing-123.js', '/deep/path/file.json'])(
    '%s is a plain 404, not the app',
    async (url) => {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('<div id="root">');
    },
  );

  it('serves the files that exist', async () => {
    expect((await t.request({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/assets/main-abc123.js' })).statusCode).toBe(200);
  });

  it('answers paths the file server refuses as unknown paths, never as a client error', async () => {
    // Repeated slashes: the same page with single ones (and never another host).
    for (const [url, location] of [
      ['//dashboard', '/dashboard'],
      ['/tasks//mine?x=1', '/tasks/mine?x=1'],
      ['//evil.example/path', '/evil.example/path'],
      ['//\\evil.example', '/evil.example'],
    ]) {
      const response = await t.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
    // A NUL byte: a page path is the app (its router says not found), a file or an API path a 404.
    const page = await t.request({ method: 'GET', url: '/files/%00' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect((await t.request({ method: 'GET', url: '/assets/%00.js' })).statusCode).toBe(404);
    const api = await t.request({ method: 'GET', url: '/api/tasks/%00' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ code: 'not_found' });
  });

  it('answers a URL the router refuses in the API shape: undecodable 400, an overlong id 414', async () => {
    const response = await t.request({ method: 'GET', url: '/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The address is not a valid URL', code: 'validation_error' });
    const long = await t.request({ method: 'DELETE', url: `/api/tasks/${'x'.repeat(300)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ message: 'The address is too long', code: 'too_large' });
  });

  it.each(['/', '/tasks', '/feedback/mine', '/no-such-page'])('%s is the app (its router shows the page or not-found)', async (url) => {
    const response = await t.request({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root">');
  });
});

/** A build with the prerendered landing pages and the sitemap (scripts/build/prerender.ts). */
function webBuildWithLanding(): string {
  const dir = fakeWebBuild();
  mkdirSync(path.join(dir, 'landing'));
  for (const language of LANGUAGES) {
    writeFileSync(path.join(dir, landingFile(language)), `<!doctype html><html lang="${language}"><h1>landing ${language}</h1></html>`);
  }
  writeFileSync(path.join(dir, 'sitemap.xml'), sitemapXml('https://studypilot.example', '2026-11-24'));
  return dir;
}

describe('prerendered landing pages', () => {
  let withLanding: TestApp;
  beforeAll(async () => {
    withLanding = await createTestApp({ webDistDir: webBuildWithLanding() });
  });

  it.each(LANGUAGES.map((language) => [landingPath(language), language]))(
    '%s is the %s page, never cached stale',
    async (url, language) => {
      const response = await withLanding.request({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(`<h1>landing ${language}</h1>`);
    },
  );

  it('redirects a language folder without its slash, keeping the query', async () => {
    const response = await withLanding.request({ method: 'GET', url: '/fr?ref=mail' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/fr/?ref=mail');
  });

  it('leaves every other path to the app (its router shows the page or not-found)', async () => {
    for (const url of ['/auth', '/es/tasks', '/it/']) {
      const response = await withLanding.request({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('serves the sitemap and names it in robots.txt', async () => {
    const sitemap = await withLanding.request({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.body).toContain('<loc>https://studypilot.example/ja/</loc>');
    const robots = await withLanding.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.body.split('\n')).toContain('Sitemap: https://studypilot.example/sitemap.xml');
  });

  it('a build without a sitemap has no Sitemap line', async () => {
    const robots = await t.request({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).not.toContain('Sitemap:');
  });
});

/** A build with the signed-in variant of index.html (scripts/build/first-route-chunks.ts, decision 161). */
function webBuildWithShellHtml(): string {
  const dir = fakeWebBuild();
  writeFileSync(path.join(dir, 'shell.html'), '<!doctype html><meta name="studypilot-session" content="cookie" /><div id="root"></div>');
  return dir;
}

describe('the signed-in variant of the app page (shell.html)', () => {
  let withShell: TestApp;
  beforeAll(async () => {
    withShell = await createTestApp({ webDistDir: webBuildWithShellHtml() });
  });
  const marked = (body: string) => body.includes('name="studypilot-session"');

  it('is sent for a page of the shell asked for with a session cookie, varying by cookie', async () => {
    for (const url of ['/dashboard', '/tasks', '/help/some-article', '/feedback/mine?from=mail']) {
      const response = await withShell.request({ method: 'GET', url, headers: { cookie: 'sp_session=anything' } });
      expect(response.statusCode, url).toBe(200);
      expect(marked(response.body), url).toBe(true);
      expect(response.headers.vary, url).toContain('Cookie');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('is never sent without the cookie, nor on a public page, nor as a file of its own', async () => {
    expect(marked((await withShell.request({ method: 'GET', url: '/dashboard' })).body)).toBe(false);
    expect(marked((await withShell.request({ method: 'GET', url: '/dashboard', headers: { cookie: 'other=1' } })).body)).toBe(false);
    expect((await withShell.request({ method: 'GET', url: '/dashboard' })).headers.vary).toContain('Cookie');
    for (const url of ['/auth', '/privacy-policy', '/no-such-page', '/dashboards']) {
      const response = await withShell.request({ method: 'GET', url, headers: { cookie: 'sp_session=anything' } });
      expect(response.statusCode, url).toBe(200);
      expect(marked(response.body), url).toBe(false);
      // The same page with or without a cookie: no cache keeps a copy per cookie.
      expect(response.headers.vary, url).toBe('Accept-Encoding');
    }
    const direct = await withShell.request({ method: 'GET', url: '/shell.html', headers: { cookie: 'sp_session=anything' } });
    expect(direct.statusCode).toBe(404);
  });
});

/** shell.html with the place of the first page's preloads, and the build's list of locale files (decision 165). */
function webBuildWithFirstRoutePreloads(): string {
  const dir = fakeWebBuild();
  writeFileSync(
    path.join(dir, 'shell.html'),
    `<!doctype html><meta name="studypilot-session" content="cookie" /><link rel="stylesheet" href="/assets/app.css">${FIRST_ROUTE_PRELOADS}<div id="root"></div>`,
  );
  const namespaces = [...SHELL_NEEDS.namespaces, ...Object.values(PAGE_NEEDS).flatMap((needs) => needs.namespaces)];
  const locales = Object.fromEntries(
    LANGUAGES.map((language) => [language, Object.fromEntries(namespaces.map((ns) => [ns, `/assets/${ns}-${language}.js`]))]),
  );
  writeFileSync(path.join(dir, FIRST_ROUTE_LOCALES), JSON.stringify(locales));
  writeFileSync(
    path.join(dir, FIRST_ROUTE_SCRIPTS),
    JSON.stringify({
      '/tasks': ['/assets/tasks-page-1.js', '/assets/task-form-2.js'],
      '/grades': ['/assets/grades-page-3.js'],
      '/schedule': ['/assets/schedule-page-4.js'],
      [viewCodeKey('/schedule')]: ['/assets/calendar-grid-5.js', '/assets/calendar-grid-6.css'],
    }),
  );
  return dir;
}

describe("the first page's preloads in shell.html (decision 165)", () => {
  let withPreloads: TestApp;
  beforeAll(async () => {
    withPreloads = await createTestApp({ webDistDir: webBuildWithFirstRoutePreloads() });
  });
  const signedIn = (url: string, headers: Record<string, string> = {}) =>
    withPreloads.request({ method: 'GET', url, headers: { cookie: 'sp_session=anything', ...headers } });
  const fetchPreload = (request: string) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${request}">`;
  const localePreload = (namespace: string, language: string) => modulePreloadLink(`/assets/${namespace}-${language}.js`);

  it("names the dashboard's reads and translations in the browser's language and English, varying by language", async () => {
    const response = await signedIn('/dashboard', { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.vary).toBe('Accept-Encoding, Cookie, Accept-Language');
    for (const request of [...SHELL_NEEDS.requests, ...(PAGE_NEEDS['/dashboard']?.requests ?? [])])
      expect(response.body).toContain(fetchPreload(request));
    for (const namespace of ['common', 'shell', 'settings', 'notifications', 'home']) {
      expect(response.body, namespace).toContain(localePreload(namespace, 'es'));
      // i18next loads English beside any other language: its fallback.
      expect(response.body, namespace).toContain(localePreload(namespace, 'en'));
      expect(response.body, namespace).not.toContain(localePreload(namespace, 'fr'));
    }
    expect(response.body).not.toContain(FIRST_ROUTE_PRELOADS);
  });

  it("names only the shell's needs on a page without needs of its own, and English without Accept-Language", async () => {
    const response = await signedIn('/help?from=mail');
    for (const request of SHELL_NEEDS.requests) expect(response.body).toContain(fetchPreload(request));
    expect(response.body).not.toContain(fetchPreload('/api/tasks'));
    expect(response.body).toContain(localePreload('shell', 'en'));
    expect(response.body).not.toContain(localePreload('home', 'en'));
    expect(response.body.match(/data-after-paint="modulepreload"/g)).toHaveLength(SHELL_NEEDS.namespaces.length);
    expect(response.body).not.toContain('rel="modulepreload"');
  });

  // Issue 41: every page of the shell opened directly (a link in a notification, a reload) gets its own.
  it.each(Object.keys(PAGE_NEEDS))("names %s's own reads and translation, its query string aside", async (page) => {
    const response = await signedIn(`${page}?from=mail`);
    const needs = PAGE_NEEDS[page] ?? { namespaces: [], requests: [] };
    for (const request of [...SHELL_NEEDS.requests, ...needs.requests]) expect(response.body, request).toContain(fetchPreload(request));
    for (const namespace of needs.namespaces) expect(response.body, namespace).toContain(localePreload(namespace, 'en'));
    const others = Object.keys(PAGE_NEEDS).flatMap((other) => (other === page ? [] : (PAGE_NEEDS[other]?.namespaces ?? [])));
    for (const namespace of others) expect(response.body, namespace).not.toContain(localePreload(namespace, 'en'));
  });

  it("preloads a page's own scripts with it, and no other page's (decision 223)", async () => {
    const scriptPreload = modulePreloadLink;
    const tasks = await signedIn('/tasks');
    expect(tasks.body).toContain(scriptPreload('/assets/tasks-page-1.js'));
    expect(tasks.body).toContain(scriptPreload('/assets/task-form-2.js'));
    expect(tasks.body).not.toContain(scriptPreload('/assets/grades-page-3.js'));
    const grades = await signedIn('/grades');
    expect(grades.body).toContain(scriptPreload('/assets/grades-page-3.js'));
    expect(grades.body).not.toContain('tasks-page-1.js');
    const help = await signedIn('/help');
    expect(help.body).not.toContain('-page-');
    expect((await signedIn(`/${FIRST_ROUTE_SCRIPTS}`)).statusCode).toBe(404);
  });

  // Decision 263: the agenda, a phone's first view, does without the grid views' code.
  it("preloads /schedule's grid code for a grid view named in the address, for a wide window's first view, and not for the agenda", async () => {
    const gridScript = '/assets/calendar-grid-5.js';
    const media = viewCodeMedia('/schedule');
    for (const url of ['/schedule?view=day', '/schedule?view=3days&from=mail', '/schedule?view=week', '/schedule?view=month']) {
      const body = (await signedIn(url)).body;
      expect(body, url).toContain(modulePreloadLink('/assets/schedule-page-4.js'));
      expect(body, url).toContain(modulePreloadLink(gridScript));
      expect(body, url).toContain('<link data-after-paint="preload" as="style" crossorigin href="/assets/calendar-grid-6.css">');
    }
    for (const url of ['/schedule', '/schedule?view=fortnight', '/schedule?from=mail']) {
      const body = (await signedIn(url)).body;
      expect(body, url).toContain(modulePreloadLink(gridScript, media));
      expect(body, url).toContain(
        `<link data-after-paint="preload" as="style" crossorigin media="${media}" href="/assets/calendar-grid-6.css">`,
      );
      expect(body, url).not.toContain(modulePreloadLink(gridScript));
    }
    const agenda = (await signedIn('/schedule?view=agenda')).body;
    expect(agenda).toContain(modulePreloadLink('/assets/schedule-page-4.js'));
    expect(agenda).not.toContain('calendar-grid');
    // Another page never preloads it, whatever its address says.
    expect((await signedIn('/tasks?view=day')).body).not.toContain('calendar-grid');
  });

  it('sends each variant compressed, and nothing of it without the cookie or on a public page', async () => {
    const response = await signedIn('/dashboard', { 'accept-language': 'ja', 'accept-encoding': 'br' });
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toContain(localePreload('home', 'ja'));
    for (const [url, cookie] of [
      ['/dashboard', ''],
      ['/auth', 'sp_session=anything'],
    ] as const) {
      const page = await withPreloads.request({ method: 'GET', url, headers: { cookie } });
      expect(page.body, url).not.toContain('rel="preload"');
      expect(page.body, url).not.toContain('modulepreload');
    }
    expect((await signedIn(`/${FIRST_ROUTE_LOCALES}`)).statusCode).toBe(404);
  });
});

describe("the document's session lookup (decision 219)", () => {
  it("fills the session cache the page's API requests then read: no session query more than before", async () => {
    // A long cache lifetime, so that the second request below is answered from the cache, never late.
    const cached = await createTestApp({ webDistDir: webBuildWithFirstRoutePreloads(), sessionCacheMs: 60_000 });
    const [opened, notOpened] = await Promise.all([signUp(cached), signUp(cached)]);
    const page = await cached.request({ method: 'GET', url: '/tasks', headers: { cookie: `sp_session=${opened.token}` } });
    expect(page.statusCode).toBe(200);
    // Both sessions end behind the cache's back (no invalidation): only a cached session still answers.
    for (const user of [opened, notOpened]) await cached.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(user.token)));
    const me = (token: string) => cached.request({ method: 'GET', url: '/api/auth/me', headers: { cookie: `sp_session=${token}` } });
    // The page's /api/auth/me found the user the document's lookup cached, without asking the database.
    expect((await me(opened.token)).statusCode).toBe(200);
    expect((await me(notOpened.token)).statusCode).toBe(401);
  });
});

describe("the shell's prerendered frame in shell.html (decision 169)", () => {
  const spinner = `${APP_LOADING_START}<div class="spinner"></div>${APP_LOADING_END}`;
  // The dashboard's frame carries a release banner (decision 180), the others none.
  const frame = (language: string, page: string) =>
    `<div data-shell-frame="">${page === '/dashboard' ? '<div data-release-banner="1.5.0"></div>' : ''}${language}${page || ' none'}</div>`;
  let withFrames: TestApp;
  let withoutFrames: TestApp;
  beforeAll(async () => {
    const build = (frames: boolean) => {
      const dir = webBuildWithFirstRoutePreloads();
      const shell = readFileSync(path.join(dir, 'shell.html'), 'utf8').replace('<!doctype html>', '<!doctype html><html lang="en">');
      writeFileSync(path.join(dir, 'shell.html'), shell.replace('<div id="root"></div>', `<div id="root">${spinner}</div>`));
      if (frames) {
        const pages = ['', '/dashboard', '/tasks'];
        const all = Object.fromEntries(
          LANGUAGES.map((language) => [language, Object.fromEntries(pages.map((page) => [page, frame(language, page)]))]),
        );
        writeFileSync(path.join(dir, SHELL_FRAMES), JSON.stringify(all));
      }
      return dir;
    };
    [withFrames, withoutFrames] = await Promise.all([
      createTestApp({ webDistDir: build(true) }),
      createTestApp({ webDistDir: build(false) }),
    ]);
  });
  const signedIn = (app: TestApp, url: string, language?: string) =>
    app.request({ method: 'GET', url, headers: { cookie: 'sp_session=anything', ...(language ? { 'accept-language': language } : {}) } });

  it("replaces the spinner with the frame of the page's navigation item, in the browser's language, which <html> names", async () => {
    const tasks = await signedIn(withFrames, '/tasks', 'de-DE,de;q=0.9');
    expect(tasks.body).toContain(`<div id="root">${frame('de', '/tasks')}</div>`);
    expect(tasks.body).toContain('<html lang="de" data-frame-lang="de">');
    expect(tasks.body).not.toContain(APP_LOADING_START);
    expect((await signedIn(withFrames, '/dashboard', 'ja')).body).toContain(frame('ja', '/dashboard'));
    expect((await signedIn(withFrames, '/tasks/', 'fr')).body).toContain(frame('fr', '/tasks'));
    // A page without a navigation item: the frame with none active; English without Accept-Language.
    const help = await signedIn(withFrames, '/help/getting-started');
    expect(help.body).toContain(frame('en', ''));
    expect(help.body).toContain('<html lang="en" data-frame-lang="en">');
  });

  it("names the release of the frame's banner on <html>, for theme-boot.js to hide it where that release was seen", async () => {
    const dashboard = await signedIn(withFrames, '/dashboard', 'ja');
    expect(dashboard.body).toContain('<html lang="ja" data-frame-lang="ja" data-frame-release="1.5.0">');
    expect((await signedIn(withFrames, '/tasks', 'ja')).body).not.toContain('data-frame-release');
  });

  it("is in the language the user chose (their account, decision 219), marked for theme-boot.js; else the browser's", async () => {
    const user = await signUp(withFrames);
    const page = (url: string) =>
      withFrames.request({ method: 'GET', url, headers: { cookie: `sp_session=${user.token}`, 'accept-language': 'de-DE,de;q=0.9' } });
    // Nothing chosen yet: the browser's language, not marked as chosen.
    const before = await page('/tasks');
    expect(before.body).toContain('<html lang="de" data-frame-lang="de">');
    expect(before.body).toContain(frame('de', '/tasks'));
    const chosen = await withFrames.request({
      method: 'PATCH',
      url: '/api/account/profile',
      token: user.token,
      payload: { language: 'ja' },
    });
    expect(chosen.statusCode).toBe(200);
    const after = await page('/tasks');
    expect(after.body).toContain('<html lang="ja" data-frame-lang="ja" data-account-lang="ja">');
    expect(after.body).toContain(frame('ja', '/tasks'));
    expect(after.headers.vary).toContain('Cookie');
    // Another user's cookie, an unknown one, or none: their own language, the browser's, the spinner.
    const other = await signUp(withFrames);
    const otherPage = await withFrames.request({
      method: 'GET',
      url: '/tasks',
      headers: { cookie: `sp_session=${other.token}`, 'accept-language': 'es' },
    });
    expect(otherPage.body).toContain('<html lang="es" data-frame-lang="es">');
    expect((await signedIn(withFrames, '/tasks', 'fr')).body).toContain('<html lang="fr" data-frame-lang="fr">');
  });

  it('is only for a signed-in page: the spinner without the cookie, and without a build of frames', async () => {
    const signedOut = await withFrames.request({ method: 'GET', url: '/tasks' });
    expect(signedOut.body).not.toContain('data-shell-frame');
    const noFrames = await signedIn(withoutFrames, '/tasks', 'de');
    expect(noFrames.body).toContain(spinner);
    expect(noFrames.body).not.toContain('data-frame-lang');
    expect((await signedIn(withFrames, `/${SHELL_FRAMES}`)).statusCode).toBe(404);
  });
});

describe('the inlined theme bootstrap (decision 161)', () => {
  it('is allowed by the hash of the built theme-boot.js, and no other inline script is', async () => {
    const dir = fakeWebBuild();
    const source = '(function () { document.documentElement.dataset.color = "blue"; })();\n';
    writeFileSync(path.join(dir, 'theme-boot.js'), source);
    const withBoot = await createTestApp({ webDistDir: dir });
    const csp = String((await withBoot.request({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(source).digest('base64')}'`);
    expect(scriptSrc).not.toContain('unsafe-inline');
    const without = String((await t.request({ method: 'GET', url: '/dashboard' })).headers['content-security-policy']);
    expect(without).not.toContain('sha256-');
  });
});
