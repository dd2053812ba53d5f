import { goalCreateBodySchema } from '../../../common/schemas/academic-goals.schema';
import { assessmentCreateSchema } from '../../../common/schemas/grades.schema';
import {
  academicYearBodySchema,
  attendanceBodySchema,
  courseBodySchema,
  holidayBodySchema,
  termBodySchema,
} from '../../../common/schemas/schedule.schema';
import { studySessionBodySchema } from '../../../common/schemas/study.schema';
import { taskCreateBodySchema, taskUpdateBodySchema } from '../../../common/schemas/tasks.schema';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import { listAssessments, createAssessmentWithOutcome } from '../grades/grades.service';
import { createGoal } from '../progress/academic-goals.service';
import { progressSummary } from '../progress/progress.service';
import type { WriteRewards } from '../rewards/rewards.service';
import { markAttendanceWithOutcome } from '../schedule/attendance.service';
import {
  createAcademicYear,
  createCourse,
  createHoliday,
  createTerm,
  listCourses,
  listHolidays,
  listTerms,
} from '../schedule/schedule.service';
import { createStudySession, listStudySessions } from '../study/study.service';
import { createTask, listTasks, updateTaskWithOutcome } from '../tasks/tasks.service';

/**
 * Whose account the sample is written into and with what: `db` is the seeding's transaction (or the
 * database, for a script), `jobs` the queue the writes schedule on (task reminders, push planning),
 * `rewards` what the rewarding writes evaluate with.
 */
export type SampleDataTarget = {
  db: DbOrTx;
  user: { id: string; timeZone: string };
  jobs: Jobs | null;
  rewards: WriteRewards;
};

/**
 * The features' services as the sample semester uses them, one per endpoint it used to call through
 * `app.inject`: each body is parsed by the endpoint's own request schema (the same validation and
 * defaults as a client's request), then given to the service the route calls, with the same arguments.
 * Lists are the services behind the GET endpoints (tasks brings its series up to date first, as GET
 * /api/tasks does).
 */
export function sampleDataWrites({ db, user, jobs, rewards }: SampleDataTarget) {
  return {
    createAcademicYear: (body: z.input<typeof academicYearBodySchema>) =>
      createAcademicYear(db, user.id, academicYearBodySchema.parse(body)),
    createTerm: (body: z.input<typeof termBodySchema>) => createTerm(db, jobs, user.id, termBodySchema.parse(body)),
    createCourse: (body: z.input<typeof courseBodySchema>) => createCourse(db, jobs, user.id, courseBodySchema.parse(body)),
    createHoliday: (body: z.input<typeof holidayBodySchema>) => createHoliday(db, jobs, user.id, holidayBodySchema.parse(body)),
    createStudySession: (body: z.input<typeof studySessionBodySchema>) =>
      createStudySession(db, user, studySessionBodySchema.parse(body), rewards),
    createTask: (body: z.input<typeof taskCreateBodySchema>) => createTask(db, user, taskCreateBodySchema.parse(body), new Date(), jobs),
    completeTask: (id: string) => updateTaskWithOutcome(db, user.id, id, taskUpdateBodySchema.parse({ completed: true }), rewards, jobs),
    createAssessment: (body: z.input<typeof assessmentCreateSchema>) =>
      createAssessmentWithOutcome(db, user.id, assessmentCreateSchema.parse(body), rewards),
    markAttendance: (body: z.input<typeof attendanceBodySchema>) =>
      markAttendanceWithOutcome(db, user.id, user.timeZone, attendanceBodySchema.parse(body), rewards),
    createGoal: (body: z.input<typeof goalCreateBodySchema>) => createGoal(db, user.id, goalCreateBodySchema.parse(body)),
    listCourses: () => listCourses(db, user.id),
    listTerms: () => listTerms(db, user.id),
    listHolidays: () => listHolidays(db, user.id),
    listTasks: () => listTasks(db, user.id, undefined, new Date(), jobs),
    listStudySessions: () => listStudySessions(db, user, {}),
    listAssessments: () => listAssessments(db, user.id),
    progressSummary: () => progressSummary(db, user),
  };
}

export type SampleDataWrites = ReturnType<typeof sampleDataWrites>;
