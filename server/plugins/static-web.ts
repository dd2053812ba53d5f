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
  return indexHtml;
}

export function sendAppShell(reply: FastifyReply, indexHtml: Buffer): FastifyReply {
  return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
}
