import { describe, expect, it } from 'vitest';
import { addDays, type DateRange } from './local-time';
import {
  MAX_EXPANSION_DAYS,
  abWeekOf,
  cycleDayOf,
  expandTimetable,
  nextOccurrence,
  occurrenceKey,
  type TermRotation,
  type TimetableCourse,
  type TimetableOccurrence,
  type TimetableSlot,
  type TimetableSource,
  type TimetableTerm,
} from './timetable';

// January 2026: Thursday the 1st; Sundays 4, 11, 18, 25; Monday the 5th.
const MON = 1;
const TUE = 2;
const WED = 3;
const SAT = 6;

function slot(day: number, startTime: string, endTime: string, extra: Partial<TimetableSlot> = {}): TimetableSlot {
  return { day, startTime, endTime, ...extra };
}

function term(rotation: TermRotation | null, startDate = '2026-01-05', endDate = '2026-03-27'): TimetableTerm {
  return { id: 'term', startDate, endDate, rotation };
}

function source(
  courses: TimetableCourse[],
  options: { terms?: TimetableTerm[]; holidays?: DateRange[]; timeZone?: string } = {},
): TimetableSource {
  return { courses, terms: options.terms ?? [], holidays: options.holidays ?? [], timeZone: options.timeZone ?? 'UTC' };
}

/** `date#slotIndex` per occurrence: compact enough to read a whole schedule in one table row. */
function summary(occurrences: TimetableOccurrence[]): string[] {
  return occurrences.map((occurrence) => `${occurrence.courseId} ${occurrence.date}#${occurrence.slotIndex}`);
}

describe('weekly rotation and course dates', () => {
  const slots = [slot(MON, '09:00', '10:00'), slot(WED, '13:00', '14:30')];
  const weekly = term({ kind: 'weekly' });

  it.each([
    {
      name: 'term dates bound a course without its own',
      course: { id: 'c', termId: 'term', timeSlots: slots },
      from: '2026-01-01',
      to: '2026-01-14',
      expected: ['c 2026-01-05#0', 'c 2026-01-07#1', 'c 2026-01-12#0', 'c 2026-01-14#1'],
    },
    {
      name: 'the course start date wins over the term start',
      course: { id: 'c', termId: 'term', startDate: '2026-01-12', timeSlots: slots },
      from: '2026-01-01',
      to: '2026-01-14',
      expected: ['c 2026-01-12#0', 'c 2026-01-14#1'],
    },
    {
      name: 'the course end date wins over the term end, start still from the term',
      course: { id: 'c', termId: 'term', endDate: '2026-01-07', timeSlots: slots },
      from: '2026-01-01',
      to: '2026-01-31',
      expected: ['c 2026-01-05#0', 'c 2026-01-07#1'],
    },
    {
      name: 'course dates may run outside the term',
      course: { id: 'c', termId: 'term', startDate: '2025-12-29', endDate: '2025-12-31', timeSlots: slots },
      from: '2025-12-01',
      to: '2026-01-31',
      expected: ['c 2025-12-29#0', 'c 2025-12-31#1'],
    },
    {
      name: 'after the term ends there is nothing',
      course: { id: 'c', termId: 'term', timeSlots: slots },
      from: '2026-03-28',
      to: '2026-04-30',
      expected: [],
    },
    {
      name: 'no dates and no term: every matching day of the range',
      course: { id: 'c', termId: null, startDate: null, endDate: null, timeSlots: slots },
      from: '2030-06-03',
      to: '2030-06-12',
      expected: ['c 2030-06-03#0', 'c 2030-06-05#1', 'c 2030-06-10#0', 'c 2030-06-12#1'],
    },
    {
      name: 'an unknown termId counts as no term',
      course: { id: 'c', termId: 'deleted', timeSlots: slots },
      from: '2030-06-03',
      to: '2030-06-05',
      expected: ['c 2030-06-03#0', 'c 2030-06-05#1'],
    },
    {
      name: 'the range ends are inclusive',
      course: { id: 'c', termId: 'term', timeSlots: slots },
      from: '2026-01-07',
      to: '2026-01-12',
      expected: ['c 2026-01-07#1', 'c 2026-01-12#0'],
    },
    {
      name: 'a slot on Sunday (0) and an impossible weekday (7)',
      course: { id: 'c', termId: 'term', timeSlots: [slot(0, '18:00', '19:00'), slot(7, '18:00', '19:00')] },
      from: '2026-01-05',
      to: '2026-01-18',
      expected: ['c 2026-01-11#0', 'c 2026-01-18#0'],
    },
    {
      name: 'week and cycleDay are ignored in a weekly term',
      course: { id: 'c', termId: 'term', timeSlots: [slot(MON, '09:00', '10:00', { week: 'B', cycleDay: 4 })] },
      from: '2026-01-05',
      to: '2026-01-12',
      expected: ['c 2026-01-05#0', 'c 2026-01-12#0'],
    },
  ])('$name', ({ course, from, to, expected }) => {
    expect(summary(expandTimetable({ ...source([course], { terms: [weekly] }), from, to }))).toEqual(expected);
  });

  it('treats a term without rotation as weekly', () => {
    const course = { id: 'c', termId: 'term', timeSlots: slots };
    const withNull = expandTimetable({ ...source([course], { terms: [term(null)] }), from: '2026-01-01', to: '2026-02-28' });
    const withWeekly = expandTimetable({ ...source([course], { terms: [weekly] }), from: '2026-01-01', to: '2026-02-28' });
    expect(withNull).toEqual(withWeekly);
  });

  it('fills every field of an occurrence', () => {
    const [first] = expandTimetable({
      ...source([{ id: 'math', termId: 'term', timeSlots: slots }], { terms: [weekly], timeZone: 'Europe/Madrid' }),
      from: '2026-01-05',
      to: '2026-01-05',
    });
    expect(first).toEqual({
      courseId: 'math',
      date: '2026-01-05',
      startTime: '09:00',
      endTime: '10:00',
      start: '2026-01-05T08:00:00.000Z',
      end: '2026-01-05T09:00:00.000Z',
      slotIndex: 0,
      occurrenceKey: 'math:2026-01-05:0',
    });
  });

  it('sorts by start instant, then course id, then slot index', () => {
    const occurrences = expandTimetable({
      ...source([
        { id: 'b', timeSlots: [slot(MON, '11:00', '12:00'), slot(MON, '08:00', '09:00')] },
        { id: 'a', timeSlots: [slot(MON, '11:00', '12:00'), slot(MON, '11:00', '11:30')] },
      ]),
      from: '2026-01-05',
      to: '2026-01-05',
    });
    expect(occurrences.map((o) => `${o.courseId}#${o.slotIndex} ${o.startTime}`)).toEqual([
      'b#1 08:00',
      'a#0 11:00',
      'a#1 11:00',
      'b#0 11:00',
    ]);
  });
});

describe('holidays', () => {
  const course = { id: 'c', termId: 'term', timeSlots: [slot(MON, '09:00', '10:00'), slot(WED, '09:00', '10:00')] };

  it.each([
    {
      name: 'a one-day holiday',
      holidays: [{ startDate: '2026-01-12', endDate: '2026-01-12' }],
      expected: ['c 2026-01-05#0', 'c 2026-01-07#1', 'c 2026-01-14#1'],
    },
    {
      name: 'a holiday range, inclusive of both ends',
      holidays: [{ startDate: '2026-01-07', endDate: '2026-01-12' }],
      expected: ['c 2026-01-05#0', 'c 2026-01-14#1'],
    },
    {
      name: 'overlapping holidays',
      holidays: [
        { startDate: '2026-01-01', endDate: '2026-01-06' },
        { startDate: '2026-01-05', endDate: '2026-01-08' },
      ],
      expected: ['c 2026-01-12#0', 'c 2026-01-14#1'],
    },
    { name: 'no holidays', holidays: [], expected: ['c 2026-01-05#0', 'c 2026-01-07#1', 'c 2026-01-12#0', 'c 2026-01-14#1'] },
  ])('$name', ({ holidays, expected }) => {
    const occurrences = expandTimetable({
      ...source([course], { terms: [term({ kind: 'weekly' })], holidays }),
      from: '2026-01-01',
      to: '2026-01-14',
    });
    expect(summary(occurrences)).toEqual(expected);
  });
});

describe('cancelled lessons', () => {
  const slots = [slot(MON, '09:00', '10:00'), slot(MON, '11:00', '12:00'), slot(WED, '09:00', '10:00')];
  const expand = (course: TimetableCourse, from = '2026-01-05', to = '2026-01-14', rotation: TermRotation = { kind: 'weekly' }) =>
    summary(expandTimetable({ ...source([course], { terms: [term(rotation)] }), from, to }));

  it('skips exactly the cancelled slot on the cancelled date', () => {
    const course = { id: 'c', termId: 'term', timeSlots: slots, cancelledLessons: [{ date: '2026-01-12', slotIndex: 1 }] };
    expect(expand(course)).toEqual(['c 2026-01-05#0', 'c 2026-01-05#1', 'c 2026-01-07#2', 'c 2026-01-12#0', 'c 2026-01-14#2']);
  });

  it('keeps the same slot on other dates and other slots on the same date', () => {
    const course = {
      id: 'c',
      termId: 'term',
      timeSlots: slots,
      cancelledLessons: [
        { date: '2026-01-05', slotIndex: 0 },
        { date: '2026-01-14', slotIndex: 2 },
      ],
    };
    expect(expand(course)).toEqual(['c 2026-01-05#1', 'c 2026-01-07#2', 'c 2026-01-12#0', 'c 2026-01-12#1']);
  });

  it('ignores a cancellation that names no meeting (another date, a slot index beyond the list)', () => {
    const course = {
      id: 'c',
      termId: 'term',
      timeSlots: slots,
      cancelledLessons: [
        { date: '2026-01-06', slotIndex: 0 },
        { date: '2026-01-05', slotIndex: 9 },
      ],
    };
    expect(expand(course)).toEqual(expand({ id: 'c', termId: 'term', timeSlots: slots }));
  });

  it('applies to one course only', () => {
    const other = { id: 'd', termId: 'term', timeSlots: [slot(MON, '09:00', '10:00')] };
    const cancelled = {
      id: 'c',
      termId: 'term',
      timeSlots: [slot(MON, '09:00', '10:00')],
      cancelledLessons: [{ date: '2026-01-05', slotIndex: 0 }],
    };
    const occurrences = expandTimetable({
      ...source([cancelled, other], { terms: [term({ kind: 'weekly' })] }),
      from: '2026-01-05',
      to: '2026-01-05',
    });
    expect(summary(occurrences)).toEqual(['d 2026-01-05#0']);
  });

  it('skips a cancelled slot of an N-day cycle too', () => {
    const course = {
      id: 'c',
      termId: 'term',
      timeSlots: [slot(MON, '09:00', '10:00', { cycleDay: 1 })],
      cancelledLessons: [{ date: '2026-01-05', slotIndex: 0 }],
    };
    // Cycle day 1 is Monday the 5th, then Wednesday the 7th in a 2-day cycle.
    expect(expand(course, '2026-01-05', '2026-01-07', { kind: 'nday', days: 2 })).toEqual(['c 2026-01-07#0']);
  });

  it('nextOccurrence passes over a cancelled lesson', () => {
    const course = {
      id: 'c',
      termId: 'term',
      timeSlots: [slot(MON, '09:00', '10:00')],
      cancelledLessons: [{ date: '2026-01-05', slotIndex: 0 }],
    };
    const next = nextOccurrence(source([course], { terms: [term({ kind: 'weekly' })] }), '2026-01-05T08:00:00Z');
    expect(next?.date).toBe('2026-01-12');
  });
});

describe('A/B rotation', () => {
  // Slot 0: Monday week A; slot 1: Monday week B; slot 2: Tuesday every week.
  const slots = [slot(MON, '09:00', '10:00', { week: 'A' }), slot(MON, '11:00', '12:00', { week: 'B' }), slot(TUE, '10:00', '11:00')];

  it.each([
    {
      // Term starts Wednesday 7 January: the week of Sunday 4 January is A, so Monday the 12th is B.
      name: 'the week holding the term start is A',
      term: term({ kind: 'ab' }, '2026-01-07'),
      holidays: [],
      expected: ['c 2026-01-12#1', 'c 2026-01-13#2', 'c 2026-01-19#0', 'c 2026-01-20#2', 'c 2026-01-26#1', 'c 2026-01-27#2'],
    },
    {
      name: 'firstWeek B flips the labels',
      term: term({ kind: 'ab', firstWeek: 'B' }, '2026-01-07'),
      holidays: [],
      expected: ['c 2026-01-12#0', 'c 2026-01-13#2', 'c 2026-01-19#1', 'c 2026-01-20#2', 'c 2026-01-26#0', 'c 2026-01-27#2'],
    },
    {
      name: 'a holiday week does not shift the alternation',
      term: term({ kind: 'ab' }, '2026-01-07'),
      holidays: [{ startDate: '2026-01-18', endDate: '2026-01-24' }],
      expected: ['c 2026-01-12#1', 'c 2026-01-13#2', 'c 2026-01-26#1', 'c 2026-01-27#2'],
    },
    {
      // Saturday 10 January is in the week of Sunday the 4th: that week is A, Monday the 12th is B.
      name: 'a term starting on Saturday: its Sunday-start week is A',
      term: term({ kind: 'ab' }, '2026-01-10'),
      holidays: [],
      expected: ['c 2026-01-12#1', 'c 2026-01-13#2', 'c 2026-01-19#0', 'c 2026-01-20#2', 'c 2026-01-26#1', 'c 2026-01-27#2'],
    },
    {
      // Sunday 11 January starts a new week, and it is A.
      name: 'a term starting on Sunday: that week is A',
      term: term({ kind: 'ab' }, '2026-01-11'),
      holidays: [],
      expected: ['c 2026-01-12#0', 'c 2026-01-13#2', 'c 2026-01-19#1', 'c 2026-01-20#2', 'c 2026-01-26#0', 'c 2026-01-27#2'],
    },
  ])('$name', ({ term: abTerm, holidays, expected }) => {
    const occurrences = expandTimetable({
      ...source([{ id: 'c', termId: 'term', timeSlots: slots }], { terms: [abTerm], holidays }),
      from: '2026-01-01',
      to: '2026-01-31',
    });
    expect(summary(occurrences)).toEqual(expected);
  });

  it('continues the alternation before the term for a course that starts earlier', () => {
    const course = { id: 'c', termId: 'term', startDate: '2025-12-29', timeSlots: slots };
    const occurrences = expandTimetable({
      ...source([course], { terms: [term({ kind: 'ab' }, '2026-01-07')] }),
      from: '2025-12-29',
      to: '2026-01-06',
    });
    // Week of 28 December is B (one before A), week of 4 January is A.
    expect(summary(occurrences)).toEqual(['c 2025-12-29#1', 'c 2025-12-30#2', 'c 2026-01-05#0', 'c 2026-01-06#2']);
  });

  it.each([
    { date: '2026-01-04', week: 'A' },
    { date: '2026-01-10', week: 'A' },
    { date: '2026-01-11', week: 'B' },
    { date: '2026-01-17', week: 'B' },
    { date: '2026-01-18', week: 'A' },
    { date: '2026-01-03', week: 'B' },
  ])('abWeekOf($date) = $week', ({ date, week }) => {
    expect(abWeekOf(term({ kind: 'ab' }, '2026-01-07'), date)).toBe(week);
  });

  it('abWeekOf is null outside A/B terms', () => {
    expect(abWeekOf(term({ kind: 'weekly' }), '2026-01-05')).toBeNull();
    expect(abWeekOf(term(null), '2026-01-05')).toBeNull();
  });
});

describe('N-day rotation', () => {
  // Slot 0: cycle day 1; slot 1: cycle day 3; slot 2: cycle day 2 (its Saturday weekday is ignored);
  // slot 3: cycle day 5, which a 3-day cycle never has.
  const slots = [
    slot(MON, '09:00', '10:00', { cycleDay: 1 }),
    slot(MON, '10:00', '11:00', { cycleDay: 3 }),
    slot(SAT, '11:00', '12:00', { cycleDay: 2 }),
    slot(MON, '12:00', '13:00', { cycleDay: 5 }),
  ];
  const threeDay: TermRotation = { kind: 'nday', days: 3 };

  it.each([
    {
      // School days from Monday 5 January: 5→1 6→2 7→3 8→1 9→2, 12→3 13→1 14→2 15→3 16→1.
      name: 'counts Monday–Friday from the term start',
      term: term(threeDay),
      holidays: [],
      expected: [
        'c 2026-01-05#0',
        'c 2026-01-06#2',
        'c 2026-01-07#1',
        'c 2026-01-08#0',
        'c 2026-01-09#2',
        'c 2026-01-12#1',
        'c 2026-01-13#0',
        'c 2026-01-14#2',
        'c 2026-01-15#1',
        'c 2026-01-16#0',
      ],
    },
    {
      // Thursday the 8th is a holiday: 9→1 12→2 13→3 14→1 15→2 16→3.
      name: 'a holiday is not a school day and shifts the cycle',
      term: term(threeDay),
      holidays: [{ startDate: '2026-01-08', endDate: '2026-01-08' }],
      expected: [
        'c 2026-01-05#0',
        'c 2026-01-06#2',
        'c 2026-01-07#1',
        'c 2026-01-09#0',
        'c 2026-01-12#2',
        'c 2026-01-13#1',
        'c 2026-01-14#0',
        'c 2026-01-15#2',
        'c 2026-01-16#1',
      ],
    },
    {
      // Term starts Saturday 3 January: day 1 is the first school day, Monday the 5th.
      name: 'a weekend term start makes the next Monday day 1',
      term: term(threeDay, '2026-01-03'),
      holidays: [],
      expected: [
        'c 2026-01-05#0',
        'c 2026-01-06#2',
        'c 2026-01-07#1',
        'c 2026-01-08#0',
        'c 2026-01-09#2',
        'c 2026-01-12#1',
        'c 2026-01-13#0',
        'c 2026-01-14#2',
        'c 2026-01-15#1',
        'c 2026-01-16#0',
      ],
    },
  ])('$name', ({ term: ndayTerm, holidays, expected }) => {
    const occurrences = expandTimetable({
      ...source([{ id: 'c', termId: 'term', timeSlots: slots }], { terms: [ndayTerm], holidays }),
      from: '2026-01-01',
      to: '2026-01-16',
    });
    expect(summary(occurrences)).toEqual(expected);
  });

  it('gives the same cycle days whether the range starts at the term start or mid-term', () => {
    const holidays = [
      { startDate: '2026-02-16', endDate: '2026-02-20' },
      { startDate: '2026-03-03', endDate: '2026-03-03' },
    ];
    const input = source([{ id: 'c', termId: 'term', timeSlots: slots }], { terms: [term({ kind: 'nday', days: 7 })], holidays });
    const whole = expandTimetable({ ...input, from: '2026-01-05', to: '2026-03-27' });
    const tail = expandTimetable({ ...input, from: '2026-02-23', to: '2026-03-27' });
    expect(tail).toEqual(whole.filter((occurrence) => occurrence.date >= '2026-02-23'));
  });

  it('falls back to the weekday for a slot without cycleDay', () => {
    const course = { id: 'c', termId: 'term', timeSlots: [slot(TUE, '08:00', '09:00')] };
    const occurrences = expandTimetable({ ...source([course], { terms: [term(threeDay)] }), from: '2026-01-05', to: '2026-01-16' });
    expect(summary(occurrences)).toEqual(['c 2026-01-06#0', 'c 2026-01-13#0']);
  });

  it.each([
    { date: '2026-01-05', cycleDay: 1 },
    { date: '2026-01-09', cycleDay: 1 }, // after the holiday on the 8th
    { date: '2026-01-08', cycleDay: null }, // holiday
    { date: '2026-01-10', cycleDay: null }, // Saturday
    { date: '2026-01-12', cycleDay: 2 },
    { date: '2026-01-02', cycleDay: 3 }, // before the term the count runs backwards: Friday 2nd is index −1
    { date: '2026-01-01', cycleDay: 2 },
  ])('cycleDayOf($date) = $cycleDay', ({ date, cycleDay }) => {
    expect(cycleDayOf(term(threeDay), date, [{ startDate: '2026-01-08', endDate: '2026-01-08' }])).toBe(cycleDay);
  });

  it('cycleDayOf is null outside N-day terms', () => {
    expect(cycleDayOf(term({ kind: 'ab' }), '2026-01-05', [])).toBeNull();
  });

  it.each([1, 11, 2.5])('refuses a %s-day cycle', (days) => {
    const input = source([{ id: 'c', termId: 'term', timeSlots: slots }], { terms: [term({ kind: 'nday', days })] });
    expect(() => expandTimetable({ ...input, from: '2026-01-05', to: '2026-01-09' })).toThrow(RangeError);
  });
});

describe('time zones and DST weeks', () => {
  const everyDayAtNine = [0, 1, 2, 3, 4, 5, 6].map((day) => slot(day, '09:00', '10:00'));

  it.each([
    {
      name: 'New York spring forward: 09:00 stays 09:00, one hour earlier in UTC',
      timeZone: 'America/New_York',
      from: '2026-03-07',
      to: '2026-03-09',
      starts: ['2026-03-07T14:00:00.000Z', '2026-03-08T13:00:00.000Z', '2026-03-09T13:00:00.000Z'],
    },
    {
      name: 'New York fall back',
      timeZone: 'America/New_York',
      from: '2026-10-31',
      to: '2026-11-02',
      starts: ['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-02T14:00:00.000Z'],
    },
    {
      name: 'London spring forward',
      timeZone: 'Europe/London',
      from: '2026-03-28',
      to: '2026-03-30',
      starts: ['2026-03-28T09:00:00.000Z', '2026-03-29T08:00:00.000Z', '2026-03-30T08:00:00.000Z'],
    },
    {
      name: 'London fall back',
      timeZone: 'Europe/London',
      from: '2026-10-24',
      to: '2026-10-26',
      starts: ['2026-10-24T08:00:00.000Z', '2026-10-25T09:00:00.000Z', '2026-10-26T09:00:00.000Z'],
    },
  ])('$name', ({ timeZone, from, to, starts }) => {
    const occurrences = expandTimetable({ ...source([{ id: 'c', timeSlots: everyDayAtNine }], { timeZone }), from, to });
    expect(occurrences.map((occurrence) => occurrence.start)).toEqual(starts);
    expect(occurrences.every((occurrence) => occurrence.startTime === '09:00')).toBe(true);
  });

  it.each([
    // 01:30–02:30 on the night the clocks go back lasts two real hours: 01:30 EDT to 02:30 EST.
    {
      name: 'overlap night',
      date: '2026-11-01',
      startTime: '01:30',
      endTime: '02:30',
      start: '2026-11-01T05:30:00.000Z',
      end: '2026-11-01T07:30:00.000Z',
    },
    // 02:30 does not exist on the night the clocks go forward: it moves to 03:30 EDT, which is also the end.
    {
      name: 'gap night',
      date: '2026-03-08',
      startTime: '02:30',
      endTime: '03:30',
      start: '2026-03-08T07:30:00.000Z',
      end: '2026-03-08T07:30:00.000Z',
    },
  ])('a late-night Sunday class on the $name', ({ date, startTime, endTime, start, end }) => {
    const course = { id: 'c', timeSlots: [slot(0, startTime, endTime)] };
    const [occurrence] = expandTimetable({ ...source([course], { timeZone: 'America/New_York' }), from: date, to: date });
    expect(occurrence).toMatchObject({ date, startTime, endTime, start, end });
  });

  it('dates are local: a Monday class in Tokyo starts on Sunday in UTC', () => {
    const [occurrence] = expandTimetable({
      ...source([{ id: 'c', timeSlots: [slot(MON, '08:00', '09:00')] }], { timeZone: 'Asia/Tokyo' }),
      from: '2026-01-05',
      to: '2026-01-05',
    });
    expect(occurrence).toMatchObject({ date: '2026-01-05', start: '2026-01-04T23:00:00.000Z' });
  });
});

describe('input checks', () => {
  const input = source([{ id: 'c', timeSlots: [slot(MON, '09:00', '10:00')] }]);

  it('returns nothing when from is after to', () => {
    expect(expandTimetable({ ...input, from: '2026-02-01', to: '2026-01-01' })).toEqual([]);
  });

  it('refuses a span over MAX_EXPANSION_DAYS', () => {
    expect(expandTimetable({ ...input, from: '2026-01-01', to: addDays('2026-01-01', MAX_EXPANSION_DAYS - 1) }).length).toBeGreaterThan(
      500,
    );
    expect(() => expandTimetable({ ...input, from: '2026-01-01', to: addDays('2026-01-01', MAX_EXPANSION_DAYS) })).toThrow(RangeError);
  });

  it.each([
    { name: 'malformed date', from: '2026-1-5', slots: [slot(MON, '09:00', '10:00')], zone: 'UTC' },
    { name: 'malformed time', from: '2026-01-05', slots: [slot(MON, '9:00', '10:00')], zone: 'UTC' },
    { name: 'unknown time zone', from: '2026-01-05', slots: [slot(MON, '09:00', '10:00')], zone: 'Nowhere/Land' },
  ])('throws RangeError for a $name', ({ from, slots, zone }) => {
    expect(() => expandTimetable({ ...source([{ id: 'c', timeSlots: slots }], { timeZone: zone }), from, to: '2026-01-11' })).toThrow(
      RangeError,
    );
  });
});

describe('occurrenceKey', () => {
  it('is courseId:date:slotIndex, and matches the occurrences', () => {
    expect(occurrenceKey('c1', '2026-01-05', 2)).toBe('c1:2026-01-05:2');
    const occurrences = expandTimetable({
      ...source([{ id: 'c1', timeSlots: [slot(MON, '09:00', '10:00'), slot(MON, '11:00', '12:00')] }]),
      from: '2026-01-05',
      to: '2026-01-12',
    });
    expect(occurrences.map((o) => o.occurrenceKey)).toEqual(['c1:2026-01-05:0', 'c1:2026-01-05:1', 'c1:2026-01-12:0', 'c1:2026-01-12:1']);
  });
});

describe('nextOccurrence', () => {
  const course = { id: 'c', termId: 'term', timeSlots: [slot(MON, '09:00', '10:00'), slot(WED, '09:00', '10:00')] };
  const newYork = (holidays: DateRange[] = []) =>
    source([course], { terms: [term({ kind: 'weekly' })], holidays, timeZone: 'America/New_York' });

  it.each([
    { name: 'later today', now: '2026-01-05T13:30:00Z', holidays: [], inProgress: false, start: '2026-01-05T14:00:00.000Z' },
    { name: 'exactly at the start', now: '2026-01-05T14:00:00Z', holidays: [], inProgress: false, start: '2026-01-05T14:00:00.000Z' },
    {
      name: 'during a class, the following one',
      now: '2026-01-05T14:30:00Z',
      holidays: [],
      inProgress: false,
      start: '2026-01-07T14:00:00.000Z',
    },
    {
      name: 'during a class, with includeInProgress',
      now: '2026-01-05T14:30:00Z',
      holidays: [],
      inProgress: true,
      start: '2026-01-05T14:00:00.000Z',
    },
    {
      name: 'as a class ends, with includeInProgress',
      now: '2026-01-05T15:00:00Z',
      holidays: [],
      inProgress: true,
      start: '2026-01-07T14:00:00.000Z',
    },
    // Sunday 23:30 in New York is already Monday in UTC; the next class is Monday 09:00 local.
    {
      name: 'late Sunday evening local time',
      now: '2026-01-05T04:30:00Z',
      holidays: [],
      inProgress: false,
      start: '2026-01-05T14:00:00.000Z',
    },
    // Two weeks of holiday: found in the second search window.
    {
      name: 'after a long holiday',
      now: '2026-01-05T15:30:00Z',
      holidays: [{ startDate: '2026-01-06', endDate: '2026-01-20' }],
      inProgress: false,
      start: '2026-01-21T14:00:00.000Z',
    },
    { name: 'before the term starts', now: '2025-12-01T12:00:00Z', holidays: [], inProgress: false, start: '2026-01-05T14:00:00.000Z' },
  ])('$name', ({ now, holidays, inProgress, start }) => {
    expect(nextOccurrence(newYork(holidays), now, { includeInProgress: inProgress })?.start).toBe(start);
  });

  it('is null after the last class of the term', () => {
    expect(nextOccurrence(newYork(), '2026-03-26T12:00:00Z')).toBeNull();
  });

  it('is null when the next class is beyond the horizon', () => {
    expect(nextOccurrence(newYork(), '2025-12-01T12:00:00Z', { horizonDays: 20 })).toBeNull();
  });

  it('agrees with the calendar expansion', () => {
    const input = newYork([{ startDate: '2026-02-16', endDate: '2026-02-20' }]);
    const calendar = expandTimetable({ ...input, from: '2026-01-01', to: '2026-03-31' });
    for (const now of ['2026-01-06T00:00:00Z', '2026-02-13T20:00:00Z', '2026-03-09T13:59:59Z']) {
      const expected = calendar.find((occurrence) => occurrence.start >= new Date(now).toISOString());
      expect(nextOccurrence(input, now)).toEqual(expected);
    }
  });
});
