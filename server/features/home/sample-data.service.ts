/**
 * The sample semester (issue 8, "load sample data"; also `npm run seed:demo`): an academic year, the
 * current term around today, six classes, two holidays, three weeks of study sessions, a handful of
 * tasks (one late, one done, one weekly repeating) and some graded assessments.
 *
 * Every write goes through the request schema and the service of the endpoint a client would use
 * (sample-data-writes.ts), in the caller's transaction, so the sample data obeys exactly the validation,
 * ownership and points rules of a real user's data — the same path the seed script uses.
 */
import { eq, sql } from 'drizzle-orm';
import { addDays, localDateOf, startOfWeek, utcInstantOf, weekdayOf } from '../../../common/domain/local-time';
import { expandTimetable, type TermRotation, type TimetableCourse } from '../../../common/domain/timetable';
import type { Database } from '../../db/client';
import type { Jobs } from '../../lib/jobs';
import type { WriteRewards } from '../rewards/rewards.service';
import { courses } from '../../db/schema';
import { conflict } from '../../lib/http-error';
import type { StudySessionType, StudyTechnique } from '../../../common/schemas/study.schema';
import { SAMPLE_STRINGS, type SampleStrings } from './sample-data-strings';
import { sampleDataWrites, type SampleDataTarget, type SampleDataWrites } from './sample-data-writes';
import type { Language } from '../../../common/domain/languages';

const SAMPLE_DATA_REFUSED = 'Sample data can only be loaded into an account without classes';

export type SampleDataSummary = { courses: number; tasks: number; studySessions: number; assessments: number };

/**
 * Seeds the sample semester once: only into an account without classes, and one request at a time per
 * user. The first request holds a transaction-scoped advisory lock while it seeds, and seeds in that
 * transaction (the whole semester commits or nothing does); a second request meanwhile — a double
 * click — cannot take the lock and answers 409 at once, like any request after the seeding (the
 * account then has classes).
 */
export async function seedSampleDataOnce(
  db: Database,
  user: SampleDataTarget['user'],
  language: Language,
  { jobs, rewards }: { jobs: Jobs | null; rewards: WriteRewards },
): Promise<SampleDataSummary> {
  const userId = user.id;
  return db.transaction(async (tx) => {
    const lock = await tx.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_xact_lock(hashtextextended(${`sample-data:${userId}`}, 0)) as locked`,
    );
    if (!lock.rows[0]?.locked) throw conflict(SAMPLE_DATA_REFUSED, 'sample_data_exists');
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(courses)
      .where(eq(courses.userId, userId));
    if ((row?.count ?? 0) > 0) throw conflict(SAMPLE_DATA_REFUSED, 'sample_data_exists');
    return seedSampleSemester({ db: tx, user, jobs, rewards }, language);
  });
}

/** Fills `target`'s account with a realistic small semester, named in `language`. */
export async function seedSampleSemester(target: SampleDataTarget, language: Language = 'en'): Promise<SampleDataSummary> {
  const api = sampleDataWrites(target);
  const strings = SAMPLE_STRINGS[language];
  const { timeZone } = target.user;
  // Every date is the user's local calendar date, every time their wall-clock time.
  await seedSchedule(api, strings, timeZone);
  await seedStudySessions(api, timeZone);
  await seedTasks(api, strings, timeZone);
  await seedGrades(api, strings, timeZone);
  return {
    courses: (await api.listCourses()).length,
    tasks: (await api.listTasks()).length,
    studySessions: (await api.listStudySessions()).length,
    assessments: (await api.listAssessments()).length,
  };
}

/** Tasks: a few open, one late, one done, one weekly repeating reading, linked to the sample courses. */
async function seedTasks(api: SampleDataWrites, { tasks }: SampleStrings, timeZone: string): Promise<void> {
  const demoCourses = await api.listCourses();
  const courseId = (index: number) => demoCourses[index % Math.max(demoCourses.length, 1)]?.id ?? null;
  const today = localDateOf(new Date(), timeZone);
  const at = (days: number, hour: number) => utcInstantOf(addDays(today, days), `${String(hour).padStart(2, '0')}:00`, timeZone);
  const demoTasks = [
    {
      title: tasks.problemSet,
      dueDate: at(2, 17),
      taskType: 'assignment',
      priority: 'high',
      courseId: courseId(0),
      reminderOffsetMinutes: 1440,
    },
    {
      title: tasks.midtermRevision,
      description: tasks.midtermRevisionNotes,
      dueDate: at(9, 9),
      taskType: 'exam',
      priority: 'high',
      courseId: courseId(1),
    },
    { title: tasks.groupSlides, dueDate: at(5, 12), taskType: 'presentation', priority: 'medium', courseId: courseId(2) },
    { title: tasks.vocabularyQuiz, dueDate: at(-1, 10), taskType: 'quiz', priority: 'low', courseId: courseId(3) },
    { title: tasks.labReport, dueDate: at(-4, 17), taskType: 'coursework', priority: 'medium', courseId: courseId(1) },
  ] as const;
  const created: { id: string }[] = [];
  for (const task of demoTasks) created.push(await api.createTask(task));
  await api.completeTask(created[4]!.id);
  await api.createTask({
    title: tasks.weeklyReading,
    dueDate: at(1, 19),
    taskType: 'reading',
    priority: 'low',
    recurrence: { frequency: 'weekly', interval: 1, weekdays: [weekdayOf(addDays(today, 1))], until: addDays(today, 90) },
  });
}

/**
 * Study: about three weeks of sessions ending yesterday (so the streak is current), a few days off,
 * mostly Pomodoro focus sessions in the afternoon and evening, some reading and problem solving, spread
 * over the demo courses when the schedule part has created any.
 */
async function seedStudySessions(api: SampleDataWrites, timeZone: string): Promise<void> {
  const courseIds = (await api.listCourses()).map((course) => course.id);
  const today = localDateOf(new Date(), timeZone);
  const daysOff = new Set([19, 13, 12, 6]);
  const plans: { time: string; minutes: number; type: StudySessionType; technique: StudyTechnique }[][] = [
    [
      { time: '16:30', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '17:00', minutes: 25, type: 'focus', technique: 'pomodoro' },
    ],
    [
      { time: '08:15', minutes: 40, type: 'reading', technique: 'custom' },
      { time: '19:30', minutes: 25, type: 'focus', technique: 'pomodoro' },
    ],
    [
      { time: '14:00', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '14:30', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '15:00', minutes: 25, type: 'focus', technique: 'pomodoro' },
      { time: '21:15', minutes: 45, type: 'problem_solving', technique: 'custom' },
    ],
    [{ time: '18:00', minutes: 30, type: 'note_taking', technique: 'custom' }],
    [
      { time: '10:00', minutes: 50, type: 'focus', technique: 'custom' },
      { time: '20:00', minutes: 60, type: 'reading', technique: 'custom' },
    ],
  ];
  let index = 0;
  for (let back = 21; back >= 1; back--) {
    if (daysOff.has(back)) continue;
    const date = addDays(today, -back);
    const plan = plans[back % plans.length] ?? [];
    for (const session of plan) {
      const courseId = courseIds.length > 0 ? courseIds[index % courseIds.length] : null;
      index += 1;
      await api.createStudySession({
        startedAt: utcInstantOf(date, session.time, timeZone),
        durationMinutes: session.minutes,
        type: session.type,
        technique: session.technique,
        courseId,
      });
    }
  }
}

/** Schedule (issue 3): an academic year, the current term around today, six classes and two holidays. */
async function seedSchedule(api: SampleDataWrites, strings: SampleStrings, timeZone: string): Promise<void> {
  const today = localDateOf(new Date(), timeZone);
  // The term started six weeks ago (on a Monday) and runs sixteen weeks.
  const termStart = addDays(startOfWeek(addDays(today, -42)), 1);
  const termEnd = addDays(termStart, 16 * 7 - 3);
  const startYear = Number(termStart.slice(0, 4));
  const year = await api.createAcademicYear({ name: `${startYear}–${startYear + 1}` });
  const term = await api.createTerm({
    name: strings.term,
    startDate: termStart,
    endDate: termEnd,
    academicYearId: year.id,
    color: '#1d4ed8',
  });
  const slot = (day: number, startTime: string, endTime: string) => ({ day, startTime, endTime });
  const classes = [
    {
      ...strings.courses[0],
      credits: 4,
      color: '#3b82f6',
      targetGrade: 85,
      timeSlots: [slot(1, '09:00', '10:15'), slot(3, '09:00', '10:15'), slot(5, '09:00', '09:50')],
    },
    {
      ...strings.courses[1],
      credits: 4,
      color: '#10b981',
      targetGrade: 80,
      timeSlots: [slot(2, '10:30', '11:45'), slot(4, '10:30', '11:45'), slot(4, '14:00', '16:50')],
    },
    {
      ...strings.courses[2],
      credits: 3,
      color: '#f59e0b',
      targetGrade: 90,
      timeSlots: [slot(1, '13:00', '14:15'), slot(3, '13:00', '14:15')],
    },
    {
      ...strings.courses[3],
      credits: 3,
      color: '#8b5cf6',
      targetGrade: 88,
      timeSlots: [slot(2, '08:00', '09:15'), slot(4, '08:00', '09:15')],
    },
    {
      ...strings.courses[4],
      credits: 3,
      color: '#ef4444',
      targetGrade: 92,
      timeSlots: [slot(2, '15:00', '16:15'), slot(5, '11:00', '12:50')],
    },
    {
      ...strings.courses[5],
      credits: 2,
      color: '#14b8a6',
      targetGrade: 85,
      timeSlots: [slot(1, '11:00', '11:50'), slot(3, '11:00', '11:50'), slot(5, '13:00', '13:50')],
    },
  ];
  for (const course of classes) await api.createCourse({ ...course, termId: term.id });
  const reading = addDays(termStart, 7 * 7);
  await api.createHoliday({ name: strings.holidays.readingWeek, startDate: reading, endDate: addDays(reading, 4) });
  await api.createHoliday({ name: strings.holidays.foundersDay, startDate: addDays(termStart, 11 * 7 + 4) });
}

/** Grades: a few graded assessments over the sample courses and one still to come. */
async function seedGrades(api: SampleDataWrites, { assessments: names }: SampleStrings, timeZone: string): Promise<void> {
  const courseIds = (await api.listCourses()).map((course) => course.id);
  const courseAt = (index: number) => courseIds[index % Math.max(courseIds.length, 1)] ?? null;
  const today = localDateOf(new Date(), timeZone);
  const daysAgo = (days: number) => addDays(today, -days);
  const assessments = [
    { name: names.problemSet, type: 'assignment', date: daysAgo(35), maxScore: 20, weight: 10, score: 18, courseId: courseAt(0) },
    { name: names.midterm, type: 'exam', date: daysAgo(21), maxScore: 100, weight: 30, score: 78, courseId: courseAt(0) },
    { name: names.labReport, type: 'project', date: daysAgo(14), maxScore: 50, weight: 20, score: 44, courseId: courseAt(1) },
    { name: names.weeklyQuiz, type: 'quiz', date: daysAgo(7), maxScore: 10, weight: 5, score: 6.5, courseId: courseAt(1) },
    { name: names.final, type: 'exam', date: null, maxScore: 100, weight: 40, courseId: courseAt(0) },
  ] as const;
  for (const assessment of assessments) await api.createAssessment(assessment);
}

/**
 * Progress history for `npm run seed:demo` (issue 17), on top of the sample semester: a previous term
 * with its own course, grades, tasks and study; more evening study this term; quizzes finished late;
 * attendance marked for the past five weeks; dated assessments ahead, then mock exams in one week until
 * the workload forecast flags it; and three goals. So every Progress chart and insight has something to
 * show. Not part of the dashboard's "load sample data" (which stays the small semester). Its own words
 * are English (the developer's demo account); it finds the sample classes by their names in `language`.
 */
export async function seedProgressHistory(target: SampleDataTarget, language: Language = 'en'): Promise<void> {
  const api = sampleDataWrites(target);
  const { timeZone } = target.user;
  const sampleCourses = SAMPLE_STRINGS[language].courses;
  const today = localDateOf(new Date(), timeZone);
  const terms: { id: string; startDate: string; endDate: string; rotation: TermRotation }[] = await api.listTerms();
  const current = terms[0];
  if (!current) throw new Error('seedProgressHistory needs the sample semester first');
  const courseList: (TimetableCourse & { name: string })[] = await api.listCourses();
  const courseNamed = (name: string) => courseList.find((course) => course.name === name)?.id ?? null;
  const at = (date: string, time: string) => utcInstantOf(date, time, timeZone);

  // The previous term: one course, its grades, its (late) tasks and its study.
  const previousEnd = addDays(current.startDate, -21);
  const previousStart = addDays(previousEnd, -16 * 7);
  const previous = await api.createTerm({
    name: 'Previous term',
    startDate: previousStart,
    endDate: previousEnd,
    color: '#64748b',
  });
  const statistics = await api.createCourse({
    name: 'Statistics',
    credits: 3,
    color: '#0ea5e9',
    targetGrade: 80,
    termId: previous.id,
    timeSlots: [{ day: 2, startTime: '09:00', endTime: '10:30' }],
  });
  const scores = [72, 81, 68, 88];
  for (const [index, score] of scores.entries()) {
    await api.createAssessment({
      name: index === 3 ? 'Statistics final' : `Statistics test ${index + 1}`,
      type: index === 3 ? 'exam' : 'quiz',
      date: addDays(previousStart, 20 + index * 25),
      maxScore: 100,
      weight: index === 3 ? 40 : 20,
      score,
      courseId: statistics.id,
    });
  }
  for (let index = 0; index < 6; index++) {
    const task = await api.createTask({
      title: `Statistics worksheet ${index + 1}`,
      dueDate: at(addDays(previousStart, 10 + index * 15), '17:00'),
      taskType: index % 2 === 0 ? 'assignment' : 'coursework',
      priority: 'medium',
      courseId: statistics.id,
    });
    await api.completeTask(task.id);
  }
  for (let index = 0; index < 12; index++) {
    await api.createStudySession({
      startedAt: at(addDays(previousStart, 6 + index * 8), '19:00'),
      durationMinutes: 50,
      type: index % 3 === 0 ? 'problem_solving' : 'focus',
      technique: 'custom',
      courseId: statistics.id,
    });
  }

  // This term: more evening study before the last three weeks (the best-study-time insight).
  const termCourses = courseList.map((course) => course.id);
  for (let back = 24, index = 0; back <= 40; back += 2, index++) {
    await api.createStudySession({
      startedAt: at(addDays(today, -back), '19:15'),
      durationMinutes: 45,
      type: 'focus',
      technique: 'custom',
      courseId: termCourses[index % termCourses.length] ?? null,
    });
  }

  // Quizzes: three finished after their due date, two ahead of it (the late-task-type insight).
  const spanish = courseNamed(sampleCourses[5].name);
  for (const days of [-30, -20, -10, 6, 13]) {
    const quiz = await api.createTask({
      title: `Spanish vocabulary quiz (${days < 0 ? 'past' : 'next'} ${Math.abs(days)} days)`,
      dueDate: at(addDays(today, days), '10:00'),
      taskType: 'quiz',
      priority: 'low',
      courseId: spanish,
    });
    await api.completeTask(quiz.id);
  }

  // Attendance for the classes of the past five weeks: most attended, about one in seven missed.
  const holidays = await api.listHolidays();
  const occurrences = expandTimetable({
    courses: courseList,
    terms: terms.map((term) => ({ id: term.id, startDate: term.startDate, endDate: term.endDate, rotation: term.rotation })),
    holidays,
    timeZone,
    from: addDays(today, -35),
    to: addDays(today, -1),
  });
  for (const [index, occurrence] of occurrences.entries()) {
    await api.markAttendance({
      courseId: occurrence.courseId,
      date: occurrence.date,
      slotIndex: occurrence.slotIndex,
      status: index % 7 === 3 ? 'missed' : 'attended',
    });
  }

  // Ahead: dated assessments, then mock exams in the week after next until the forecast flags it.
  await api.createAssessment({
    name: 'Chemistry midterm',
    type: 'exam',
    date: addDays(today, 10),
    maxScore: 100,
    weight: 30,
    courseId: courseNamed(sampleCourses[1].name),
  });
  await api.createAssessment({
    name: 'History essay',
    type: 'assignment',
    date: addDays(today, 17),
    maxScore: 50,
    weight: 25,
    courseId: courseNamed(sampleCourses[2].name),
  });
  const crunch = addDays(startOfWeek(today), 14 + 5);
  for (let index = 0; index < 8; index++) {
    const summary = await api.progressSummary();
    if (summary.forecast.weeks.some((week) => week.overCapacity)) break;
    await api.createAssessment({
      name: `Mock exam ${index + 1}`,
      type: 'exam',
      date: addDays(crunch, -(index % 3)),
      maxScore: 100,
      weight: 40,
      courseId: termCourses[index % termCourses.length] ?? null,
    });
  }

  // Goals: one overdue, one under way, one done.
  await api.createGoal({
    title: 'Average 85% in Calculus II',
    description: 'Problem sets every week and past papers before the final.',
    targetDate: current.endDate,
    target: '85% final mark',
    progress: 55,
    priority: 'high',
    status: 'in_progress',
  });
  await api.createGoal({
    title: 'Finish the set novel',
    targetDate: addDays(today, -3),
    target: '12 chapters',
    progress: 70,
    priority: 'medium',
    status: 'in_progress',
  });
  await api.createGoal({
    title: 'Study five days a week',
    target: '5 days a week for a month',
    progress: 100,
    priority: 'low',
    status: 'completed',
  });
}
