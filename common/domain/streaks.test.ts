import { describe, expect, it } from 'vitest';
import type { DateRange } from './local-time';
import { studyDays, studyMinutesByDay, studyStreaks } from './streaks';

/** A session at noon UTC on each date: the same local date in every zone from −11 to +11. */
function noonSessions(...dates: string[]): string[] {
  return dates.map((date) => `${date}T12:00:00.000Z`);
}

// January 2026: Thursday the 1st, Saturday the 10th, Sunday the 11th.
describe('studyStreaks', () => {
  it.each<{ name: string; sessions: string[]; today: string; holidays?: DateRange[]; current: number; longest: number }>([
    { name: 'no sessions', sessions: [], today: '2026-01-15', current: 0, longest: 0 },
    { name: 'today only', sessions: noonSessions('2026-01-15'), today: '2026-01-15', current: 1, longest: 1 },
    { name: 'yesterday only: still current', sessions: noonSessions('2026-01-14'), today: '2026-01-15', current: 1, longest: 1 },
    { name: 'two days ago: broken', sessions: noonSessions('2026-01-13'), today: '2026-01-15', current: 0, longest: 1 },
    {
      name: 'three days ending today',
      sessions: noonSessions('2026-01-13', '2026-01-14', '2026-01-15'),
      today: '2026-01-15',
      current: 3,
      longest: 3,
    },
    {
      name: 'three days ending yesterday',
      sessions: noonSessions('2026-01-12', '2026-01-13', '2026-01-14'),
      today: '2026-01-15',
      current: 3,
      longest: 3,
    },
    {
      name: 'several sessions a day count once',
      sessions: [...noonSessions('2026-01-14', '2026-01-15'), '2026-01-15T08:00:00Z', '2026-01-15T20:00:00Z'],
      today: '2026-01-15',
      current: 2,
      longest: 2,
    },
    {
      name: 'order does not matter',
      sessions: noonSessions('2026-01-15', '2026-01-13', '2026-01-14'),
      today: '2026-01-15',
      current: 3,
      longest: 3,
    },
    {
      name: 'an older, longer run',
      sessions: noonSessions(
        '2026-01-01',
        '2026-01-02',
        '2026-01-03',
        '2026-01-04',
        '2026-01-05',
        '2026-01-06',
        '2026-01-14',
        '2026-01-15',
      ),
      today: '2026-01-15',
      current: 2,
      longest: 6,
    },
    {
      name: 'the current run is the longest',
      sessions: noonSessions('2026-01-01', '2026-01-02', '2026-01-11', '2026-01-12', '2026-01-13', '2026-01-14'),
      today: '2026-01-15',
      current: 4,
      longest: 4,
    },
    {
      name: 'a weekend without study breaks it (weekends do not freeze)',
      sessions: noonSessions('2026-01-08', '2026-01-09', '2026-01-12'),
      today: '2026-01-12',
      current: 1,
      longest: 2,
    },
    {
      name: 'sessions after today are ignored',
      sessions: noonSessions('2026-01-14', '2026-01-16', '2026-01-17'),
      today: '2026-01-15',
      current: 1,
      longest: 1,
    },
    // Streak freeze.
    {
      name: 'holiday without study between two study days: frozen, not counted',
      sessions: noonSessions('2026-01-12', '2026-01-14'),
      today: '2026-01-14',
      holidays: [{ startDate: '2026-01-13', endDate: '2026-01-13' }],
      current: 2,
      longest: 2,
    },
    {
      name: 'holiday with study counts',
      sessions: noonSessions('2026-01-12', '2026-01-13', '2026-01-14'),
      today: '2026-01-14',
      holidays: [{ startDate: '2026-01-13', endDate: '2026-01-13' }],
      current: 3,
      longest: 3,
    },
    {
      name: 'holidays up to yesterday keep the streak current',
      sessions: noonSessions('2026-01-10', '2026-01-11', '2026-01-12'),
      today: '2026-01-16',
      holidays: [{ startDate: '2026-01-13', endDate: '2026-01-15' }],
      current: 3,
      longest: 3,
    },
    {
      name: 'a missed ordinary day after the holiday breaks it',
      sessions: noonSessions('2026-01-10', '2026-01-11', '2026-01-12'),
      today: '2026-01-17',
      holidays: [{ startDate: '2026-01-13', endDate: '2026-01-15' }],
      current: 0,
      longest: 3,
    },
    {
      name: 'today inside a holiday',
      sessions: noonSessions('2026-01-10', '2026-01-11', '2026-01-12'),
      today: '2026-01-15',
      holidays: [{ startDate: '2026-01-13', endDate: '2026-01-20' }],
      current: 3,
      longest: 3,
    },
    {
      name: 'touching holiday ranges freeze together',
      sessions: noonSessions('2026-01-09', '2026-01-15'),
      today: '2026-01-15',
      holidays: [
        { startDate: '2026-01-10', endDate: '2026-01-11' },
        { startDate: '2026-01-12', endDate: '2026-01-14' },
      ],
      current: 2,
      longest: 2,
    },
    {
      name: 'a holiday that covers only part of a gap does not bridge it',
      sessions: noonSessions('2026-01-09', '2026-01-15'),
      today: '2026-01-15',
      holidays: [{ startDate: '2026-01-10', endDate: '2026-01-13' }],
      current: 1,
      longest: 1,
    },
  ])('$name', ({ sessions, today, holidays = [], current, longest }) => {
    expect(studyStreaks({ sessionStarts: sessions, timeZone: 'UTC', today, holidays })).toEqual({ current, longest });
  });

  it.each([
    // 03:00Z on 2 March is 22:00 on 1 March in New York, so New York has 28 Feb + 1 Mar; UTC has 28 Feb + 2 Mar.
    { zone: 'America/New_York', today: '2026-03-01', current: 2, longest: 2 },
    { zone: 'UTC', today: '2026-03-02', current: 1, longest: 1 },
  ])('assigns sessions to local days ($zone)', ({ zone, today, current, longest }) => {
    const sessions = ['2026-02-28T17:00:00Z', '2026-03-02T03:00:00Z'];
    expect(studyStreaks({ sessionStarts: sessions, timeZone: zone, today, holidays: [] })).toEqual({ current, longest });
  });

  it('counts late-night sessions across the spring-forward weekend (New York)', () => {
    // 23:30 local on 7, 8 and 9 March: EST, then EDT.
    const sessions = ['2026-03-08T04:30:00Z', '2026-03-09T03:30:00Z', '2026-03-10T03:30:00Z'];
    expect(studyStreaks({ sessionStarts: sessions, timeZone: 'America/New_York', today: '2026-03-09', holidays: [] })).toEqual({
      current: 3,
      longest: 3,
    });
  });

  it('counts late-night sessions across the fall-back weekend (London)', () => {
    // 23:30 local on 24 (BST), 25 and 26 October (GMT).
    const sessions = ['2026-10-24T22:30:00Z', '2026-10-25T23:30:00Z', '2026-10-26T23:30:00Z'];
    expect(studyStreaks({ sessionStarts: sessions, timeZone: 'Europe/London', today: '2026-10-27', holidays: [] })).toEqual({
      current: 3,
      longest: 3,
    });
  });
});

describe('studyDays', () => {
  it.each([
    { zone: 'UTC', days: ['2026-06-15'] },
    { zone: 'Pacific/Kiritimati', days: ['2026-06-15', '2026-06-16'] },
    { zone: 'America/Los_Angeles', days: ['2026-06-14', '2026-06-15'] },
  ])('local dates in $zone', ({ zone, days }) => {
    const sessions = ['2026-06-15T05:00:00Z', '2026-06-15T10:30:00Z'];
    expect([...studyDays(sessions, zone)].sort()).toEqual(days);
  });
});

describe('studyMinutesByDay', () => {
  it('sums minutes per local start day, without splitting at midnight', () => {
    const minutes = studyMinutesByDay(
      [
        { startedAt: '2026-01-14T22:00:00Z', durationMinutes: 25 },
        { startedAt: '2026-01-15T04:00:00Z', durationMinutes: 120 }, // 23:00 on the 14th in New York
        { startedAt: '2026-01-15T14:00:00Z', durationMinutes: 50 },
      ],
      'America/New_York',
    );
    expect(Object.fromEntries(minutes)).toEqual({ '2026-01-14': 145, '2026-01-15': 50 });
  });
});
