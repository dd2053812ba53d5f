import { opaqueIdSchema } from '../../../common/schemas/bounds';
import { idParamsSchema } from '../../../common/schemas/params.schema';
import { z } from 'zod';
import {
  academicYearBodySchema,
  academicYearPatchSchema,
  attendanceBodySchema,
  attendanceQuerySchema,
  courseBodySchema,
  coursePatchSchema,
  holidayBodySchema,
  holidayPatchSchema,
  termBodySchema,
  termPatchSchema,
  academicYearResponseSchema,
  attendanceRecordResponseSchema,
  attendanceSummaryResponseSchema,
  attendanceWriteResponseSchema,
  calendarFeedResponseSchema,
  calendarIcsResponseSchema,
  courseResponseSchema,
  holidayResponseSchema,
  termResponseSchema,
} from '../../../common/schemas/schedule.schema';
import { noContentSchema, notModifiedSchema } from '../../../common/schemas/http.schema';
import { localDateOf } from '../../../common/domain/local-time';
import { sendVersionedList } from '../../lib/conditional-get';
import type { AppDeps, ZodApp } from '../../app-types';
import { notFound } from '../../lib/http-error';
import { currentUser, requireUser } from '../../plugins/session';
import { attendanceRows, attendanceSummary, deleteAttendance, markAttendanceWithOutcome } from './attendance.service';
import { buildCalendar, feedToken, resetFeedToken, userForFeedToken } from './calendar.service';
import * as schedule from './schedule.service';

const FEED_NOT_FOUND = 'Calendar feed not found';

/** docs/api.md "Schedule", plus attendance and the calendar feed (docs/api.md "Schedule additions"). */
export function registerScheduleRoutes(app: ZodApp, { db, config, rewardFacts, jobs }: AppDeps): void {
  const auth = { onRequest: requireUser };

  // ---------- academic years ----------
  app.get('/api/academic-years', { ...auth, schema: { response: { 200: z.array(academicYearResponseSchema) } } }, async (request) =>
    schedule.listAcademicYears(db, currentUser(request).id),
  );
  app.post(
    '/api/academic-years',
    { ...auth, schema: { body: academicYearBodySchema, response: { 201: academicYearResponseSchema } } },
    async (request, reply) => reply.code(201).send(await schedule.createAcademicYear(db, currentUser(request).id, request.body)),
  );
  app.patch(
    '/api/academic-years/:id',
    { ...auth, schema: { params: idParamsSchema, body: academicYearPatchSchema, response: { 200: academicYearResponseSchema } } },
    async (request) => schedule.updateAcademicYear(db, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/api/academic-years/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await schedule.deleteAcademicYear(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- terms ----------
  app.get('/api/terms', { ...auth, schema: { response: { 200: z.array(termResponseSchema) } } }, async (request) =>
    schedule.listTerms(db, currentUser(request).id),
  );
  app.post('/api/terms', { ...auth, schema: { body: termBodySchema, response: { 201: termResponseSchema } } }, async (request, reply) =>
    reply.code(201).send(await schedule.createTerm(db, jobs, currentUser(request).id, request.body)),
  );
  app.patch(
    '/api/terms/:id',
    { ...auth, schema: { params: idParamsSchema, body: termPatchSchema, response: { 200: termResponseSchema } } },
    async (request) => schedule.updateTerm(db, jobs, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/api/terms/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await schedule.deleteTerm(db, jobs, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- holidays ----------
  app.get('/api/holidays', { ...auth, schema: { response: { 200: z.array(holidayResponseSchema) } } }, async (request) =>
    schedule.listHolidays(db, currentUser(request).id),
  );
  app.post(
    '/api/holidays',
    { ...auth, schema: { body: holidayBodySchema, response: { 201: holidayResponseSchema } } },
    async (request, reply) => reply.code(201).send(await schedule.createHoliday(db, jobs, currentUser(request).id, request.body)),
  );
  app.patch(
    '/api/holidays/:id',
    { ...auth, schema: { params: idParamsSchema, body: holidayPatchSchema, response: { 200: holidayResponseSchema } } },
    async (request) => schedule.updateHoliday(db, jobs, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/api/holidays/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await schedule.deleteHoliday(db, jobs, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- courses ----------
  app.get('/api/courses', { ...auth, schema: { response: { 200: z.array(courseResponseSchema) } } }, async (request) =>
    schedule.listCourses(db, currentUser(request).id),
  );
  app.post(
    '/api/courses',
    { ...auth, schema: { body: courseBodySchema, response: { 201: courseResponseSchema } } },
    async (request, reply) => reply.code(201).send(await schedule.createCourse(db, jobs, currentUser(request).id, request.body)),
  );
  app.patch(
    '/api/courses/:id',
    { ...auth, schema: { params: idParamsSchema, body: coursePatchSchema, response: { 200: courseResponseSchema } } },
    async (request) => schedule.updateCourse(db, jobs, currentUser(request).id, request.params.id, request.body),
  );
  app.delete(
    '/api/courses/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await schedule.deleteCourse(db, jobs, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- attendance ----------
  app.get(
    '/api/attendance',
    {
      ...auth,
      schema: { querystring: attendanceQuerySchema, response: { 200: z.array(attendanceRecordResponseSchema), 304: notModifiedSchema } },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      const { courseId, from, to } = request.query;
      return sendVersionedList(request, reply, {
        db,
        userId,
        // The filter is part of the variant; the dates are local dates, the same in every zone.
        variant: `attendance:${courseId ?? ''}:${from ?? ''}:${to ?? ''}`,
        // From rendered rows (decision 233): the same bytes as jsonOf(z.array(attendanceRecordResponseSchema), await listAttendance(…)).
        rows: attendanceRows(db, userId, request.query),
      });
    },
  );
  app.get('/api/attendance/summary', { ...auth, schema: { response: { 200: attendanceSummaryResponseSchema } } }, async (request) =>
    attendanceSummary(db, currentUser(request).id),
  );
  app.post(
    '/api/attendance',
    {
      ...auth,
      schema: { body: attendanceBodySchema, response: { 200: attendanceWriteResponseSchema, 201: attendanceWriteResponseSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const rewards = { facts: rewardFacts, log: request.log };
      const { record, created } = await markAttendanceWithOutcome(db, user.id, user.timeZone, request.body, rewards);
      return reply.code(created ? 201 : 200).send(record);
    },
  );
  app.delete(
    '/api/attendance/:id',
    { ...auth, schema: { params: idParamsSchema, response: { 204: noContentSchema } } },
    async (request, reply) => {
      await deleteAttendance(db, currentUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ---------- calendar feed ----------
  const feedUrl = (origin: string, token: string) => ({ url: `${origin}/api/calendar.ics?token=${encodeURIComponent(token)}` });
  const originOf = (request: { protocol: string; host: string }) => config.publicOrigin ?? `${request.protocol}://${request.host}`;
  app.get('/api/calendar/feed', { ...auth, schema: { response: { 200: calendarFeedResponseSchema } } }, async (request) =>
    feedUrl(originOf(request), await feedToken(db, currentUser(request).id)),
  );
  app.post('/api/calendar/feed/reset', { ...auth, schema: { response: { 200: calendarFeedResponseSchema } } }, async (request) =>
    feedUrl(originOf(request), await resetFeedToken(db, currentUser(request).id)),
  );
  /** No session: calendar apps fetch this with the secret token alone. */
  app.get(
    '/api/calendar.ics',
    {
      schema: {
        errors: [404],
        querystring: z.object({ token: opaqueIdSchema.optional() }),
        response: { 200: calendarIcsResponseSchema, 304: notModifiedSchema },
      },
    },
    async (request, reply) => {
      const token = request.query.token;
      const user = token ? await userForFeedToken(db, token) : null;
      if (!user) throw notFound(FEED_NOT_FOUND);
      // Conditional GET by the user's data version (decision 092): calendar apps poll this feed. The
      // classes shown start from the user's today, so the local date is part of the variant.
      const now = new Date();
      return sendVersionedList(request, reply.header('content-disposition', 'inline; filename="studypilot.ics"'), {
        db,
        userId: user.id,
        variant: `calendar.ics:${localDateOf(now, user.timeZone)}`,
        contentType: 'text/calendar; charset=utf-8',
        render: () => buildCalendar(db, user, now),
      });
    },
  );
}
