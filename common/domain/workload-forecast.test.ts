import { describe, expect, it } from 'vitest';
import type { ProgressAssessment, ProgressSession, ProgressTask } from './progress-data';
import { aProgressAssessment, aProgressTask } from '../test/progress-fixtures';
import { DEFAULT_HOURS, freeHoursByDay, taskCosts, workloadForecast, type ForecastInput } from './workload-forecast';

// 2026-03-04 is a Wednesday; its week starts on Sunday 2026-03-01.
const TODAY = '2026-03-04';
const task = (id: string, fields: Partial<ProgressTask>): ProgressTask => aProgressTask(id, fields);
const session = (date: string, minutes: number, courseId: string | null = 'math'): ProgressSession => ({
  date,
  hour: 18,
  minutes,
  courseId,
  type: 'focus',
});
const assessment = (id: string, fields: Partial<ProgressAssessment>): ProgressAssessment => aProgressAssessment(id, fields);
const input = (fields: Partial<ForecastInput> = {}): ForecastInput => ({
  today: TODAY,
  timeZone: 'UTC',
  tasks: [],
  assessments: [],
  sessions: [],
  courses: [],
  terms: [],
  holidays: [],
  ...fields,
});
const totalNeed = (forecast: ReturnType<typeof workloadForecast>) => forecast.weeks.reduce((sum, week) => sum + week.needHours, 0);

describe('free hours', () => {
  it.each([
    // [description, courses, terms, holidays, week, expected free hours, expected class hours]
    ['empty timetable: 5 × 9 + 2 × 5', [], [], [], '2026-03-08', 55, 0],
    [
      'a 2-hour class every Monday',
      [{ id: 'c', timeSlots: [{ day: 1, startTime: '09:00', endTime: '11:00' }] }],
      [],
      [],
      '2026-03-08',
      53,
      2,
    ],
    ['a holiday week is days off', [], [], [{ startDate: '2026-03-08', endDate: '2026-03-14' }], '2026-03-08', 0, 0],
    ['one holiday Wednesday', [], [], [{ startDate: '2026-03-11', endDate: '2026-03-11' }], '2026-03-08', 46, 0],
    [
      'A/B rotation, week B: the A-week class does not meet',
      [{ id: 'c', termId: 't', timeSlots: [{ day: 1, startTime: '09:00', endTime: '13:00', week: 'A' as const }] }],
      [{ id: 't', startDate: '2026-03-01', endDate: '2026-06-30', rotation: { kind: 'ab' as const } }],
      [],
      '2026-03-08',
      55,
      0,
    ],
    [
      'A/B rotation, week A: it does',
      [{ id: 'c', termId: 't', timeSlots: [{ day: 1, startTime: '09:00', endTime: '13:00', week: 'A' as const }] }],
      [{ id: 't', startDate: '2026-03-01', endDate: '2026-06-30', rotation: { kind: 'ab' as const } }],
      [],
      '2026-03-15',
      51,
      4,
    ],
  ])('%s', (_name, courses, terms, holidays, week, free, classes) => {
    const days = freeHoursByDay({ courses, terms, holidays, timeZone: 'UTC' }, week, '2026-03-21');
    let freeSum = 0;
    let classSum = 0;
    for (let offset = 0; offset < 7; offset++) {
      const date = new Date(Date.parse(`${week}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
      freeSum += days.get(date)?.free ?? 0;
      classSum += days.get(date)?.classes ?? 0;
    }
    expect(freeSum).toBe(free);
    expect(classSum).toBe(classes);
  });

  it.each(['America/New_York', 'Europe/Berlin', 'Pacific/Honolulu', 'Asia/Kolkata'])(
    'a DST week in %s has the same hours as any other (classes are wall-clock times)',
    (timeZone) => {
      const courses = [
        {
          id: 'c',
          timeSlots: [
            { day: 0, startTime: '01:30', endTime: '03:30' },
            { day: 1, startTime: '09:00', endTime: '10:00' },
          ],
        },
      ];
      // US clocks change on 2026-03-08, EU on 2026-03-29; Honolulu and Kolkata never.
      for (const week of ['2026-03-08', '2026-03-29']) {
        const days = freeHoursByDay({ courses, terms: [], holidays: [], timeZone }, week, '2026-04-04');
        expect(days.get(week)).toEqual({ free: 3, classes: 2 });
        expect(days.get(addDay(week))).toEqual({ free: 8, classes: 1 });
      }
    },
  );
});

const addDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

describe('workloadForecast', () => {
  it('no history: each open task takes its type’s default hours, in the weeks before it is due', () => {
    const forecast = workloadForecast(input({ tasks: [task('essay', { dueDate: '2026-03-13', taskType: 'assignment' })] }));
    expect(forecast.weeks.map((week) => week.weekStart)).toEqual(['2026-03-01', '2026-03-08', '2026-03-15', '2026-03-22']);
    expect(totalNeed(forecast)).toBeCloseTo(DEFAULT_HOURS.assignment, 1);
    expect(forecast.weeks[1]?.items[0]).toMatchObject({ id: 'essay', source: 'default', hours: 3 });
    expect(forecast.historySamples).toBe(0);
  });

  it('nothing to do: every week has need 0 and is never over capacity', () => {
    const forecast = workloadForecast(input());
    expect(forecast.weeks.every((week) => week.needHours === 0 && !week.overCapacity)).toBe(true);
    // This week counts from today (Wednesday): 3 weekdays × 9 + Saturday 5.
    expect(forecast.weeks[0]?.freeHours).toBe(32);
  });

  it.each([
    // [history, expected hours for a new Math assignment, source]
    [
      'two Math assignments that took 4 h each',
      [task('a1', { dueDate: '2026-02-10', completed: true }), task('a2', { dueDate: '2026-02-20', completed: true })],
      [session('2026-02-08', 240), session('2026-02-18', 240)],
      4,
      'course-history',
    ],
    [
      'only other courses’ assignments: the type’s history',
      [
        task('b1', { courseId: 'bio', dueDate: '2026-02-10', completed: true }),
        task('b2', { courseId: 'bio', dueDate: '2026-02-20', completed: true }),
      ],
      [session('2026-02-08', 60, 'bio'), session('2026-02-18', 120, 'bio')],
      1.5,
      'type-history',
    ],
    ['one sample is not enough', [task('a1', { dueDate: '2026-02-10', completed: true })], [session('2026-02-08', 600)], 3, 'default'],
    [
      'history older than 180 days is not used',
      [task('a1', { dueDate: '2025-06-10', completed: true }), task('a2', { dueDate: '2025-06-20', completed: true })],
      [session('2025-06-08', 600), session('2025-06-18', 600)],
      3,
      'default',
    ],
  ] as const)('%s', (_name, history, sessions, hours, source) => {
    const forecast = workloadForecast(input({ tasks: [...history, task('new', { dueDate: '2026-03-20' })], sessions }));
    const item = forecast.weeks.flatMap((week) => week.items).find((entry) => entry.id === 'new');
    expect(item).toMatchObject({ hours, source });
  });

  it('a study session in two tasks’ lead windows is shared between them', () => {
    const costs = taskCosts(
      [task('a1', { dueDate: '2026-02-10', completed: true }), task('a2', { dueDate: '2026-02-12', completed: true })],
      [session('2026-02-09', 120)],
      TODAY,
    );
    expect(Object.fromEntries(costs)).toEqual({ a1: 60, a2: 60 });
  });

  it.each([
    [5, 0.5],
    [20, 1],
    [40, 2],
    [80, 2],
  ])('an assessment worth %i percent of the grade needs %s × its estimate', (weight, factor) => {
    const forecast = workloadForecast(input({ assessments: [assessment('exam', { date: '2026-03-18', weight })] }));
    expect(totalNeed(forecast)).toBeCloseTo(DEFAULT_HOURS.exam * factor, 1);
  });

  it('an exam task on the same course and day as an exam assessment counts once; graded or past assessments not at all', () => {
    const forecast = workloadForecast(
      input({
        tasks: [task('revise', { dueDate: '2026-03-18', taskType: 'exam' })],
        assessments: [
          assessment('exam', { date: '2026-03-18' }),
          assessment('old', { date: '2026-03-01' }),
          assessment('done', { date: '2026-03-20', score: 80 }),
        ],
      }),
    );
    expect(totalNeed(forecast)).toBeCloseTo(DEFAULT_HOURS.exam, 1);
    expect(forecast.weeks.flatMap((week) => week.items).map((item) => item.kind)).not.toContain('task');
  });

  it('overdue tasks are due today; priority scales the hours', () => {
    const forecast = workloadForecast(
      input({
        tasks: [task('late', { dueDate: '2026-02-20', priority: 'high' }), task('low', { dueDate: '2026-03-11', priority: 'low' })],
      }),
    );
    expect(forecast.weeks[0]?.items.find((item) => item.id === 'late')).toMatchObject({ due: TODAY, hours: 3.8 });
    expect(totalNeed(forecast)).toBeCloseTo(3.75 + 2.25, 0);
  });

  it('no work on holidays: a task due right after a holiday week is done before it', () => {
    const forecast = workloadForecast(
      input({
        tasks: [task('p', { taskType: 'project', dueDate: '2026-03-16' })],
        holidays: [{ startDate: '2026-03-08', endDate: '2026-03-15' }],
      }),
    );
    expect(forecast.weeks[1]?.needHours).toBe(0);
    expect(forecast.weeks[0]?.needHours).toBeCloseTo(8, 1);
  });

  it('a week over capacity is flagged with its largest items to start early, from a week with room', () => {
    // 40 high-priority quizzes due Thursday 19 March: 40 × 1.5 × 1.25 = 75 h, in a week of 55 free hours.
    const heavy = Array.from({ length: 40 }, (_, index) =>
      task(`q${index}`, { taskType: 'quiz', priority: 'high', dueDate: '2026-03-19' }),
    );
    const forecast = workloadForecast(input({ tasks: heavy }));
    const over = forecast.weeks.filter((week) => week.overCapacity);
    expect(over.map((week) => week.weekStart)).toEqual(['2026-03-15']);
    const week = over[0];
    expect(week?.needHours).toBeGreaterThan(week?.freeHours ?? 0);
    expect(week?.startEarly.length).toBeGreaterThan(0);
    expect(week?.startEarly.every((item) => item.startBy >= TODAY && item.startBy < '2026-03-15')).toBe(true);
  });
});

describe('workloadForecast limits', () => {
  it('drops tasks overdue by more than 30 days and lists at most 5 items a week (its need counts them all)', () => {
    const tasks = [
      task('ancient', { dueDate: '2025-01-10' }),
      ...Array.from({ length: 8 }, (_, index) => task(`q${index}`, { taskType: 'quiz', dueDate: '2026-03-12' })),
    ];
    const forecast = workloadForecast(input({ tasks }));
    const items = forecast.weeks.flatMap((week) => week.items);
    expect(items.map((item) => item.id)).not.toContain('ancient');
    expect(forecast.weeks.every((week) => week.items.length <= 5)).toBe(true);
    expect(totalNeed(forecast)).toBeCloseTo(8 * 1.5, 0);
  });
});
