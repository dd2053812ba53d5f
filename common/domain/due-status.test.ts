import { describe, expect, it } from 'vitest';
import { END_OF_DAY_DUE_TIME, daysUntilDue, dueInstantOf, dueStatus, isTaskLate } from './due-status';
import { addDays, localDateTimeOf, utcInstantOf, utcMillisOf } from './local-time';

describe('daysUntilDue and dueStatus', () => {
  it.each([
    { name: 'same instant', due: '2026-05-01T12:00:00Z', now: '2026-05-01T12:00:00Z', zone: 'UTC', days: 0, status: 'today' },
    { name: 'later the same day', due: '2026-05-01T23:59:00Z', now: '2026-05-01T00:00:00Z', zone: 'UTC', days: 0, status: 'today' },
    // Issue 12: "Due today" stayed on a task due at 05:00 at 19:00, beside a "Late" badge.
    {
      name: 'earlier the same day is late, not "today"',
      due: '2026-05-01T09:00:00Z',
      now: '2026-05-01T15:00:00Z',
      zone: 'UTC',
      days: 0,
      status: 'late',
    },
    {
      name: 'Honolulu: due 05:00, seen 19:00',
      due: '2026-03-01T15:00:00Z',
      now: '2026-03-02T05:00:00Z',
      zone: 'Pacific/Honolulu',
      days: 0,
      status: 'late',
    },
    {
      name: 'Kolkata: due 05:00, seen 19:00',
      due: '2026-02-28T23:30:00Z',
      now: '2026-03-01T13:30:00Z',
      zone: 'Asia/Kolkata',
      days: 0,
      status: 'late',
    },
    {
      name: 'Tokyo: due 05:00, seen 19:00',
      due: '2026-02-28T20:00:00Z',
      now: '2026-03-01T10:00:00Z',
      zone: 'Asia/Tokyo',
      days: 0,
      status: 'late',
    },
    {
      name: 'Tokyo: due 23:59, seen 19:00',
      due: '2026-03-01T14:59:00Z',
      now: '2026-03-01T10:00:00Z',
      zone: 'Asia/Tokyo',
      days: 0,
      status: 'today',
    },
    {
      name: 'Berlin: one second late',
      due: '2026-10-25T10:00:00Z',
      now: '2026-10-25T10:00:01Z',
      zone: 'Europe/Berlin',
      days: 0,
      status: 'late',
    },
    // Only 8.5 hours away, but on tomorrow's date in New York.
    {
      name: 'tomorrow morning, asked late at night',
      due: '2026-03-10T12:00:00Z',
      now: '2026-03-10T03:30:00Z',
      zone: 'America/New_York',
      days: 1,
      status: 'upcoming',
    },
    // 20 minutes ago, but yesterday.
    {
      name: 'just before midnight yesterday',
      due: '2026-03-10T03:50:00Z',
      now: '2026-03-10T04:10:00Z',
      zone: 'America/New_York',
      days: -1,
      status: 'overdue',
    },
    {
      name: 'a week overdue',
      due: '2026-03-01T17:00:00Z',
      now: '2026-03-08T17:00:00Z',
      zone: 'America/New_York',
      days: -7,
      status: 'overdue',
    },
    // 47 hours across the spring-forward night: 24-hour blocks would say 1, the calendar says 2.
    {
      name: 'NY spring forward, 47 hours is two days',
      due: '2026-03-09T04:30:00Z',
      now: '2026-03-07T05:30:00Z',
      zone: 'America/New_York',
      days: 2,
      status: 'upcoming',
    },
    // 23:30 on the 23-hour day, from 00:30.
    {
      name: 'NY spring forward, the short day',
      due: '2026-03-09T03:30:00Z',
      now: '2026-03-08T05:30:00Z',
      zone: 'America/New_York',
      days: 0,
      status: 'today',
    },
    // 25 hours apart on the 25-hour day: still the same date.
    {
      name: 'NY fall back, 25 hours is the same day',
      due: '2026-11-02T04:30:00Z',
      now: '2026-11-01T04:30:00Z',
      zone: 'America/New_York',
      days: 0,
      status: 'today',
    },
    {
      name: 'London spring forward, 00:30 BST is tomorrow',
      due: '2026-03-29T23:30:00Z',
      now: '2026-03-29T00:30:00Z',
      zone: 'Europe/London',
      days: 1,
      status: 'upcoming',
    },
    {
      name: 'Tokyo: already tomorrow',
      due: '2026-05-01T15:00:00Z',
      now: '2026-05-01T14:00:00Z',
      zone: 'Asia/Tokyo',
      days: 1,
      status: 'upcoming',
    },
    {
      name: 'Los Angeles: the same pair is today',
      due: '2026-05-01T15:00:00Z',
      now: '2026-05-01T14:00:00Z',
      zone: 'America/Los_Angeles',
      days: 0,
      status: 'today',
    },
    {
      name: 'Kiritimati (+14)',
      due: '2026-06-15T12:00:00Z',
      now: '2026-06-15T10:00:00Z',
      zone: 'Pacific/Kiritimati',
      days: 0,
      status: 'today',
    },
    {
      name: 'Pago Pago (−11): the same pair crosses midnight',
      due: '2026-06-15T12:00:00Z',
      now: '2026-06-15T10:00:00Z',
      zone: 'Pacific/Pago_Pago',
      days: 1,
      status: 'upcoming',
    },
    {
      name: 'across a year end',
      due: '2027-01-01T10:00:00Z',
      now: '2026-12-31T10:00:00Z',
      zone: 'Europe/Berlin',
      days: 1,
      status: 'upcoming',
    },
    {
      name: 'a Date object as now',
      due: '2026-05-03T10:00:00Z',
      now: new Date('2026-05-01T10:00:00Z'),
      zone: 'UTC',
      days: 2,
      status: 'upcoming',
    },
  ])('$name', ({ due, now, zone, days, status }) => {
    expect(daysUntilDue(due, now, zone)).toBe(days);
    expect(dueStatus(due, now, zone)).toBe(status);
  });

  it('refuses an instant without an offset instead of guessing the zone', () => {
    expect(() => daysUntilDue('2026-05-01T12:00:00', '2026-05-01T12:00:00Z', 'UTC')).toThrow(RangeError);
  });
});

describe('isTaskLate', () => {
  const now = '2026-05-01T12:00:00.000Z';

  it.each([
    { name: 'past due, open', dueDate: '2026-05-01T11:59:59Z', completed: false, late: true },
    { name: 'past due, completed', dueDate: '2026-05-01T11:59:59Z', completed: true, late: false },
    { name: 'due exactly now', dueDate: now, completed: false, late: false },
    { name: 'due later today', dueDate: '2026-05-01T18:00:00Z', completed: false, late: false },
    { name: 'due yesterday, given as a Date', dueDate: new Date('2026-04-30T12:00:00Z'), completed: false, late: true },
    { name: 'the same instant written with an offset', dueDate: '2026-05-01T13:00:00+01:00', completed: false, late: false },
    { name: 'no due date, open', dueDate: null, completed: false, late: false },
  ])('$name → $late', ({ dueDate, completed, late }) => {
    expect(isTaskLate({ dueDate, completed }, now)).toBe(late);
  });
});

describe('dueInstantOf: a due date alone means the end of that local day (decision 176)', () => {
  const days = [
    ['Pacific/Honolulu', '2026-03-01'],
    ['UTC', '2026-03-01'],
    ['Asia/Kolkata', '2026-03-01'],
    ['Asia/Tokyo', '2026-03-01'],
    ['Europe/Berlin', '2026-03-29'], // 23 hours: the clocks go forward
    ['America/New_York', '2026-11-01'], // 25 hours: the clocks go back
  ] as const;

  it.each(days)('in %s a task due %s "by the end of the day" is not late during its day', (timeZone, date) => {
    const due = dueInstantOf(date, END_OF_DAY_DUE_TIME, timeZone);
    expect(localDateTimeOf(due, timeZone)).toEqual({ date, time: '23:59' });
    // The day's last instant: the next one is the next day's first.
    expect(Date.parse(due) + 1).toBe(Date.parse(utcInstantOf(addDays(date, 1), '00:00', timeZone)));
    const task = { dueDate: due, completed: false };
    for (const time of ['00:00', '09:00', '09:01', '23:59']) {
      const now = utcMillisOf(date, time, timeZone) + (time === '23:59' ? 59_000 : 0);
      expect(isTaskLate(task, now), `${date} ${time}`).toBe(false);
      expect(dueStatus(due, now, timeZone), `${date} ${time}`).toBe('today');
    }
    const nextMorning = utcMillisOf(addDays(date, 1), '00:00', timeZone);
    expect(isTaskLate(task, nextMorning)).toBe(true);
    expect(dueStatus(due, nextMorning, timeZone)).toBe('overdue');
  });

  it.each(days)('in %s any other time is that minute (%s 09:00 is late from 09:00:00.001)', (timeZone, date) => {
    const due = dueInstantOf(date, '09:00', timeZone);
    expect(due).toBe(utcInstantOf(date, '09:00', timeZone));
    expect(isTaskLate({ dueDate: due, completed: false }, Date.parse(due) + 1)).toBe(true);
  });
});
