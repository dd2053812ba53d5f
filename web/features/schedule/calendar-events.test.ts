import { describe, expect, it } from 'vitest';
import { addDays, localDateTimeOf, utcInstantOf } from '../../../common/domain/local-time';
import type { Course, Term } from '../../../common/schemas/schedule.schema';
import { dueInstantOf } from '../../../common/domain/due-status';
import { calendarEvents, readableText, taskEventRange, type CalendarInput } from './calendar-events';
import { aCourse, aTerm } from '../../test/schedule-fixture';

describe('taskEventRange', () => {
  it.each([
    { zone: 'Pacific/Honolulu', date: '2026-03-01' },
    { zone: 'UTC', date: '2026-03-01' },
    { zone: 'Asia/Kolkata', date: '2026-03-01' },
    { zone: 'Asia/Tokyo', date: '2026-03-01' },
    { zone: 'America/New_York', date: '2026-03-08' }, // the 23-hour day
    { zone: 'America/New_York', date: '2026-11-01' }, // the 25-hour day
    { zone: 'Europe/Berlin', date: '2026-03-29' },
    { zone: 'Europe/Berlin', date: '2026-10-25' },
  ])('a task due 23:59 on $date in $zone ends at its own midnight, not 00:59 the next day', ({ zone, date }) => {
    const due = utcInstantOf(date, '23:59', zone);
    const range = taskEventRange(due, zone);
    expect(range.start).toBe(due);
    expect(Date.parse(range.end) - Date.parse(range.start)).toBe(60_000);
    // The exclusive end is the first instant of the next day: the calendar keeps the event on `date`.
    expect(localDateTimeOf(range.end, zone).time).toBe('00:00');
  });

  it('a task due in the afternoon is a half-hour point marker', () => {
    const due = utcInstantOf('2026-03-01', '15:00', 'Asia/Tokyo');
    expect(taskEventRange(due, 'Asia/Tokyo')).toEqual({ start: due, end: utcInstantOf('2026-03-01', '15:30', 'Asia/Tokyo') });
  });
});

describe('calendarEvents', () => {
  const term = aTerm({ startDate: '2026-03-01', endDate: '2026-06-30' });
  const maths = aCourse({
    id: 'maths',
    name: 'Maths',
    color: '#fde68a',
    // Tuesdays 09:00–10:00.
    timeSlots: [{ day: 2, startTime: '09:00', endTime: '10:00', week: null, cycleDay: null }],
  });
  const input: CalendarInput = {
    // Monday 9 March to Sunday 15 March 2026 (`to` exclusive).
    range: { from: '2026-03-09', to: '2026-03-16' },
    courses: [maths],
    terms: [term],
    holidays: [{ id: 'h1', name: 'Spring day', startDate: '2026-03-12', endDate: '2026-03-13' }],
    tasks: [
      { id: 't1', title: 'Essay', dueDate: '2026-03-11T14:59:00.000Z', courseId: 'maths', completed: false },
      { id: 't2', title: 'Someday', dueDate: null, courseId: null, completed: false },
    ],
    assessments: [
      { id: 'a1', name: 'Quiz', date: '2026-03-10T00:00:00.000Z', courseId: null },
      { id: 'a2', name: 'Undated', date: null, courseId: null },
    ],
    timeZone: 'Asia/Tokyo',
  };

  it('maps classes, holidays, dated tasks and dated assessments, in that order, in the profile’s zone', () => {
    const events = calendarEvents(input);
    expect(events.map((event) => event.id)).toEqual([
      events[0]!.id, // the one Tuesday class (its occurrence key)
      'holiday-h1',
      'task-t1',
      'assessment-a1',
    ]);
    const [lesson, holiday, task, assessment] = events;
    // Tuesday 10 March 09:00 in Tokyo is 00:00 UTC.
    expect(lesson).toMatchObject({ title: 'Maths', start: '2026-03-10T00:00:00.000Z', end: '2026-03-10T01:00:00.000Z', color: '#fde68a' });
    expect(lesson!.extendedProps.selected).toMatchObject({ kind: 'class', course: maths });
    // A holiday's last day is inclusive; the calendar's end is exclusive.
    expect(holiday).toMatchObject({ title: 'Spring day', start: '2026-03-12', end: '2026-03-14', allDay: true, color: '#64748b' });
    // Due 23:59 Tokyo: at its time on its own local date (never "all day"), in the course's colour.
    expect(task).toMatchObject({
      title: 'Essay',
      start: '2026-03-11T14:59:00.000Z',
      end: '2026-03-11T15:00:00.000Z',
      allDay: false,
      color: '#fde68a',
    });
    expect(assessment).toMatchObject({ title: 'Quiz', start: '2026-03-10', allDay: true, color: '#8b5cf6' });
  });

  it('draws no class on a holiday and nothing outside the range', () => {
    const onHoliday = calendarEvents({ ...input, holidays: [{ id: 'h2', name: 'Off', startDate: '2026-03-10', endDate: '2026-03-10' }] });
    expect(onHoliday.filter((event) => event.extendedProps.selected?.kind === 'class')).toEqual([]);
    const nextWeek = calendarEvents({
      ...input,
      range: { from: '2026-03-16', to: '2026-03-23' },
      tasks: [],
      assessments: [],
      holidays: [],
    });
    expect(nextWeek.map((event) => event.start)).toEqual(['2026-03-17T00:00:00.000Z']);
  });

  it('draws planned and done study blocks of the range at their times; skipped and missed ones not', () => {
    const block = (id: string, start: string, status: 'planned' | 'done' | 'skipped' | 'missed') => ({
      id,
      taskId: 't1',
      title: 'Essay',
      courseId: 'maths',
      start,
      end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
      minutes: 50,
      pinned: false,
      status,
      reason: null,
    });
    const events = calendarEvents({
      ...input,
      studyBlocks: [
        // 16:00 in Tokyo on Tuesday 10 March.
        block('b1', '2026-03-10T07:00:00.000Z', 'planned'),
        block('b2', '2026-03-11T07:00:00.000Z', 'done'),
        block('b3', '2026-03-11T09:00:00.000Z', 'missed'),
        block('b4', '2026-03-11T10:00:00.000Z', 'skipped'),
        // Monday 16 March in Tokyo: outside the range.
        block('b5', '2026-03-15T16:00:00.000Z', 'planned'),
      ],
    }).filter((event) => event.extendedProps.kind === 'study');
    expect(events.map((event) => [event.id, event.start, event.extendedProps.done])).toEqual([
      ['study-b1', '2026-03-10T07:00:00.000Z', false],
      ['study-b2', '2026-03-11T07:00:00.000Z', true],
    ]);
    expect(events[0]).toMatchObject({ title: 'Essay', end: '2026-03-10T07:50:00.000Z', classNames: ['sp-study'] });
  });

  it('picks black or white text for contrast', () => {
    expect(readableText('#fde68a')).toBe('#000000');
    expect(readableText('#1e3a8a')).toBe('#ffffff');
    expect(readableText(undefined)).toBe('#ffffff');
  });

  it('shows attendance and the A/B week on class events', () => {
    const abTerm: Term = { ...term, rotation: { kind: 'ab' } };
    const course: Course = {
      ...maths,
      timeSlots: [
        { day: 2, startTime: '09:00', endTime: '10:00', week: 'A', cycleDay: null },
        { day: 2, startTime: '11:00', endTime: '12:00', week: 'B', cycleDay: null },
      ],
    };
    const base = { ...input, terms: [abTerm], courses: [course], holidays: [], tasks: [], assessments: [] };
    const weeks = ['2026-03-09', '2026-03-16'].map((from) => calendarEvents({ ...base, range: { from, to: addDays(from, 7) } }));
    const lessons = weeks.flat();
    expect(lessons).toHaveLength(2);
    expect(new Set(lessons.map((lesson) => lesson.extendedProps.week))).toEqual(new Set(['A', 'B']));
    const [first] = lessons;
    const marked = calendarEvents({
      ...base,
      range: { from: first!.start.slice(0, 10), to: '2026-03-30' },
      attendance: [{ occurrenceKey: first!.id, status: 'missed' }],
    });
    expect(marked.find((event) => event.id === first!.id)).toMatchObject({
      classNames: ['sp-class', 'sp-missed'],
      extendedProps: { kind: 'class', attendance: 'missed' },
    });
    expect(marked.filter((event) => event.id !== first!.id).every((event) => event.extendedProps.attendance === null)).toBe(true);
  });

  it('marks completed tasks and draws assessments all day in the course colour', () => {
    const events = calendarEvents({
      ...input,
      tasks: [{ id: 't3', title: 'Done', dueDate: '2026-03-11T05:00:00.000Z', courseId: null, completed: true }],
    });
    expect(events.find((event) => event.id === 'task-t3')).toMatchObject({
      allDay: false,
      classNames: ['sp-task', 'sp-done'],
      extendedProps: { kind: 'task', done: true },
      color: '#f59e0b',
    });
  });
});

describe('tasks on the calendar keep their due time', () => {
  it.each([
    ['Pacific/Honolulu', '23:59'],
    ['UTC', '00:00'],
    ['Asia/Kolkata', '23:59'],
    ['Asia/Tokyo', '14:30'],
    ['Europe/Berlin', '23:59'],
    ['America/New_York', '09:00'],
  ])('in %s a task due %s is drawn at that time on its own day, never all day', (timeZone, time) => {
    // 8 March 2026 is New York's 23-hour day; 29 March Berlin's; 1 November New York's 25-hour day.
    for (const date of ['2026-03-08', '2026-03-29', '2026-11-01']) {
      const dueDate = dueInstantOf(date, time, timeZone);
      const [event] = calendarEvents({
        range: { from: addDays(date, -1), to: addDays(date, 2) },
        courses: [],
        terms: [],
        holidays: [],
        tasks: [{ id: 't', title: 'Essay', dueDate, courseId: null, completed: false }],
        assessments: [],
        timeZone,
      });
      expect(event).toMatchObject({ allDay: false, start: dueDate });
      expect(localDateTimeOf(event!.start, timeZone)).toEqual({ date, time });
      // It ends on its own day (the exclusive end at the next midnight at the latest).
      expect(Date.parse(event!.end ?? '')).toBeGreaterThan(Date.parse(dueDate));
      expect(Date.parse(event!.end ?? '')).toBeLessThanOrEqual(Date.parse(utcInstantOf(addDays(date, 1), '00:00', timeZone)));
    }
  });
});
