import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';

/** A route as it registered: its method, URL and the zod schemas it declared. */
export type CollectedRoute = { method: string; url: string; schema: RouteOptions['schema'] };

/**
 * The fastify module with its factory wrapped so that every app it builds records each route into
 * `collected` as it registers (an `onRoute` hook; buildApp makes the app itself, so the factory is
 * where to hook). For a test file's mock, with `collected` from `vi.hoisted`:
 *
 *   vi.mock('fastify', async (importOriginal) =>
 *     (await import('./test/route-collector')).recordingRoutes(await importOriginal(), collected));
 */
export function recordingRoutes(actual: typeof FastifyModule, collected: CollectedRoute[]): typeof FastifyModule {
  const original = actual.default;
  const wrapped = ((options?: Parameters<typeof original>[0]) => {
    const app = original(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) collected.push({ method, url: route.url, schema: route.schema });
    });
    return app;
  }) as typeof original;
  return { ...actual, default: wrapped, fastify: wrapped };
}
