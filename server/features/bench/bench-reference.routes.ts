import { z } from 'zod';
import type { AppDeps, ZodApp } from '../../app-types';
import { currentUser, requireUser } from '../../plugins/session';
import { gradeResponseSchema } from '../../../common/schemas/grades.schema';
import { studySessionResponseSchema } from '../../../common/schemas/study.schema';
import { jsonOf } from '../../lib/conditional-get';
import { listGrades, renderGradesJson } from '../grades/grades.service';
import { listStudySessions, renderStudySessionsJson } from '../study/study.service';
import { renderTasksJson, renderTasksJsonWhole } from '../tasks/tasks.service';
import { naiveAttendanceRows, naiveGradeRows, naiveStudySessionRows, naiveTaskRows } from './bench-reference.service';

/**
 * The references `npm run bench` measures the real routes against (issue #15), registered only when
 * BENCH_REFERENCE_ROUTES=1 (never in a normal start; route-inventory.test.ts does not list them):
 * - GET /api/bench/bare: a route with every plugin of the app and no work (no session, no database);
 * - GET /api/bench/naive-tasks: GET /api/tasks written the naive way, `select *` of the user's tasks
 *   and JSON.stringify of the rows, without conditional GET or caching;
 * - GET /api/bench/tasks-render: the whole list in one json_agg, no body cache and no row cache (what
 *   the first read of a new data version did before decision 214), to show beside the row-cache path;
 * - GET /api/bench/tasks-rows: GET /api/tasks's render from its rows without the body cache (decision 214),
 *   so that every read after a write renders, however many connections read the same version;
 * - GET /api/bench/naive-grades, /grades-rows, /grades-render and /naive-study-sessions,
 *   /study-sessions-rows, /study-sessions-render: the same three for GET /api/grades and GET
 *   /api/study-sessions (no range, as the web reads it; decision 231), the `-render` ones being the
 *   routes' render before it (the service's objects through the response schema, jsonOf), uncached;
 * - GET /api/bench/naive-attendance: GET /api/attendance (no filter, as the calendar reads it) the naive way.
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

  const json = 'application/json; charset=utf-8';
  app.get('/api/bench/naive-grades', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(JSON.stringify(await naiveGradeRows(db, currentUser(request).id))),
  );
  app.get('/api/bench/grades-rows', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(await renderGradesJson(db, currentUser(request).id)),
  );
  const gradeList = z.array(gradeResponseSchema);
  app.get('/api/bench/grades-render', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(jsonOf(gradeList, await listGrades(db, currentUser(request).id))),
  );
  app.get('/api/bench/naive-study-sessions', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(JSON.stringify(await naiveStudySessionRows(db, currentUser(request).id))),
  );
  app.get('/api/bench/study-sessions-rows', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(await renderStudySessionsJson(db, currentUser(request), {})),
  );
  app.get('/api/bench/naive-attendance', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(JSON.stringify(await naiveAttendanceRows(db, currentUser(request).id))),
  );
  const sessionList = z.array(studySessionResponseSchema);
  app.get('/api/bench/study-sessions-render', { onRequest: requireUser }, async (request, reply) =>
    reply.type(json).send(jsonOf(sessionList, await listStudySessions(db, currentUser(request), {}))),
  );
}
