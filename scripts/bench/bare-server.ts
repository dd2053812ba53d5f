/**
 * The reference /api/auth/me is measured against (issue 41): a bare Fastify in its own Node process
 * with the same plugins as the app's (helmet, cookie, rate-limit, registered as server/app.ts does) and
 * one route that does no work. Started by scripts/bench/server.bench.ts with the server's Node flags;
 * it prints `listening <port>` once it listens.
 * Standalone: PORT=3100 npx tsx scripts/bench/bare-server.ts
 */
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(helmet, { crossOriginEmbedderPolicy: false, strictTransportSecurity: false });
await app.register(cookie);
await app.register(rateLimit, { global: false });
app.get('/bare', async () => ({ ok: true }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${new URL(address).port}`);
