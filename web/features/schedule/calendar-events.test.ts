import { describe, expect, it } from 'vitest';
import { localDateTimeOf, utcInstantOf } from '../../../common/domain/local-time';
import { taskEventRange } from './calendar-events';

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

  it('a task due in the afternoon keeps an hour-long marker', () => {
    const due = utcInstantOf('2026-03-01', '15:00', 'Asia/Tokyo');
    expect(taskEventRange(due, 'Asia/Tokyo')).toEqual({ start: due, end: utcInstantOf('2026-03-01', '16:00', 'Asia/Tokyo') });
  });
});
