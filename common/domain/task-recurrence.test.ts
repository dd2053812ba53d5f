import { describe, expect, it } from 'vitest';
import {
  generationHorizon,
  isOccurrence,
  nextGeneration,
  occurrenceDates,
  occurrenceDueDate,
  seriesHorizonDays,
  type RecurrenceRule,
} from './task-recurrence';

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

  it('stops at `limit` dates', () => {
    const all = occurrenceDates(monWed, null, '2026-03-31');
    expect(occurrenceDates(monWed, null, '2026-03-31', 1)).toEqual(all.slice(0, 1));
    expect(occurrenceDates(monWed, '2026-03-10', '2026-03-31', 2)).toEqual(occurrenceDates(monWed, '2026-03-10', '2026-03-31').slice(0, 2));
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

describe('the horizon and the next generation (occurrences created with nobody reading the list)', () => {
  const weekly: RecurrenceRule = { startDate: '2026-11-02', untilDate: '2026-12-31', frequency: 'weekly', intervalWeeks: 1, weekdays: [1] };

  it('reaches further ahead by the reminder offset, in whole days', () => {
    expect(seriesHorizonDays(null)).toBe(7);
    expect(seriesHorizonDays(10)).toBe(8);
    expect(seriesHorizonDays(1440)).toBe(8);
    expect(seriesHorizonDays(14400)).toBe(17);
    expect(generationHorizon('2026-12-28', 14400)).toBe('2027-01-14');
  });

  // The next Monday after 16 November is 23 November: it comes within the week's horizon on 16 November,
  // at local midnight — one instant per zone.
  it.each([
    ['Pacific/Honolulu', '2026-11-16T10:00:00.000Z'],
    ['UTC', '2026-11-16T00:00:00.000Z'],
    ['Asia/Kolkata', '2026-11-15T18:30:00.000Z'],
    ['Asia/Tokyo', '2026-11-15T15:00:00.000Z'],
  ])('is at local midnight a horizon before the next occurrence in %s', (timeZone, at) => {
    expect(nextGeneration(weekly, '2026-11-16', timeZone, null)).toEqual({ occurrenceDate: '2026-11-23', at });
  });

  it('comes earlier by the reminder offset, skips dates the rule does not match, and ends with the series', () => {
    expect(nextGeneration(weekly, '2026-11-16', 'UTC', 2880)).toEqual({ occurrenceDate: '2026-11-23', at: '2026-11-14T00:00:00.000Z' });
    expect(nextGeneration(weekly, null, 'UTC', null)).toEqual({ occurrenceDate: '2026-11-02', at: '2026-10-26T00:00:00.000Z' });
    expect(nextGeneration(weekly, '2026-12-28', 'UTC', null)).toBeNull();
    expect(nextGeneration(weekly, '2026-12-31', 'UTC', null)).toBeNull();
  });

  it('keeps to local midnight across a DST change', () => {
    // Berlin falls back on 25 October 2026: midnight on the 26th is 23:00 UTC; on the 24th it was 22:00 UTC.
    const daily: RecurrenceRule = { ...weekly, startDate: '2026-10-01', frequency: 'daily', weekdays: [] };
    expect(nextGeneration(daily, '2026-11-01', 'Europe/Berlin', null)?.at).toBe('2026-10-25T23:00:00.000Z');
    expect(nextGeneration(daily, '2026-10-30', 'Europe/Berlin', null)?.at).toBe('2026-10-23T22:00:00.000Z');
  });
});
