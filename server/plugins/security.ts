import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers for every response. The CSP allows no inline script (the web build emits none:
 * the theme bootstrap is an external file), frames nothing and is framed by nothing.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and Recharts set element styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        workerSrc: ["'self'", 'blob:'],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS only makes sense behind HTTPS; the operator's proxy sets it.
    strictTransportSecurity: false,
  });
}

/** DECISIONS.md: a request whose Host ends in `:5000` is redirected (301) to the same URL without the port. */
export function registerPort5000Redirect(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const host = request.headers.host;
    if (host && host.endsWith(':5000')) {
      const target = `${request.protocol}://${host.slice(0, -':5000'.length)}${request.url}`;
      return reply.redirect(target, 301);
    }
  });
}
