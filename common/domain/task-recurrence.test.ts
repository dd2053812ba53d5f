import { describe, expect, it } from 'vitest';
import { generationHorizon, isOccurrence, occurrenceDates, occurrenceDueDate, type RecurrenceRule } from './task-recurrence';

const daily: RecurrenceRule = { startDate: '2026-03-02', untilDate: '2026-03-06', frequency: 'daily', intervalWeeks: 1, weekdays: [] };
// 2026-03-02 is a Monday.
const monWed: RecurrenceRule = {
  startDate: '2026-03-02',
  untilDate: '2026-03-31',
  frequency: 'weekly',
  intervalWeeks: 1,
  weekdays: [1, 3],
};

describe('occurrenceDates', () => {
  it.each([
    ['daily from the start', daily, null, '2026-12-31', ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']],
    ['daily, resuming after a generated date', daily, '2026-03-03', '2026-12-31', ['2026-03-04', '2026-03-05', '2026-03-06']],
    ['daily, capped by the horizon', daily, null, '2026-03-03', ['2026-03-02', '2026-03-03']],
    ['daily, nothing left', daily, '2026-03-06', '2026-12-31', []],
    ['weekly on Mon + Wed', monWed, null, '2026-03-15', ['2026-03-02', '2026-03-04', '2026-03-09', '2026-03-11']],
    [
      'every 2 weeks on Mon + Wed',
      { ...monWed, intervalWeeks: 2 },
      null,
      '2026-03-31',
      ['2026-03-02', '2026-03-04', '2026-03-16', '2026-03-18', '2026-03-30'],
    ],
    [
      'every 3 weeks on Friday, starting mid-week (weeks start on Sunday)',
      { startDate: '2026-03-04', untilDate: '2026-04-30', frequency: 'weekly', intervalWeeks: 3, weekdays: [5] } as RecurrenceRule,
      null,
      '2026-04-30',
      ['2026-03-06', '2026-03-27', '2026-04-17'],
    ],
    [
      'weekly on Sunday when the start is a Monday: the first Sunday is next week',
      { ...monWed, weekdays: [0] },
      null,
      '2026-03-16',
      ['2026-03-08', '2026-03-15'],
    ],
    [
      'across a year boundary',
      { ...daily, startDate: '2026-12-30', untilDate: '2027-01-02' },
      null,
      '2027-01-10',
      ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'],
    ],
    [
      'leap day',
      { ...daily, startDate: '2028-02-28', untilDate: '2028-03-01' },
      null,
      '2028-03-10',
      ['2028-02-28', '2028-02-29', '2028-03-01'],
    ],
  ] as const)('%s', (_name, rule, after, through, expected) => {
    expect(occurrenceDates(rule, after, through)).toEqual(expected);
  });

  it('is idempotent when called in steps', () => {
    const all = occurrenceDates(monWed, null, '2026-03-31');
    const first = occurrenceDates(monWed, null, '2026-03-10');
    const rest = occurrenceDates(monWed, '2026-03-10', '2026-03-31');
    expect([...first, ...rest]).toEqual(all);
  });
});

describe('isOccurrence', () => {
  it('respects start, until, weekdays and interval', () => {
    expect(isOccurrence(monWed, '2026-03-01')).toBe(false);
    expect(isOccurrence(monWed, '2026-03-02')).toBe(true);
    expect(isOccurrence(monWed, '2026-03-03')).toBe(false);
    expect(isOccurrence(monWed, '2026-04-01')).toBe(false);
    expect(isOccurrence({ ...monWed, intervalWeeks: 2 }, '2026-03-09')).toBe(false);
  });
});

describe('occurrenceDueDate', () => {
  it('keeps the local time of day across DST changes', () => {
    // New York springs forward on 2026-03-08.
    expect(occurrenceDueDate('2026-03-07', '18:00', 'America/New_York')).toBe('2026-03-07T23:00:00.000Z');
    expect(occurrenceDueDate('2026-03-09', '18:00', 'America/New_York')).toBe('2026-03-09T22:00:00.000Z');
    // London falls back on 2026-10-25.
    expect(occurrenceDueDate('2026-10-24', '09:00', 'Europe/London')).toBe('2026-10-24T08:00:00.000Z');
    expect(occurrenceDueDate('2026-10-26', '09:00', 'Europe/London')).toBe('2026-10-26T09:00:00.000Z');
    // A time inside the spring-forward gap moves forward.
    expect(occurrenceDueDate('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('has a one-week horizon', () => {
    expect(generationHorizon('2026-12-28')).toBe('2027-01-04');
  });
});
