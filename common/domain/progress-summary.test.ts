import { describe, expect, it } from 'vitest';
import type { ProgressAssessment, ProgressCourse, ProgressTask, ProgressTerm } from './progress-data';
import { aProgressTask } from '../test/progress-fixtures';
import { courseMark } from './gpa';
import {
  courseCards,
  courseMarksAsOf,
  coursesOfTerm,
  gpaFigures,
  progressOverview,
  progressWindow,
  weekStarts,
  type OverviewInput,
} from './progress-summary';

const TERM: ProgressTerm = { id: 't1', name: 'Spring', startDate: '2026-01-12', endDate: '2026-05-29' };
const OLD: ProgressTerm = { id: 't0', name: 'Autumn', startDate: '2025-09-01', endDate: '2025-12-19' };
const course = (id: string, fields: Partial<ProgressCourse> = {}): ProgressCourse => ({
  id,
  name: id,
  color: '#123456',
  credits: 3,
  targetGrade: null,
  termId: 't1',
  ...fields,
});
const task = (id: string, fields: Partial<ProgressTask>): ProgressTask => aProgressTask(id, fields);
const graded = (id: string, courseId: string, score: number, gradedDate: string, weight = 50): ProgressAssessment => ({
  id,
  courseId,
  name: id,
  type: 'exam',
  date: gradedDate,
  maxScore: 100,
  weight,
  score,
  gradedDate,
});

describe('progressWindow', () => {
  it.each([
    ['2026-03-04', 't1', '2026-01-12', 8],
    ['2025-10-01', 't0', '2025-09-01', 5],
    // Between terms: the last 12 weeks, Sunday-aligned.
    ['2026-01-05', null, '2025-10-19', 12],
  ])('today %s → term %s from %s, %i weeks', (today, termId, from, weekCount) => {
    const window = progressWindow([OLD, TERM], today);
    expect(window.term?.id ?? null).toBe(termId);
    expect(window.from).toBe(from);
    expect(window.to).toBe(today);
    expect(window.weeks).toHaveLength(weekCount);
    expect(new Date(`${window.weeks[0]}T00:00:00Z`).getUTCDay()).toBe(0);
  });

  it('weekStarts runs Sunday to Sunday, inclusive of the last week', () => {
    expect(weekStarts('2026-03-04', '2026-03-15')).toEqual(['2026-03-01', '2026-03-08', '2026-03-15']);
  });

  it('coursesOfTerm keeps the term’s courses and those without a term', () => {
    const courses = [course('a'), course('b', { termId: 't0' }), course('c', { termId: null })];
    expect(coursesOfTerm(courses, TERM).map((c) => c.id)).toEqual(['a', 'c']);
    expect(coursesOfTerm(courses, null).map((c) => c.id)).toEqual(['a', 'b', 'c']);
  });
});

const base = (fields: Partial<OverviewInput> = {}): OverviewInput => ({
  window: progressWindow([TERM], '2026-01-28'),
  courses: [course('math', { targetGrade: 80 }), course('art', { credits: 1 })],
  tasks: [],
  sessions: [],
  assessments: [],
  attendance: [],
  points: [],
  balance: 0,
  streak: { current: 0, longest: 0 },
  grading: { system: 'letter' },
  ...fields,
});

describe('progressOverview', () => {
  it('is all zeros and nulls with no data (the empty states)', () => {
    const overview = progressOverview(base());
    expect(overview.gpa).toMatchObject({ value: null, mark: null, label: null, countedCourses: 0 });
    expect(overview.tasks).toMatchObject({ onTime: 0, late: 0, open: 0, overdue: 0 });
    expect(overview.study).toMatchObject({ thisWeek: 0, lastWeek: 0, total: 0 });
    expect(overview.attendance.rate).toBeNull();
    expect(overview.gpa.trend.every((point) => point.value === null)).toBe(true);
  });

  it.each([
    // [task, bucket]
    [{ dueDate: '2026-01-20', completed: true, completedLate: false }, 'onTime'],
    [{ dueDate: '2026-01-20', completed: true, completedLate: true }, 'late'],
    [{ dueDate: '2026-01-27' }, 'overdue'],
    [{ dueDate: '2026-01-28' }, 'open'],
    [{ dueDate: '2026-05-01' }, 'open'],
  ] as const)('counts task %j as %s', (fields, bucket) => {
    const tasks = progressOverview(base({ tasks: [task('x', fields)] })).tasks;
    expect(tasks[bucket]).toBe(1);
    expect(tasks.onTime + tasks.late + tasks.open + tasks.overdue).toBe(1);
  });

  it('leaves out tasks due outside the term and tasks without a due date', () => {
    const tasks = [task('before', { dueDate: '2026-01-05', completed: true, completedLate: false }), task('none', {})];
    expect(progressOverview(base({ tasks })).tasks).toMatchObject({ onTime: 0, open: 0 });
  });

  it('study minutes: this week vs last week (Sunday weeks), and the term total', () => {
    const sessions = [
      { date: '2026-01-25', hour: 9, minutes: 30, courseId: null, type: 'focus' as const }, // Sunday: this week
      { date: '2026-01-24', hour: 9, minutes: 45, courseId: null, type: 'focus' as const }, // Saturday: last week
      { date: '2026-01-10', hour: 9, minutes: 60, courseId: null, type: 'focus' as const }, // before the term
    ];
    expect(progressOverview(base({ sessions })).study).toMatchObject({ thisWeek: 30, lastWeek: 45, total: 75 });
  });

  it('GPA in the user’s system with a weekly trend from when each grade was received', () => {
    const assessments = [graded('m1', 'math', 95, '2026-01-14'), graded('a1', 'art', 70, '2026-01-21')];
    const overview = progressOverview(base({ assessments }));
    // math 95 (4.0, 3 credits), art 70 (1.7, 1 credit): (12 + 1.7) / 4 = 3.43
    expect(overview.gpa).toMatchObject({ gpa4: 3.43, value: 3.43, mark: 88.75, label: 'B+', countedCourses: 2 });
    expect(overview.gpa.trend.map((point) => point.value)).toEqual([4, 3.43, 3.43]);
    const ib = progressOverview(base({ assessments, grading: { system: 'us_ib' } })).gpa;
    expect(ib.ownGpaMax).toBe(7);
    expect(ib.value).toBe(ib.ownGpa);
  });

  it('attendance rate and points earned in the window', () => {
    const overview = progressOverview(
      base({
        attendance: [
          { courseId: 'math', date: '2026-01-13', status: 'attended' },
          { courseId: 'math', date: '2026-01-15', status: 'attended' },
          { courseId: 'art', date: '2026-01-20', status: 'missed' },
        ],
        points: [
          { date: '2026-01-13', amount: 10 },
          { date: '2026-01-14', amount: -50 },
          { date: '2025-12-01', amount: 99 },
        ],
        balance: 60,
      }),
    );
    expect(overview.attendance).toMatchObject({ attended: 2, missed: 1 });
    expect(overview.attendance.rate).toBeCloseTo(2 / 3);
    expect(overview.points).toMatchObject({ balance: 60, earned: 10 });
  });
});

describe('courseCards', () => {
  it('current mark, target, needed score (Grades’ rule), attendance, minutes and open tasks per course', () => {
    const cards = courseCards(
      base({
        assessments: [graded('m1', 'math', 70, '2026-01-14', 50)],
        sessions: [{ date: '2026-01-20', hour: 18, minutes: 50, courseId: 'math', type: 'focus' }],
        attendance: [{ courseId: 'math', date: '2026-01-13', status: 'missed' }],
        tasks: [task('late', { dueDate: '2026-01-26' }), task('next', { dueDate: '2026-02-02' }), task('done', { completed: true })],
      }),
    );
    expect(cards.map((card) => card.courseId)).toEqual(['art', 'math']);
    const math = cards[1];
    expect(math).toMatchObject({
      mark: 70,
      label: 'C-',
      targetGrade: 80,
      needed: { status: 'achievable', needed: 90, remainingWeight: 50 },
      attendance: { attended: 0, missed: 1, rate: 0 },
      studyMinutes: 50,
      openTasks: 2,
      overdueTasks: 1,
      nextDue: '2026-02-02',
    });
    expect(cards[0]).toMatchObject({ mark: null, needed: { status: 'no-target' }, openTasks: 0, nextDue: null });
  });
});

describe('courseMarksAsOf', () => {
  // A term's grades on many dates, two courses, one grade without a graded date (it counts for "all" only).
  const assessments: ProgressAssessment[] = [
    ...Array.from({ length: 24 }, (_, index) =>
      graded(
        `m${index}`,
        index % 3 === 0 ? 'art' : 'math',
        40 + ((index * 37) % 61),
        `2026-0${1 + Math.floor(index / 6)}-${10 + (index % 6) * 3}`,
        5 + (index % 4) * 5,
      ),
    ),
    { ...graded('undated', 'math', 12, '2026-02-01'), gradedDate: null },
  ];
  const groups = new Map<string | null, ProgressAssessment[]>();
  for (const assessment of assessments) groups.set(assessment.courseId, [...(groups.get(assessment.courseId) ?? []), assessment]);
  const received = (courseId: string, asOf: string | null) =>
    courseMark(
      (groups.get(courseId) ?? []).map((a) => ({
        weight: a.weight,
        maxScore: a.maxScore,
        score: a.score !== null && (asOf === null || (a.gradedDate !== null && a.gradedDate <= asOf)) ? a.score : null,
      })),
    );

  it('answers what courseMark of the grades received by each date is, for every week and for all grades', () => {
    const markAsOf = courseMarksAsOf(groups);
    const dates = [...weekStarts('2026-01-05', '2026-05-25'), null];
    // Asked forwards, backwards and again: the kept marks never stand for another set of grades.
    for (const asOf of [...dates, ...[...dates].reverse(), ...dates])
      for (const courseId of ['math', 'art', 'none']) expect(markAsOf(courseId, asOf)).toBe(received(courseId, asOf));
    expect(markAsOf('math', null)).not.toBe(markAsOf('math', '2026-12-31'));
  });

  it('gives the weekly GPA figures gpaFigures computes without it', () => {
    const courses = [course('math'), course('art', { credits: 1 })];
    const markAsOf = courseMarksAsOf(groups);
    for (const weekStart of weekStarts('2026-01-05', '2026-05-25'))
      for (const system of ['letter', 'uk_degree', 'percentage'] as const)
        expect(gpaFigures(courses, groups, { system }, weekStart, markAsOf)).toEqual(
          gpaFigures(courses, groups, { system }, weekStart, (courseId, asOf) => received(courseId, asOf)),
        );
  });
});
