import { describe, expect, it } from 'vitest';
import {
  addDays,
  clearTimeZoneCaches,
  createDateRangeSet,
  daysBetween,
  endOfLocalDay,
  firstOfMonth,
  fromDayNumber,
  instantToMillis,
  isLocalDate,
  isValidTimeZone,
  localDateOf,
  localDateTimeOf,
  parseTimeOfDay,
  startOfLocalDay,
  startOfWeek,
  toDayNumber,
  utcInstantOf,
  utcMillisOf,
  weekdayOf,
} from './local-time';

describe('day numbers', () => {
  it.each([
    { date: '1970-01-01', dayNumber: 0 },
    { date: '1969-12-31', dayNumber: -1 },
    { date: '2000-03-01', dayNumber: 11_017 },
    { date: '2026-03-08', dayNumber: 20_520 },
  ])('$date is day $dayNumber', ({ date, dayNumber }) => {
    expect(toDayNumber(date)).toBe(dayNumber);
    expect(fromDayNumber(dayNumber)).toBe(date);
  });

  it('agrees with Date for every day from 1900 to 2100', () => {
    // Mismatches are collected so that 73,000 days cost one assertion, not 146,000.
    const mismatches: string[] = [];
    for (let day = -25_567; day <= 47_482; day++) {
      const viaDate = new Date(day * 86_400_000).toISOString().slice(0, 10);
      if (fromDayNumber(day) !== viaDate || toDayNumber(viaDate) !== day) mismatches.push(viaDate);
    }
    expect(mismatches).toEqual([]);
  });

  it.each(['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-01', '26-01-01', '2026-03-01T00:00:00Z', ''])(
    'refuses "%s"',
    (date) => {
      expect(() => toDayNumber(date)).toThrow(RangeError);
      expect(isLocalDate(date)).toBe(false);
    },
  );

  it('accepts 29 February in a leap year only', () => {
    expect(isLocalDate('2024-02-29')).toBe(true);
    expect(isLocalDate('2100-02-29')).toBe(false);
    expect(isLocalDate('2000-02-29')).toBe(true);
    expect(isLocalDate(20_240_229)).toBe(false);
  });
});

describe('date arithmetic', () => {
  it.each([
    { date: '2026-02-28', days: 1, expected: '2026-03-01' },
    { date: '2024-02-28', days: 1, expected: '2024-02-29' },
    { date: '2026-01-01', days: -1, expected: '2025-12-31' },
    { date: '2026-03-07', days: 1, expected: '2026-03-08' },
    { date: '2026-03-08', days: 0, expected: '2026-03-08' },
    { date: '2026-01-31', days: 365, expected: '2027-01-31' },
  ])('addDays($date, $days) = $expected', ({ date, days, expected }) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    { date: '1970-01-01', weekday: 4 },
    { date: '1969-12-28', weekday: 0 },
    { date: '2026-03-08', weekday: 0 },
    { date: '2026-03-14', weekday: 6 },
    { date: '2026-01-05', weekday: 1 },
  ])('weekdayOf($date) = $weekday (0 = Sunday)', ({ date, weekday }) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each([
    { from: '2026-03-01', to: '2026-03-08', days: 7 },
    { from: '2026-03-08', to: '2026-03-01', days: -7 },
    { from: '2025-12-31', to: '2026-01-01', days: 1 },
    { from: '2024-02-01', to: '2024-03-01', days: 29 },
    { from: '2026-11-01', to: '2026-11-01', days: 0 },
  ])('daysBetween($from, $to) = $days', ({ from, to, days }) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it.each([
    { date: '2026-03-14', sunday: '2026-03-08' },
    { date: '2026-03-08', sunday: '2026-03-08' },
    { date: '2026-03-09', sunday: '2026-03-08' },
    { date: '2026-01-01', sunday: '2025-12-28' },
  ])('startOfWeek($date) = $sunday', ({ date, sunday }) => {
    expect(startOfWeek(date)).toBe(sunday);
  });
});

describe('parseTimeOfDay', () => {
  it.each([
    { time: '00:00', millis: 0 },
    { time: '09:30', millis: 34_200_000 },
    { time: '23:59', millis: 86_340_000 },
    { time: '09:30:15', millis: 34_215_000 },
  ])('$time', ({ time, millis }) => {
    expect(parseTimeOfDay(time)).toBe(millis);
  });

  it.each(['24:00', '9:30', '09:60', '09:30:60', '0930', ''])('refuses "%s"', (time) => {
    expect(() => parseTimeOfDay(time)).toThrow(RangeError);
  });
});

describe('instantToMillis', () => {
  it.each([
    { instant: '2026-03-01T09:00:00.000Z', millis: Date.UTC(2026, 2, 1, 9) },
    { instant: '2026-03-01T09:00:00+01:00', millis: Date.UTC(2026, 2, 1, 8) },
    { instant: '2026-03-01T09:00:00-05:00', millis: Date.UTC(2026, 2, 1, 14) },
    { instant: new Date(Date.UTC(2026, 2, 1)), millis: Date.UTC(2026, 2, 1) },
    { instant: 1_000, millis: 1_000 },
  ])('reads $instant', ({ instant, millis }) => {
    expect(instantToMillis(instant)).toBe(millis);
  });

  // Without an offset Date.parse would silently use the machine's zone (or UTC for a bare date).
  it.each(['2026-03-01T09:00:00', '2026-03-01', 'yesterday', ''])('refuses "%s"', (instant) => {
    expect(() => instantToMillis(instant)).toThrow(RangeError);
  });

  it('refuses NaN and invalid dates', () => {
    expect(() => instantToMillis(Number.NaN)).toThrow(RangeError);
    expect(() => instantToMillis(new Date('nope'))).toThrow(RangeError);
  });
});

describe('localDateTimeOf', () => {
  it.each([
    {
      name: 'New York evening is the previous day',
      instant: '2026-03-01T02:00:00Z',
      zone: 'America/New_York',
      date: '2026-02-28',
      time: '21:00',
    },
    { name: 'London in winter is UTC', instant: '2026-03-01T02:00:00Z', zone: 'Europe/London', date: '2026-03-01', time: '02:00' },
    { name: 'Tokyo is already tomorrow', instant: '2026-03-01T15:00:00Z', zone: 'Asia/Tokyo', date: '2026-03-02', time: '00:00' },
    {
      name: 'Kiritimati (+14) last minute',
      instant: '2026-03-01T09:59:59Z',
      zone: 'Pacific/Kiritimati',
      date: '2026-03-01',
      time: '23:59',
    },
    { name: 'Kiritimati (+14) midnight', instant: '2026-03-01T10:00:00Z', zone: 'Pacific/Kiritimati', date: '2026-03-02', time: '00:00' },
    { name: 'Pago Pago (−11)', instant: '2026-03-01T10:59:00Z', zone: 'Pacific/Pago_Pago', date: '2026-02-28', time: '23:59' },
    { name: 'Kolkata (+05:30) before midnight', instant: '2026-03-01T18:29:00Z', zone: 'Asia/Kolkata', date: '2026-03-01', time: '23:59' },
    { name: 'Kolkata (+05:30) midnight', instant: '2026-03-01T18:30:00Z', zone: 'Asia/Kolkata', date: '2026-03-02', time: '00:00' },
    {
      name: 'NY spring forward, last EST minute',
      instant: '2026-03-08T06:59:00Z',
      zone: 'America/New_York',
      date: '2026-03-08',
      time: '01:59',
    },
    {
      name: 'NY spring forward, first EDT minute',
      instant: '2026-03-08T07:00:00Z',
      zone: 'America/New_York',
      date: '2026-03-08',
      time: '03:00',
    },
    {
      name: 'NY fall back, first 01:30 (EDT)',
      instant: '2026-11-01T05:30:00Z',
      zone: 'America/New_York',
      date: '2026-11-01',
      time: '01:30',
    },
    {
      name: 'NY fall back, second 01:30 (EST)',
      instant: '2026-11-01T06:30:00Z',
      zone: 'America/New_York',
      date: '2026-11-01',
      time: '01:30',
    },
    { name: 'NY 25-hour day ends at 05:00Z', instant: '2026-11-02T04:59:00Z', zone: 'America/New_York', date: '2026-11-01', time: '23:59' },
    { name: 'London spring forward', instant: '2026-03-29T01:00:00Z', zone: 'Europe/London', date: '2026-03-29', time: '02:00' },
    { name: 'London BST midnight', instant: '2026-10-24T23:00:00Z', zone: 'Europe/London', date: '2026-10-25', time: '00:00' },
    {
      name: 'London fall back, second 01:30 (GMT)',
      instant: '2026-10-25T01:30:00Z',
      zone: 'Europe/London',
      date: '2026-10-25',
      time: '01:30',
    },
    { name: 'Lord Howe half-hour shift', instant: '2026-10-03T15:30:00Z', zone: 'Australia/Lord_Howe', date: '2026-10-04', time: '02:30' },
  ])('$name', ({ instant, zone, date, time }) => {
    expect(localDateTimeOf(instant, zone)).toEqual({ date, time });
    expect(localDateOf(instant, zone)).toBe(date);
  });

  it('throws RangeError for an unknown zone', () => {
    expect(() => localDateOf('2026-03-01T00:00:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('utcInstantOf', () => {
  it.each([
    { name: 'NY before the change', date: '2026-03-07', time: '09:00', zone: 'America/New_York', instant: '2026-03-07T14:00:00.000Z' },
    { name: 'NY on the change day', date: '2026-03-08', time: '09:00', zone: 'America/New_York', instant: '2026-03-08T13:00:00.000Z' },
    {
      name: 'NY last minute before the gap',
      date: '2026-03-08',
      time: '01:59',
      zone: 'America/New_York',
      instant: '2026-03-08T06:59:00.000Z',
    },
    {
      name: 'NY gap 02:00 moves to 03:00 EDT',
      date: '2026-03-08',
      time: '02:00',
      zone: 'America/New_York',
      instant: '2026-03-08T07:00:00.000Z',
    },
    {
      name: 'NY gap 02:30 moves to 03:30 EDT',
      date: '2026-03-08',
      time: '02:30',
      zone: 'America/New_York',
      instant: '2026-03-08T07:30:00.000Z',
    },
    { name: 'NY 03:00 after the gap', date: '2026-03-08', time: '03:00', zone: 'America/New_York', instant: '2026-03-08T07:00:00.000Z' },
    {
      name: 'NY overlap 01:30 takes the earlier (EDT)',
      date: '2026-11-01',
      time: '01:30',
      zone: 'America/New_York',
      instant: '2026-11-01T05:30:00.000Z',
    },
    {
      name: 'NY overlap 01:00 takes the earlier (EDT)',
      date: '2026-11-01',
      time: '01:00',
      zone: 'America/New_York',
      instant: '2026-11-01T05:00:00.000Z',
    },
    {
      name: 'NY 02:00 after fall back is EST',
      date: '2026-11-01',
      time: '02:00',
      zone: 'America/New_York',
      instant: '2026-11-01T07:00:00.000Z',
    },
    {
      name: 'London gap 01:30 moves to 02:30 BST',
      date: '2026-03-29',
      time: '01:30',
      zone: 'Europe/London',
      instant: '2026-03-29T01:30:00.000Z',
    },
    { name: 'London 00:30 before the gap', date: '2026-03-29', time: '00:30', zone: 'Europe/London', instant: '2026-03-29T00:30:00.000Z' },
    {
      name: 'London overlap 01:30 takes BST',
      date: '2026-10-25',
      time: '01:30',
      zone: 'Europe/London',
      instant: '2026-10-25T00:30:00.000Z',
    },
    { name: 'London 09:00 after fall back', date: '2026-10-26', time: '09:00', zone: 'Europe/London', instant: '2026-10-26T09:00:00.000Z' },
    {
      name: 'Sydney overlap 02:30 takes AEDT',
      date: '2026-04-05',
      time: '02:30',
      zone: 'Australia/Sydney',
      instant: '2026-04-04T15:30:00.000Z',
    },
    {
      name: 'Sydney 03:00 after fall back',
      date: '2026-04-05',
      time: '03:00',
      zone: 'Australia/Sydney',
      instant: '2026-04-04T17:00:00.000Z',
    },
    {
      name: 'Lord Howe 30-minute gap',
      date: '2026-10-04',
      time: '02:15',
      zone: 'Australia/Lord_Howe',
      instant: '2026-10-03T15:45:00.000Z',
    },
    { name: 'Kolkata midnight', date: '2026-03-01', time: '00:00', zone: 'Asia/Kolkata', instant: '2026-02-28T18:30:00.000Z' },
    { name: 'UTC', date: '2026-03-01', time: '09:30', zone: 'UTC', instant: '2026-03-01T09:30:00.000Z' },
  ])('$name', ({ date, time, zone, instant }) => {
    expect(utcInstantOf(date, time, zone)).toBe(instant);
    expect(utcMillisOf(date, time, zone)).toBe(Date.parse(instant));
  });

  it('gives the same answers with cold caches', () => {
    clearTimeZoneCaches();
    expect(utcInstantOf('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
    clearTimeZoneCaches();
    expect(localDateTimeOf('2026-11-01T06:30:00Z', 'America/New_York')).toEqual({ date: '2026-11-01', time: '01:30' });
  });

  // Every quarter hour of 2026 in zones with hour, half-hour and midnight transitions, against raw Intl:
  // local → instant must read back as the same wall time, and pick the earlier instant of an overlap.
  it.each(['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Kolkata'])(
    'round-trips every quarter hour of 2026 in %s',
    (zone) => {
      const reference = new Intl.DateTimeFormat('en-CA', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      });
      const wallTime = (millis: number): string => {
        const parts = Object.fromEntries(reference.formatToParts(millis).map((part) => [part.type, part.value]));
        return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
      };
      const mismatches: string[] = [];
      for (let millis = Date.UTC(2026, 0, 1); millis < Date.UTC(2027, 0, 1); millis += 15 * 60_000) {
        const expected = wallTime(millis);
        const local = localDateTimeOf(millis, zone);
        const back = utcMillisOf(local.date, local.time, zone);
        if (`${local.date} ${local.time}` !== expected || wallTime(back) !== expected || back > millis) {
          mismatches.push(new Date(millis).toISOString());
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
});

describe('start and end of a local day', () => {
  it.each([
    {
      name: 'NY 23-hour day',
      date: '2026-03-08',
      zone: 'America/New_York',
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
      hours: 23,
    },
    {
      name: 'NY 25-hour day',
      date: '2026-11-01',
      zone: 'America/New_York',
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
      hours: 25,
    },
    {
      name: 'London 23-hour day',
      date: '2026-03-29',
      zone: 'Europe/London',
      start: '2026-03-29T00:00:00.000Z',
      end: '2026-03-29T23:00:00.000Z',
      hours: 23,
    },
    {
      name: 'Tokyo ordinary day',
      date: '2026-03-08',
      zone: 'Asia/Tokyo',
      start: '2026-03-07T15:00:00.000Z',
      end: '2026-03-08T15:00:00.000Z',
      hours: 24,
    },
    // Chile skips local midnight: the day starts at 01:00 (−03).
    {
      name: 'Santiago day without a midnight',
      date: '2026-09-06',
      zone: 'America/Santiago',
      start: '2026-09-06T04:00:00.000Z',
      end: '2026-09-07T03:00:00.000Z',
      hours: 23,
    },
  ])('$name', ({ date, zone, start, end, hours }) => {
    expect(startOfLocalDay(date, zone)).toBe(start);
    expect(endOfLocalDay(date, zone)).toBe(end);
    expect((Date.parse(end) - Date.parse(start)) / 3_600_000).toBe(hours);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    { zone: 'Europe/Madrid', valid: true },
    { zone: 'UTC', valid: true },
    { zone: 'America/Argentina/Buenos_Aires', valid: true },
    { zone: 'Mars/Olympus_Mons', valid: false },
    { zone: '', valid: false },
  ])('$zone → $valid', ({ zone, valid }) => {
    expect(isValidTimeZone(zone)).toBe(valid);
  });
});

describe('createDateRangeSet', () => {
  const set = createDateRangeSet([
    { startDate: '2026-01-10', endDate: '2026-01-12' },
    { startDate: '2026-01-13', endDate: '2026-01-13' }, // touches the first: merged
    { startDate: '2026-01-20', endDate: '2026-01-25' },
    { startDate: '2026-01-22', endDate: '2026-01-23' }, // inside the third
    { startDate: '2026-02-10', endDate: '2026-02-01' }, // backwards: ignored
  ]);
  const day = toDayNumber;

  it.each([
    { date: '2026-01-09', has: false },
    { date: '2026-01-10', has: true },
    { date: '2026-01-13', has: true },
    { date: '2026-01-14', has: false },
    { date: '2026-01-25', has: true },
    { date: '2026-01-26', has: false },
    { date: '2026-02-05', has: false },
  ])('hasDay($date) = $has', ({ date, has }) => {
    expect(set.hasDay(day(date))).toBe(has);
  });

  it.each([
    { from: '2026-01-10', to: '2026-01-13', covers: true },
    { from: '2026-01-11', to: '2026-01-14', covers: false },
    { from: '2026-01-12', to: '2026-01-20', covers: false },
    { from: '2026-01-21', to: '2026-01-24', covers: true },
    { from: '2026-01-15', to: '2026-01-14', covers: true },
  ])('coversDays($from, $to) = $covers', ({ from, to, covers }) => {
    expect(set.coversDays(day(from), day(to))).toBe(covers);
  });

  it('is empty without ranges', () => {
    const empty = createDateRangeSet([]);
    expect(empty.hasDay(0)).toBe(false);
    expect(empty.coversDays(0, 0)).toBe(false);
    expect(empty.coversDays(1, 0)).toBe(true);
  });
});

describe('firstOfMonth', () => {
  it.each([
    { date: '2026-03-31', months: 0, first: '2026-03-01' },
    { date: '2026-03-31', months: -1, first: '2026-02-01' },
    { date: '2026-01-15', months: -1, first: '2025-12-01' },
    { date: '2026-12-31', months: 1, first: '2027-01-01' },
    { date: '2026-05-10', months: -11, first: '2025-06-01' },
    { date: '2026-05-10', months: 25, first: '2028-06-01' },
  ])('$date $months → $first', ({ date, months, first }) => {
    expect(firstOfMonth(date, months)).toBe(first);
  });

  it('refuses an instant', () => {
    expect(() => firstOfMonth('2026-03-01T00:00:00Z')).toThrow(RangeError);
  });
});
