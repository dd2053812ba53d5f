import { describe, expect, it } from 'vitest';
import { localDateTimeOf, utcInstantOf } from './local-time';
import {
  applyShortfallOption,
  DEFAULT_STUDY_HOURS,
  planStudy,
  studyHoursFromTimetable,
  suggestEstimate,
  type ExistingBlock,
  type PlanInput,
  type PlanTask,
  type StudyHours,
  type StudyPlan,
} from './study-plan';
import { expandTimetable } from './timetable';

// 2026-11-23 is a Monday.
const ZONES = ['Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Asia/Tokyo'] as const;
const at = (date: string, time: string, zone: string) => utcInstantOf(date, time, zone);
const local = (instant: string, zone: string) => {
  const value = localDateTimeOf(instant, zone);
  return `${value.date} ${value.time}`;
};
const aTask = (id: string, fields: Partial<PlanTask> & { dueAt: string }): PlanTask => ({
  id,
  title: `Task ${id}`,
  courseId: 'chem',
  taskType: 'assignment',
  estimateMinutes: 120,
  doneMinutes: 0,
  weight: null,
  credits: null,
  ...fields,
});
const inputFor = (zone: string, fields: Partial<PlanInput> = {}): PlanInput => ({
  now: at('2026-11-23', '08:00', zone),
  timeZone: zone,
  tasks: [],
  classes: [],
  hours: DEFAULT_STUDY_HOURS,
  blocks: [],
  ...fields,
});
const minutesOf = (plan: StudyPlan, taskId: string) =>
  plan.blocks.filter((block) => block.taskId === taskId).reduce((sum, block) => sum + block.minutes, 0);
/** The plan's blocks as the server stores them: every block gets an id; new ones a fresh one. */
const stored = (plan: StudyPlan, prefix = 'b'): ExistingBlock[] =>
  plan.blocks.map((block, index) => ({
    id: block.id ?? `${prefix}${index}`,
    taskId: block.taskId,
    start: block.start,
    end: block.end,
    pinned: block.pinned,
    status: 'planned',
  }));
const DAY_MS = 86_400_000;
/** 300 tasks of 12 courses due over 108 days from `start`, 25–150 minutes each. */
const semesterTasks = (start: number) =>
  Array.from({ length: 300 }, (_, index) =>
    aTask(`t${String(index).padStart(3, '0')}`, {
      courseId: `c${index % 12}`,
      dueAt: new Date(start + (2 + (index * 108) / 300) * DAY_MS).toISOString(),
      estimateMinutes: 25 + (index % 6) * 25,
    }),
  );

describe('planStudy: placement in the four reference zones', () => {
  it.each(ZONES)('%s: blocks fall in the study windows around classes, before the deadline less the buffer', (zone) => {
    const classes = expandTimetable({
      courses: [{ id: 'chem', timeSlots: [{ day: 1, startTime: '16:00', endTime: '17:30' }] }],
      terms: [],
      holidays: [],
      timeZone: zone,
      from: '2026-11-23',
      to: '2026-11-30',
    });
    const plan = planStudy(
      inputFor(zone, { classes, tasks: [aTask('lab', { dueAt: at('2026-11-24', '23:59', zone), estimateMinutes: 150 })] }),
    );
    expect(plan.blocks.map((block) => [local(block.start, zone), local(block.end, zone)])).toEqual([
      ['2026-11-23 17:30', '2026-11-23 19:10'],
      ['2026-11-23 19:20', '2026-11-23 20:10'],
    ]);
    expect(plan.shortfalls).toEqual([]);
    expect(plan.blocks[0]?.reason).toEqual({
      dueAt: at('2026-11-24', '23:59', zone),
      leftMinutes: 150,
      estimateMinutes: 150,
      weight: null,
    });
  });

  it.each(ZONES)('%s: never past the daily maximum, blocks of 25–120 minutes in focus units', (zone) => {
    const hours: StudyHours = { ...DEFAULT_STUDY_HOURS, dailyMaxMinutes: 100 };
    const plan = planStudy(
      inputFor(zone, { hours, tasks: [aTask('essay', { dueAt: at('2026-11-27', '12:00', zone), estimateMinutes: 300 })] }),
    );
    const perDay = new Map<string, number>();
    for (const block of plan.blocks) {
      const day = local(block.start, zone).slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + block.minutes);
      expect(block.minutes % 25).toBe(0);
      expect(block.minutes).toBeGreaterThanOrEqual(25);
      expect(block.minutes).toBeLessThanOrEqual(120);
    }
    expect([...perDay.values()].every((minutes) => minutes <= 100)).toBe(true);
    expect(minutesOf(plan, 'essay')).toBe(300);
    expect([...perDay.keys()]).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });
});

describe('planStudy: across DST changes', () => {
  const cases = [
    // Spring forward in New York (02:00 → 03:00 on Sunday 2026-03-08); a Sunday window across the gap.
    {
      zone: 'America/New_York',
      now: ['2026-03-08', '00:00'],
      window: ['01:00', '05:00'],
      expected: [
        ['2026-03-08 01:00', '2026-03-08 03:40'],
        ['2026-03-08 03:50', '2026-03-08 04:40'],
      ],
    },
    // Fall back in London (02:00 → 01:00 on Sunday 2026-10-25): the window is five real hours; 2 h blocks stay 2 h.
    {
      zone: 'Europe/London',
      now: ['2026-10-25', '00:00'],
      window: ['00:30', '04:30'],
      expected: [
        ['2026-10-25 00:30', '2026-10-25 01:10'],
        ['2026-10-25 01:20', '2026-10-25 02:10'],
      ],
    },
  ] as const;
  it.each(cases)('$zone', ({ zone, now, window, expected }) => {
    const hours: StudyHours = {
      ...DEFAULT_STUDY_HOURS,
      dailyMaxMinutes: 600,
      windows: [[{ startTime: window[0], endTime: window[1] }], [], [], [], [], [], []],
    };
    const plan = planStudy(
      inputFor(zone, {
        now: at(now[0], now[1], zone),
        hours,
        tasks: [aTask('t', { dueAt: at(now[0], '23:00', zone), estimateMinutes: 150 })],
      }),
    );
    expect(plan.blocks.every((block) => Date.parse(block.end) - Date.parse(block.start) === block.minutes * 60_000)).toBe(true);
    expect(minutesOf(plan, 't')).toBe(150);
    expect(plan.blocks.map((block) => [local(block.start, zone), local(block.end, zone)])).toEqual(expected);
  });

  it('a weekday window keeps its local hours on both sides of a DST change (Europe/Berlin, 2026-03-29)', () => {
    const zone = 'Europe/Berlin';
    const hours: StudyHours = { ...DEFAULT_STUDY_HOURS, dailyMaxMinutes: 100 };
    const plan = planStudy(
      inputFor(zone, {
        now: at('2026-03-26', '08:00', zone),
        hours,
        tasks: [aTask('t', { dueAt: at('2026-04-03', '12:00', zone), estimateMinutes: 400 })],
      }),
    );
    expect(plan.blocks.map((block) => local(block.start, zone))).toEqual([
      '2026-03-26 16:00',
      '2026-03-27 16:00',
      '2026-03-30 16:00',
      '2026-03-31 16:00',
    ]);
  });
});

describe('planStudy: order and weight', () => {
  const zone = 'UTC';
  it('the earlier deadline gets the earlier time; on the same day the heavier task goes first', () => {
    const hours: StudyHours = { ...DEFAULT_STUDY_HOURS, dailyMaxMinutes: 100 };
    const plan = planStudy(
      inputFor(zone, {
        hours,
        tasks: [
          aTask('late', { dueAt: at('2026-11-27', '23:00', zone), estimateMinutes: 100 }),
          aTask('light', { dueAt: at('2026-11-25', '23:00', zone), weight: 5, credits: 3, estimateMinutes: 100 }),
          aTask('heavy', { dueAt: at('2026-11-25', '22:00', zone), weight: 40, credits: 4, estimateMinutes: 100 }),
        ],
      }),
    );
    expect(plan.blocks.map((block) => [block.taskId, local(block.start, zone)])).toEqual([
      ['heavy', '2026-11-23 16:00'],
      ['light', '2026-11-24 16:00'],
      ['late', '2026-11-25 16:00'],
    ]);
  });

  it('is deterministic: the same inputs in any order give the same plan', () => {
    const tasks = Array.from({ length: 20 }, (_, index) =>
      aTask(`t${index}`, {
        dueAt: at(`2026-12-${String(1 + (index % 9)).padStart(2, '0')}`, '12:00', zone),
        estimateMinutes: 60 + index * 5,
      }),
    );
    const first = planStudy(inputFor(zone, { tasks }));
    const second = planStudy(inputFor(zone, { tasks: [...tasks].reverse() }));
    expect(second).toEqual(first);
  });

  it('plans nothing for tasks already due, done, or without time left', () => {
    const plan = planStudy(
      inputFor(zone, {
        tasks: [
          aTask('past', { dueAt: at('2026-11-22', '12:00', zone) }),
          aTask('finished', { dueAt: at('2026-11-25', '12:00', zone), estimateMinutes: 60, doneMinutes: 60 }),
        ],
      }),
    );
    expect(plan.blocks).toEqual([]);
    expect(plan.shortfalls).toEqual([]);
  });
});

describe('planStudy: weeks that do not fit', () => {
  it.each(ZONES)('%s: lists every task that does not fit, by how much, with choices; places the rest', (zone) => {
    // Monday 16:00–21:00 only before a Tuesday-morning deadline, daily maximum 4 h, for 7 h of work.
    const tasks = [
      aTask('a', { dueAt: at('2026-11-24', '09:00', zone), estimateMinutes: 175, weight: 30 }),
      aTask('b', { dueAt: at('2026-11-24', '09:00', zone), estimateMinutes: 250, weight: 10 }),
    ];
    const plan = planStudy(inputFor(zone, { tasks }));
    expect(minutesOf(plan, 'a')).toBe(175);
    expect(minutesOf(plan, 'b')).toBe(50);
    expect(plan.shortfalls).toEqual([
      {
        taskId: 'b',
        dueAt: tasks[1]?.dueAt,
        shortMinutes: 200,
        options: [
          { kind: 'extend-hours', minutesPerDay: 200 },
          { kind: 'lower-estimate', estimateMinutes: 50 },
        ],
      },
    ]);
  });

  it('offers weekend time when the weekend before the deadline has no study hours, and taking it makes the work fit', () => {
    const zone = 'Asia/Tokyo';
    const input = inputFor(zone, {
      now: at('2026-11-27', '20:00', zone),
      tasks: [aTask('big', { dueAt: at('2026-11-30', '12:00', zone), estimateMinutes: 350 })],
    });
    const plan = planStudy(input);
    const shortfall = plan.shortfalls[0];
    expect(minutesOf(plan, 'big')).toBe(50);
    expect(shortfall?.shortMinutes).toBe(300);
    const weekend = shortfall?.options.find((option) => option.kind === 'weekend');
    expect(weekend).toEqual({ kind: 'weekend', minutes: 300 });
    const widened = planStudy({ ...input, hours: applyShortfallOption(input.hours, weekend as never) });
    expect(widened.shortfalls).toEqual([]);
    expect(minutesOf(widened, 'big')).toBe(350);
  });

  it('extending the hours by the offered minutes a day fits the work', () => {
    const zone = 'Pacific/Honolulu';
    const input = inputFor(zone, { tasks: [aTask('x', { dueAt: at('2026-11-25', '23:00', zone), estimateMinutes: 800 })] });
    const plan = planStudy(input);
    const extend = plan.shortfalls[0]?.options.find((option) => option.kind === 'extend-hours');
    expect(plan.shortfalls[0]?.shortMinutes).toBeGreaterThan(0);
    const widened = planStudy({ ...input, hours: applyShortfallOption(input.hours, extend as never) });
    expect(plan.shortfalls[0]?.shortMinutes).toBe(125);
    expect(extend).toEqual({ kind: 'extend-hours', minutesPerDay: 45 });
    expect(widened.shortfalls).toEqual([]);
    expect(minutesOf(widened, 'x')).toBe(800);
  });
  it('spreads the extension over the days with study hours only (not the weekend between), and applying it fits the work', () => {
    const zone = 'Asia/Tokyo';
    // Friday 20:00 to a Monday-night deadline: study time on Friday evening and Monday, none at the weekend.
    const input = inputFor(zone, {
      now: at('2026-11-27', '20:00', zone),
      tasks: [aTask('y', { dueAt: at('2026-11-30', '23:59', zone), estimateMinutes: 400 })],
    });
    const plan = planStudy(input);
    const shortfall = plan.shortfalls[0];
    expect(shortfall?.shortMinutes).toBe(125);
    const extend = shortfall?.options.find((option) => option.kind === 'extend-hours');
    // 125 minutes over 2 days with study hours (Friday, Monday), not 3 calendar days (which offered 45 and did not fit).
    expect(extend).toEqual({ kind: 'extend-hours', minutesPerDay: 65 });
    const widened = planStudy({ ...input, hours: applyShortfallOption(input.hours, extend as never) });
    expect(widened.shortfalls).toEqual([]);
    expect(minutesOf(widened, 'y')).toBe(400);
  });
});

describe('planStudy: a living plan moves as few blocks as possible', () => {
  const zone = 'Asia/Kolkata';
  const tasks = [
    aTask('a', { dueAt: at('2026-11-26', '23:59', zone), estimateMinutes: 175 }),
    aTask('b', { dueAt: at('2026-11-28', '23:59', zone), estimateMinutes: 250 }),
    aTask('c', { dueAt: at('2026-12-04', '23:59', zone), estimateMinutes: 300 }),
  ];
  const first = planStudy(inputFor(zone, { tasks }));
  const blocks = stored(first);

  it('re-planning the stored plan moves nothing', () => {
    const again = planStudy(inputFor(zone, { tasks, blocks }));
    expect(again.moves).toBe(0);
    expect(again.removedIds).toEqual([]);
    expect(again.blocks.every((block) => block.id !== null)).toBe(true);
  });

  it('a new task with a later deadline moves nothing', () => {
    const again = planStudy(
      inputFor(zone, { tasks: [...tasks, aTask('d', { dueAt: at('2026-12-10', '12:00', zone), estimateMinutes: 100 })], blocks }),
    );
    expect(again.moves).toBe(0);
    expect(minutesOf(again, 'd')).toBe(100);
  });

  it('finishing a task removes only its blocks and moves no other', () => {
    const again = planStudy(inputFor(zone, { tasks: tasks.filter((task) => task.id !== 'a'), blocks }));
    expect(again.moves).toBe(0);
    expect(again.removedIds.sort()).toEqual(
      blocks
        .filter((block) => block.taskId === 'a')
        .map((block) => block.id)
        .sort(),
    );
  });

  // Free time starts at the 5-minute mark a minute ahead: a block starting within that minute is kept as is, not
  // re-placed 5 minutes later (which would drop its push). 15:59:01 and 15:59:59 before a 16:00 block.
  it.each([
    ['15:59:01', 59_000],
    ['15:59:59', 1_000],
    ['15:59:00', 60_000],
  ])('a read at %s keeps the 16:00 block where it is (0 moves)', (_label, beforeMs) => {
    const next = blocks[0] as ExistingBlock;
    expect(local(next.start, zone)).toBe('2026-11-23 16:00');
    const now = new Date(Date.parse(next.start) - beforeMs).toISOString();
    const again = planStudy(inputFor(zone, { now, tasks, blocks }));
    expect(again.moves).toBe(0);
    expect(again.removedIds).toEqual([]);
    expect(again.blocks.find((block) => block.id === next.id)?.start).toBe(next.start);
    expect(again.blocks.every((block) => block.id !== null)).toBe(true);
  });

  it('a missed block becomes missed and its time goes into the next free slot; the other blocks stay', () => {
    const missed = blocks[0] as ExistingBlock;
    const now = new Date(Date.parse(missed.end) + 5 * 60_000).toISOString();
    const again = planStudy(inputFor(zone, { now, tasks, blocks }));
    expect(again.missedIds).toEqual([missed.id]);
    expect(minutesOf(again, missed.taskId)).toBe(175);
    const replacement = again.blocks.find((block) => block.id === null);
    expect(replacement?.taskId).toBe(missed.taskId);
    expect(Date.parse(replacement?.start ?? '')).toBeGreaterThan(Date.parse(now));
    expect(again.moves).toBeLessThanOrEqual(1);
  });

  it('a pinned block never moves, counts for its task, and is planned around', () => {
    const pinnedBlock: ExistingBlock = {
      id: 'pin',
      taskId: 'c',
      start: at('2026-11-23', '16:00', zone),
      end: at('2026-11-23', '17:40', zone),
      pinned: true,
      status: 'planned',
    };
    const again = planStudy(inputFor(zone, { tasks, blocks: [pinnedBlock] }));
    expect(again.blocks.find((block) => block.id === 'pin')).toMatchObject({
      start: pinnedBlock.start,
      end: pinnedBlock.end,
      pinned: true,
    });
    expect(minutesOf(again, 'c')).toBe(300);
    for (const block of again.blocks)
      if (block.id !== 'pin') expect(block.end <= pinnedBlock.start || block.start >= pinnedBlock.end).toBe(true);
  });

  it('done blocks count against the day and the task', () => {
    const done: ExistingBlock = {
      id: 'done',
      taskId: 'a',
      start: at('2026-11-23', '06:00', zone),
      end: at('2026-11-23', '07:40', zone),
      pinned: false,
      status: 'done',
    };
    const again = planStudy(
      inputFor(zone, { tasks: tasks.map((task) => (task.id === 'a' ? { ...task, doneMinutes: 100 } : task)), blocks: [done] }),
    );
    expect(minutesOf(again, 'a')).toBe(75);
    const monday = again.blocks
      .filter((block) => local(block.start, zone).startsWith('2026-11-23'))
      .reduce((sum, block) => sum + block.minutes, 0);
    expect(monday).toBeLessThanOrEqual(DEFAULT_STUDY_HOURS.dailyMaxMinutes - 100);
  });

  it('an earlier deadline that cannot fit around the kept blocks re-plans afresh', () => {
    const urgent = aTask('urgent', { dueAt: at('2026-11-24', '14:00', zone), estimateMinutes: 200 });
    const again = planStudy(inputFor(zone, { tasks: [...tasks, urgent], blocks }));
    expect(again.shortfalls.find((item) => item.taskId === 'urgent')).toBeUndefined();
    expect(again.moves).toBeGreaterThan(0);
  });
});

it('plans a semester of 300 tasks across 12 courses, and a new task moves no block', () => {
  const zone = 'America/New_York';
  const courses = Array.from({ length: 12 }, (_, index) => ({
    id: `c${index}`,
    termId: 't',
    timeSlots: [{ day: 1 + (index % 5), startTime: '09:00', endTime: '10:30' }],
  }));
  const classes = expandTimetable({
    courses,
    terms: [{ id: 't', startDate: '2026-08-31', endDate: '2026-12-18' }],
    holidays: [],
    timeZone: zone,
    from: '2026-08-31',
    to: '2026-12-31',
  });
  const start = Date.parse('2026-08-31T12:00:00Z');
  const tasks = semesterTasks(start);
  const input = inputFor(zone, {
    now: new Date(start).toISOString(),
    classes,
    tasks,
    hours: { ...DEFAULT_STUDY_HOURS, windows: Array.from({ length: 7 }, () => [{ startTime: '08:00', endTime: '22:00' }]) },
  });
  const plan = planStudy(input);
  const blocks = stored(plan);
  const again = planStudy({ ...input, tasks: [...tasks, aTask('new', { dueAt: new Date(start + 50 * DAY_MS).toISOString() })], blocks });
  expect(plan.blocks.length).toBeGreaterThan(300);
  expect(again.moves).toBe(0);
  // Its speed is a benchmark, not a test (a busy machine failed a time ceiling here):
  // scripts/bench/study-plan.bench.ts measures it.
});

describe('study hours and estimates', () => {
  it('study hours from a timetable start after each weekday’s last class', () => {
    const hours = studyHoursFromTimetable([
      { day: 1, endTime: '17:10' },
      { day: 2, endTime: '12:00' },
      { day: 3, endTime: '20:30' },
    ]);
    expect(hours.windows).toEqual([
      [],
      [{ startTime: '17:30', endTime: '21:00' }],
      [{ startTime: '16:00', endTime: '21:00' }],
      [],
      [{ startTime: '16:00', endTime: '21:00' }],
      [{ startTime: '16:00', endTime: '21:00' }],
      [],
    ]);
  });

  it.each([
    { samples: [], expected: { minutes: 180, source: 'default' } },
    {
      samples: [
        { courseId: 'chem', taskType: 'assignment', focusMinutes: 100 },
        { courseId: 'chem', taskType: 'assignment', focusMinutes: 150 },
        { courseId: 'chem', taskType: 'assignment', focusMinutes: 400 },
      ],
      expected: { minutes: 150, source: 'course-history' },
    },
    {
      samples: [
        { courseId: 'math', taskType: 'assignment', focusMinutes: 60 },
        { courseId: 'bio', taskType: 'assignment', focusMinutes: 91 },
        { courseId: 'chem', taskType: 'assignment', focusMinutes: 500 },
      ],
      expected: { minutes: 90, source: 'type-history' },
    },
    { samples: [{ courseId: 'chem', taskType: 'exam', focusMinutes: 500 }], expected: { minutes: 180, source: 'default' } },
  ] as const)('suggestEstimate %#', ({ samples, expected }) => {
    expect(suggestEstimate(samples, 'chem', 'assignment')).toEqual(expected);
  });
});

describe('breaks across the end of a day’s window', () => {
  // Windows 00:00–23:59 every day, planned at 23:26: the first block ends at 23:55, at the window's end.
  const allDay = Array.from({ length: 7 }, () => [{ startTime: '00:00', endTime: '23:59' }]);
  const hours = { ...DEFAULT_STUDY_HOURS, windows: allDay, dailyMaxMinutes: 600, breakMinutes: 10, bufferMinutes: 60, unitMinutes: 25 };
  const zone = 'UTC';
  const input = inputFor(zone, {
    now: at('2026-12-01', '23:26', zone),
    hours,
    tasks: [aTask('lab', { estimateMinutes: 150, dueAt: at('2026-12-04', '23:26', zone) })],
  });

  it('keeps the break before the next day’s first block, as it does within a day', () => {
    const plan = planStudy(input);
    const starts = plan.blocks.map((block) => Date.parse(block.start)).sort((a, b) => a - b);
    const ends = plan.blocks.map((block) => Date.parse(block.end)).sort((a, b) => a - b);
    expect(plan.blocks[0]!.start).toBe('2026-12-01T23:30:00.000Z');
    for (let index = 1; index < starts.length; index++) expect(starts[index]! - ends[index - 1]!).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it('so a re-plan a few minutes later moves nothing', () => {
    const plan = planStudy(input);
    const again = planStudy({ ...input, now: at('2026-12-01', '23:29', zone), blocks: stored(plan) });
    expect(again.moves).toBe(0);
    expect(again.blocks.map((block) => [block.start, block.end])).toEqual(plan.blocks.map((block) => [block.start, block.end]));
  });
});
