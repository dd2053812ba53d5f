import { createHash } from 'node:crypto';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** A CSP source allowing exactly one inline script, by the SHA-256 of its text. */
export function inlineScriptSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** helmet's options: the app's CSP and the headers it sets on every answer. */
function helmetOptions(inlineScripts: readonly string[]): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets WebAssembly compile (the HEIC decoder of file previews); JavaScript eval stays refused.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...inlineScripts.map(inlineScriptSource)],
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
    // Only on answers to HTTPS requests: registerStrictTransportSecurity below.
    strictTransportSecurity: false,
  };
}

/** Headers an answer of a route that sets none carries without helmet: not helmet's. */
const FRAMEWORK_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive', 'transfer-encoding']);

/**
 * The headers helmet sets with `options`, read once from a probe: @fastify/helmet builds helmet's
 * middleware again on every request (the CSP parsed and serialised each time, 5% of the CPU of
 * GET /api/auth/me under load, decision 215), for headers that depend on nothing in the request.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const response = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers))
    if (!FRAMEWORK_HEADERS.has(name) && typeof value === 'string') headers[name] = value;
  if (!headers['content-security-policy']) throw new Error('helmet set no Content-Security-Policy');
  return headers;
}

/**
 * Security headers for every response (helmet's, computed once at start). The CSP allows no inline
 * script but the ones named by their hash in `inlineScripts` (the app's index.html inlines
 * theme-boot.js, decision 161), frames nothing and is framed by nothing. A route may set its own
 * (files' previews set a stricter CSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance, inlineScripts: readonly string[] = []): Promise<void> {
  const headers = await helmetHeaders(helmetOptions(inlineScripts));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Strict-Transport-Security on every answer to a request that came over HTTPS: a TLS socket, or
 * `X-Forwarded-Proto: https` from a proxy TRUST_PROXY trusts (Fastify's `request.protocol` reads the
 * header only then, so a client cannot ask for it over plain HTTP). Never over HTTP, where browsers
 * ignore it and a laptop on http://localhost must not be pinned. `maxAgeSeconds` 0 sends none
 * (HSTS_MAX_AGE, docs/decisions/185-transport-hsts-and-push-ports.md).
 */
export function registerStrictTransportSecurity(app: FastifyInstance, maxAgeSeconds: number): void {
  if (maxAgeSeconds <= 0) return;
  const value = `max-age=${maxAgeSeconds}`;
  app.addHook('onRequest', (request, reply, done) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', value);
    done();
  });
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * docs/product.md §2: a request whose `Host` ends in `:5000` is redirected (301) to the same URL without the
 * port. The Host header is the client's to choose, so the target is never taken from it blindly (an
 * open redirect): with PUBLIC_ORIGIN the redirect goes there; without it only loopback names are
 * redirected (the visitor's own machine), and any other host is served as is.
 */
export function registerPort5000Redirect(app: FastifyInstance, publicOrigin: string | undefined): void {
  // A callback hook (decision 215): every request runs it. A redirect answers here and does not go on.
  app.addHook('onRequest', (request, reply, done) => {
    const host = request.headers.host;
    if (!host?.endsWith(':5000')) return done();
    if (publicOrigin) return void reply.redirect(`${publicOrigin}${request.url}`, 301);
    const hostname = host.slice(0, -':5000'.length).toLowerCase();
    if (LOOPBACK_HOSTS.has(hostname)) return void reply.redirect(`http://${hostname}${request.url}`, 301);
    done();
  });
}

/**
 * Answers from /api are per user (or cheap to recompute): no shared cache or browser history keeps
 * them. A route that wants another policy sets its own header, which replaces this one.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}
