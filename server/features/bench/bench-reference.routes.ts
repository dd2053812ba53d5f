import { z } from 'zod';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { renderTasksJson, renderTasksJsonWhole } from '../tasks/tasks.service';
import { naiveTaskRows } from './bench-reference.service';

/**
 * The references `npm run bench` measures the real routes against (issue #15), registered only when
 * BENCH_REFERENCE_ROUTES=1 (never in a normal start; route-inventory.test.ts does not list them):
 * - GET /api/bench/bare: a route with every plugin of the app and no work (no session, no database);
 * - GET /api/bench/naive-tasks: GET /api/tasks written the naive way, `select *` of the user's tasks
 *   and JSON.stringify of the rows, without conditional GET or caching;
 * - GET /api/bench/tasks-render: the whole list in one json_agg, no body cache and no row cache (what
 *   the first read of a new data version did before decision 214), to show beside the row-cache path;
 * - GET /api/bench/tasks-rows: GET /api/tasks's render from its rows without the body cache (decision 214),
 *   so that every read after a write renders, however many connections read the same version.
 */
export function registerBenchReferenceRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get('/api/bench/bare', { schema: { response: { 200: z.strictObject({ ok: z.literal(true) }) } } }, async () => ({
    ok: true as const,
  }));
  app.get('/api/bench/naive-tasks', { onRequest: requireUser }, async (request, reply) => {
    const rows = await naiveTaskRows(db, currentUser(request).id);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(rows));
  });
  app.get('/api/bench/tasks-render', { onRequest: requireUser }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await renderTasksJsonWhole(db, currentUser(request).id)),
  );
  app.get('/api/bench/tasks-rows', { onRequest: requireUser }, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(await renderTasksJson(db, currentUser(request).id)),
  );
}
