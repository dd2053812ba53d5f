import { describe, expect, it } from 'vitest';
import type { ProgressSession, ProgressTask } from './progress-data';
import { bestStudyTime, busyWeeks, coursesBehind, dayBlockOf, lateTaskTypes, progressInsights } from './progress-insights';
import type { CourseCard } from './progress-summary';
import type { WorkloadForecast } from './workload-forecast';

const TODAY = '2026-03-04';
const session = (hour: number, minutes = 25, date = '2026-03-01'): ProgressSession => ({
  date,
  hour,
  minutes,
  courseId: null,
  type: 'focus',
});
const done = (id: string, taskType: ProgressTask['taskType'], late: boolean, dueDate = '2026-02-20'): ProgressTask => ({
  id,
  title: id,
  courseId: null,
  taskType,
  priority: 'medium',
  dueDate,
  completed: true,
  completedDate: dueDate,
  completedLate: late,
});
const card = (courseId: string, mark: number | null, targetGrade: number | null, needed: CourseCard['needed']): CourseCard => ({
  courseId,
  name: courseId,
  color: '#000000',
  credits: 3,
  targetGrade,
  mark,
  label: null,
  needed,
  attendance: { attended: 0, missed: 0, rate: null },
  studyMinutes: 0,
  openTasks: 0,
  overdueTasks: 0,
  nextDue: null,
});
const forecast = (weeks: Partial<WorkloadForecast['weeks'][number]>[]): WorkloadForecast => ({
  historySamples: 0,
  weeks: weeks.map((week, index) => ({
    weekStart: ['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22'][index] ?? '2026-03-29',
    needHours: 0,
    freeHours: 40,
    classHours: 0,
    overCapacity: false,
    items: [],
    startEarly: [],
    ...week,
  })),
});

describe('dayBlockOf', () => {
  it.each([
    [4, 'night'],
    [5, 'morning'],
    [11, 'morning'],
    [12, 'afternoon'],
    [17, 'evening'],
    [20, 'evening'],
    [21, 'night'],
    [0, 'night'],
  ] as const)('%i h → %s', (hour, block) => expect(dayBlockOf(hour)).toBe(block));
});

describe('bestStudyTime', () => {
  it.each([
    ['too few sessions', [session(19), session(19), session(19), session(19)], null],
    [
      'evenings hold most minutes',
      [session(19, 50), session(20, 50), session(18, 40), session(9), session(14)],
      { block: 'evening', minutes: 140, totalMinutes: 190, sessions: 3, averageMinutes: 47, otherAverageMinutes: 25 },
    ],
    [
      'no block stands out (each under 35%)',
      [session(8), session(9), session(13), session(14), session(19), session(20), session(22), session(23)],
      null,
    ],
    ['sessions older than 90 days do not count', [1, 2, 3, 4, 5].map(() => session(7, 25, '2025-10-01')), null],
  ] as const)('%s', (_name, sessions, expected) => {
    const insight = bestStudyTime(sessions, TODAY);
    if (expected === null) expect(insight).toBeNull();
    else expect(insight).toMatchObject({ kind: 'best-study-time', ...expected });
  });
});

describe('coursesBehind', () => {
  it('lists courses under their target, furthest behind first, with what is needed', () => {
    const cards = [
      card('ok', 90, 80, { status: 'secured', currentMark: 90, needed: 0, minFinalMark: 81 }),
      card('close', 78, 80, { status: 'achievable', currentMark: 78, needed: 82, remainingWeight: 50 }),
      card('far', 55, 85, { status: 'impossible', currentMark: 55, needed: 130, maxFinalMark: 77, remainingWeight: 50 }),
      card('untargeted', 40, null, { status: 'no-target', currentMark: 40 }),
      card('ungraded', null, 80, { status: 'achievable', currentMark: null, needed: 80, remainingWeight: 100 }),
    ];
    expect(coursesBehind(cards)).toEqual([
      { kind: 'course-behind', courseId: 'far', name: 'far', mark: 55, target: 85, needed: 130, reachable: false },
      { kind: 'course-behind', courseId: 'close', name: 'close', mark: 78, target: 80, needed: 82, reachable: true },
    ]);
  });
});

describe('lateTaskTypes', () => {
  it.each([
    [
      '2 of 3 quizzes late',
      [done('a', 'quiz', true), done('b', 'quiz', true), done('c', 'quiz', false)],
      [{ taskType: 'quiz', late: 2, total: 3 }],
    ],
    ['1 of 3 late is under 40%', [done('a', 'quiz', true), done('b', 'quiz', false), done('c', 'quiz', false)], []],
    ['2 of 2 is too few to say', [done('a', 'exam', true), done('b', 'exam', true)], []],
    ['older than 180 days is left out', [1, 2, 3].map((n) => done(`o${n}`, 'reading', true, '2025-06-01')), []],
  ] as const)('%s', (_name, tasks, expected) => {
    expect(lateTaskTypes(tasks, TODAY)).toEqual(expected.map((entry) => ({ kind: 'late-task-type', ...entry })));
  });
});

describe('busyWeeks', () => {
  const open = (id: string, dueDate: string): ProgressTask => ({
    ...done(id, 'assignment', false, dueDate),
    completed: false,
    completedLate: null,
  });
  it('flags weeks over capacity and weeks with five or more things due', () => {
    const tasks = ['03-09', '03-10', '03-10', '03-12', '03-14'].map((day, index) => open(`t${index}`, `2026-${day}`));
    const insights = busyWeeks(forecast([{}, { needHours: 12 }, { needHours: 50, overCapacity: true }, {}]), tasks, []);
    expect(insights).toEqual([
      { kind: 'busy-week', weekStart: '2026-03-08', due: 5, needHours: 12, freeHours: 40, overCapacity: false },
      { kind: 'busy-week', weekStart: '2026-03-15', due: 0, needHours: 50, freeHours: 40, overCapacity: true },
    ]);
  });

  it('progressInsights is empty for a new student', () => {
    expect(
      progressInsights({ today: TODAY, sessions: [], tasks: [], assessments: [], cards: [], forecast: forecast([{}, {}, {}, {}]) }),
    ).toEqual([]);
  });
});
