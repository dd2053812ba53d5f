import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web client. Hashed assets under /assets are immutable for a year; index.html is
 * never cached, so a deploy reaches users on their next load. Returns index.html for the SPA
 * fallback of the not-found handler (plugins/errors.ts).
 */
export async function registerStaticWeb(app: FastifyInstance, webDistDir: string): Promise<Buffer | null> {
  const indexPath = path.join(webDistDir, 'index.html');
  if (!existsSync(indexPath)) {
    app.log.warn({ webDistDir }, 'web build not found: serving the API only (run `npm run build`)');
    return null;
  }
  const indexHtml = await fs.readFile(indexPath);
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
      } else {
        res.header('Cache-Control', 'no-cache');
      }
    },
  });
  app.get('/', (_request, reply) => sendAppShell(reply, indexHtml));
  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(ROBOTS_TXT),
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
] as const;

/** Pages anyone may read (the legal pages): crawlable like the landing page. */
export const PUBLIC_PAGES = ['/privacy-policy', '/terms-conditions'] as const;

const ROBOTS_TXT = ['User-agent: *', 'Allow: /$', ...CRAWLER_DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), ''].join('\n');

/**
 * A path whose last segment has a file extension (/sitemap.xml, /favicon.ico, /wp-login.php) names a
 * file, not a page of the app: when no such file was built it is a plain 404, never the app's HTML.
 */
export function looksLikeStaticFile(pathname: string): boolean {
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return /\.[A-Za-z0-9]{1,8}$/.test(lastSegment);
}

export function sendAppShell(reply: FastifyReply, indexHtml: Buffer): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
}
