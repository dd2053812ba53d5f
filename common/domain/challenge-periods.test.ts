import { describe, expect, it } from 'vitest';
import { challengePeriod, isInPeriod, type ChallengePeriodKind, type PeriodTerm } from './challenge-periods';

describe('daily, weekly and monthly periods', () => {
  it.each<{
    name: string;
    kind: ChallengePeriodKind;
    now: string;
    zone: string;
    startDate: string;
    endDate: string;
    start: string;
    end: string;
  }>([
    {
      name: 'a day in New York',
      kind: 'daily',
      now: '2026-01-15T12:00:00Z',
      zone: 'America/New_York',
      startDate: '2026-01-15',
      endDate: '2026-01-15',
      start: '2026-01-15T05:00:00.000Z',
      end: '2026-01-16T05:00:00.000Z',
    },
    {
      name: 'late evening is still yesterday in New York',
      kind: 'daily',
      now: '2026-03-01T03:00:00Z',
      zone: 'America/New_York',
      startDate: '2026-02-28',
      endDate: '2026-02-28',
      start: '2026-02-28T05:00:00.000Z',
      end: '2026-03-01T05:00:00.000Z',
    },
    {
      name: 'the 23-hour spring-forward day',
      kind: 'daily',
      now: '2026-03-08T12:00:00Z',
      zone: 'America/New_York',
      startDate: '2026-03-08',
      endDate: '2026-03-08',
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
    },
    {
      name: 'the 25-hour fall-back day in London',
      kind: 'daily',
      now: '2026-10-25T12:00:00Z',
      zone: 'Europe/London',
      startDate: '2026-10-25',
      endDate: '2026-10-25',
      start: '2026-10-24T23:00:00.000Z',
      end: '2026-10-26T00:00:00.000Z',
    },
    {
      name: 'Tokyo is already tomorrow',
      kind: 'daily',
      now: '2026-01-15T16:00:00Z',
      zone: 'Asia/Tokyo',
      startDate: '2026-01-16',
      endDate: '2026-01-16',
      start: '2026-01-15T15:00:00.000Z',
      end: '2026-01-16T15:00:00.000Z',
    },
    // Saturday 14 March 23:59 in New York: the week of Sunday the 8th, which holds the DST change.
    {
      name: 'Saturday night ends the week',
      kind: 'weekly',
      now: '2026-03-15T03:59:00Z',
      zone: 'America/New_York',
      startDate: '2026-03-08',
      endDate: '2026-03-14',
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-15T04:00:00.000Z',
    },
    {
      name: 'Sunday midnight starts the next week',
      kind: 'weekly',
      now: '2026-03-15T04:00:00Z',
      zone: 'America/New_York',
      startDate: '2026-03-15',
      endDate: '2026-03-21',
      start: '2026-03-15T04:00:00.000Z',
      end: '2026-03-22T04:00:00.000Z',
    },
    {
      name: 'the same instant is already Sunday in UTC',
      kind: 'weekly',
      now: '2026-03-15T03:59:00Z',
      zone: 'UTC',
      startDate: '2026-03-15',
      endDate: '2026-03-21',
      start: '2026-03-15T00:00:00.000Z',
      end: '2026-03-22T00:00:00.000Z',
    },
    {
      name: 'a Sunday is the first day of its week',
      kind: 'weekly',
      now: '2026-01-04T12:00:00Z',
      zone: 'UTC',
      startDate: '2026-01-04',
      endDate: '2026-01-10',
      start: '2026-01-04T00:00:00.000Z',
      end: '2026-01-11T00:00:00.000Z',
    },
    {
      name: 'a week across the year end',
      kind: 'weekly',
      now: '2026-01-01T12:00:00Z',
      zone: 'UTC',
      startDate: '2025-12-28',
      endDate: '2026-01-03',
      start: '2025-12-28T00:00:00.000Z',
      end: '2026-01-04T00:00:00.000Z',
    },
    {
      name: 'a London week holding the fall-back',
      kind: 'weekly',
      now: '2026-10-28T12:00:00Z',
      zone: 'Europe/London',
      startDate: '2026-10-25',
      endDate: '2026-10-31',
      start: '2026-10-24T23:00:00.000Z',
      end: '2026-11-01T00:00:00.000Z',
    },
    {
      name: 'February',
      kind: 'monthly',
      now: '2026-02-10T12:00:00Z',
      zone: 'UTC',
      startDate: '2026-02-01',
      endDate: '2026-02-28',
      start: '2026-02-01T00:00:00.000Z',
      end: '2026-03-01T00:00:00.000Z',
    },
    {
      name: 'a leap February',
      kind: 'monthly',
      now: '2024-02-29T12:00:00Z',
      zone: 'UTC',
      startDate: '2024-02-01',
      endDate: '2024-02-29',
      start: '2024-02-01T00:00:00.000Z',
      end: '2024-03-01T00:00:00.000Z',
    },
    {
      name: 'December',
      kind: 'monthly',
      now: '2026-12-31T12:00:00Z',
      zone: 'UTC',
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      start: '2026-12-01T00:00:00.000Z',
      end: '2027-01-01T00:00:00.000Z',
    },
    {
      name: 'March in New York starts in EST and ends in EDT',
      kind: 'monthly',
      now: '2026-03-20T12:00:00Z',
      zone: 'America/New_York',
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      start: '2026-03-01T05:00:00.000Z',
      end: '2026-04-01T04:00:00.000Z',
    },
    {
      name: 'the last evening of April in New York is April',
      kind: 'monthly',
      now: '2026-05-01T03:00:00Z',
      zone: 'America/New_York',
      startDate: '2026-04-01',
      endDate: '2026-04-30',
      start: '2026-04-01T04:00:00.000Z',
      end: '2026-05-01T04:00:00.000Z',
    },
  ])('$name', ({ kind, now, zone, startDate, endDate, start, end }) => {
    expect(challengePeriod(kind, now, zone)).toEqual({ kind, startDate, endDate, start, end });
  });
});

describe('termly and yearly periods', () => {
  const terms: PeriodTerm[] = [
    { id: 'autumn', startDate: '2025-09-01', endDate: '2025-12-19', academicYearId: 'ay-2025' },
    { id: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', academicYearId: 'ay-2025' },
    { id: 'summer', startDate: '2026-04-13', endDate: '2026-06-26', academicYearId: 'ay-2025' },
    { id: 'exam-block', startDate: '2026-05-11', endDate: '2026-05-22', academicYearId: 'ay-2025' },
    { id: 'loose', startDate: '2026-08-01', endDate: '2026-08-31', academicYearId: null },
  ];

  it.each([
    { name: 'inside a term', now: '2026-02-10T12:00:00Z', startDate: '2026-01-05', endDate: '2026-03-27' },
    { name: 'on the first day', now: '2026-01-05T00:00:00Z', startDate: '2026-01-05', endDate: '2026-03-27' },
    { name: 'on the last day', now: '2026-03-27T23:59:00Z', startDate: '2026-01-05', endDate: '2026-03-27' },
    { name: 'overlapping terms: the latest to start', now: '2026-05-15T12:00:00Z', startDate: '2026-05-11', endDate: '2026-05-22' },
    { name: 'a term without an academic year still counts', now: '2026-08-15T12:00:00Z', startDate: '2026-08-01', endDate: '2026-08-31' },
  ])('termly: $name', ({ now, startDate, endDate }) => {
    expect(challengePeriod('termly', now, 'UTC', terms)).toMatchObject({ kind: 'termly', startDate, endDate });
  });

  it.each([
    { name: 'between terms', now: '2026-04-01T12:00:00Z', terms },
    { name: 'without terms', now: '2026-02-10T12:00:00Z', terms: [] },
  ])('termly is null $name', ({ now, terms: given }) => {
    expect(challengePeriod('termly', now, 'UTC', given)).toBeNull();
  });

  it('termly uses the local date: the last evening of a term in New York', () => {
    // 02:00Z on 28 March is 22:00 on 27 March in New York.
    expect(challengePeriod('termly', '2026-03-28T02:00:00Z', 'America/New_York', terms)).toEqual({
      kind: 'termly',
      startDate: '2026-01-05',
      endDate: '2026-03-27',
      start: '2026-01-05T05:00:00.000Z',
      end: '2026-03-28T04:00:00.000Z',
    });
    expect(challengePeriod('termly', '2026-03-28T02:00:00Z', 'UTC', terms)).toBeNull();
  });

  it.each([
    // An academic year runs a year from its first term's start (issue 12: it used to be only its terms' span).
    { name: 'inside the academic year', now: '2026-02-10T12:00:00Z', given: terms, startDate: '2025-09-01', endDate: '2026-08-31' },
    { name: 'between its terms', now: '2025-12-25T12:00:00Z', given: terms, startDate: '2025-09-01', endDate: '2026-08-31' },
    { name: 'the summer after its last term', now: '2026-07-15T12:00:00Z', given: terms, startDate: '2025-09-01', endDate: '2026-08-31' },
    {
      name: 'a year with one term is a year, not the term',
      now: '2026-02-10T12:00:00Z',
      given: [{ id: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', academicYearId: 'ay' }],
      startDate: '2026-01-05',
      endDate: '2027-01-04',
    },
    {
      name: 'a year with one term, after the term',
      now: '2026-10-01T12:00:00Z',
      given: [{ id: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', academicYearId: 'ay' }],
      startDate: '2026-01-05',
      endDate: '2027-01-04',
    },
    {
      name: 'terms longer than a year keep their end',
      now: '2027-03-01T12:00:00Z',
      given: [{ id: 'long', startDate: '2026-01-05', endDate: '2027-06-30', academicYearId: 'ay' }],
      startDate: '2026-01-05',
      endDate: '2027-06-30',
    },
    {
      name: 'a 29 February start ends on 28 February',
      now: '2028-06-01T12:00:00Z',
      given: [{ id: 'leap', startDate: '2028-02-29', endDate: '2028-05-31', academicYearId: 'ay' }],
      startDate: '2028-02-29',
      endDate: '2029-02-28',
    },
    {
      name: 'after the academic year: the calendar year',
      now: '2026-09-15T12:00:00Z',
      given: terms,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    },
    {
      name: 'terms without an academic year are ignored',
      now: '2026-08-15T12:00:00Z',
      given: terms.filter((term) => term.academicYearId === null),
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    },
    { name: 'no terms: the calendar year', now: '2026-02-10T12:00:00Z', given: [], startDate: '2026-01-01', endDate: '2026-12-31' },
    {
      name: 'overlapping academic years: the latest to start',
      now: '2026-08-20T12:00:00Z',
      given: [
        ...terms,
        { id: 'next-autumn', startDate: '2026-08-17', endDate: '2026-12-18', academicYearId: 'ay-2026' },
        { id: 'old-long', startDate: '2025-08-01', endDate: '2026-09-01', academicYearId: 'ay-old' },
      ],
      startDate: '2026-08-17',
      endDate: '2027-08-16',
    },
  ])('yearly: $name', ({ now, given, startDate, endDate }) => {
    expect(challengePeriod('yearly', now, 'UTC', given)).toMatchObject({ kind: 'yearly', startDate, endDate });
  });

  it.each([
    { kind: 'termly' as const, zone: 'UTC' },
    { kind: 'yearly' as const, zone: 'Pacific/Kiritimati' },
    { kind: 'yearly' as const, zone: 'Etc/GMT+12' },
  ])('a stored term to 9999-12-31 is clamped to the API bounds, not thrown on ($kind, $zone)', ({ kind, zone }) => {
    // Rows written before the 1900–2200 bound of the API (docs/decisions/071) are still read.
    const wide: PeriodTerm[] = [{ id: 'forever', startDate: '0001-01-01', endDate: '9999-12-31', academicYearId: 'ay-forever' }];
    const period = challengePeriod(kind, '2026-02-10T12:00:00Z', zone, wide);
    expect(period).toMatchObject({ startDate: '1900-01-01', endDate: '2200-12-31' });
    expect(period?.end.startsWith('2201-01-01') || period?.end.startsWith('2200-12-31')).toBe(true);
  });

  it('yearly gives instants in the user zone', () => {
    expect(challengePeriod('yearly', '2026-07-15T12:00:00Z', 'Europe/Madrid')).toEqual({
      kind: 'yearly',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      start: '2025-12-31T23:00:00.000Z',
      end: '2026-12-31T23:00:00.000Z',
    });
  });
});

describe('isInPeriod', () => {
  const week = challengePeriod('weekly', '2026-03-10T12:00:00Z', 'America/New_York');

  it.each([
    { instant: '2026-03-08T05:00:00Z', inside: true }, // the first instant
    { instant: '2026-03-08T04:59:59Z', inside: false },
    { instant: '2026-03-15T03:59:59Z', inside: true },
    { instant: '2026-03-15T04:00:00Z', inside: false }, // end is exclusive
  ])('$instant → $inside', ({ instant, inside }) => {
    expect(isInPeriod(instant, week)).toBe(inside);
  });
});
