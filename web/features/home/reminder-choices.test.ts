import { describe, expect, it } from 'vitest';
import { addDays, localDateOf, utcMillisOf } from '../../../common/domain/local-time';
import type { Task } from '../../../common/schemas/tasks.schema';
import { fittingOffset, remindableTasks } from './reminder-choices';

const NOW = Date.parse('2030-06-12T08:00:00.000Z');
const HOUR = 3_600_000;
const task = (id: string, dueDate: string | null, completed = false) => ({ id, title: id, dueDate, completed }) as Task;

describe('remindableTasks', () => {
  it('offers open tasks still ahead, soonest first; not done, past or undated ones', () => {
    const tasks = [
      task('later', '2030-06-20T10:00:00.000Z'),
      task('done', '2030-06-13T10:00:00.000Z', true),
      task('past', '2030-06-12T07:59:00.000Z'),
      task('undated', null),
      task('soon', '2030-06-12T09:00:00.000Z'),
    ];
    expect(remindableTasks(tasks, NOW).map((entry) => entry.id)).toEqual(['soon', 'later']);
  });
});

describe('fittingOffset', () => {
  it.each([
    ['keeps a preferred offset still ahead', 1440, NOW + 2 * 24 * HOUR, 1440],
    ['due in 2 hours: 1 day before would be past, so 1 hour before', 1440, NOW + 2 * HOUR, 60],
    ['due in 25 minutes: 10 minutes before', 60, NOW + 25 * 60_000, 10],
    ['due in 5 minutes: nothing fits, the shortest (the dialog then says it is past)', 60, NOW + 5 * 60_000, 10],
    ['no valid due moment yet: the preferred one', 1440, Number.NaN, 1440],
  ])('%s', (_name, preferred, due, expected) => {
    expect(fittingOffset(preferred, due, NOW)).toBe(expected);
  });

  // A new task the student set due tomorrow at 09:00 on the profile's clock (the dialog starts at the day's end).
  const tomorrowNine = (now: number, zone: string) => utcMillisOf(addDays(localDateOf(now, zone), 1), '09:00', zone);

  it.each([
    // 08:00 UTC is 22:00 the day before in Honolulu (11 h to go), 13:30 in Kolkata (19.5 h), 17:00 in Tokyo (16 h).
    ['Pacific/Honolulu', 360],
    ['UTC', 1440],
    ['Asia/Kolkata', 720],
    ['Asia/Tokyo', 720],
  ])('proposes for tomorrow 09:00 in %s the longest reminder still ahead', (zone, expected) => {
    expect(fittingOffset(1440, tomorrowNine(NOW, zone), NOW)).toBe(expected);
  });

  it('across a DST change: tomorrow 09:00 in Berlin is only 23 hours away on the spring-forward night', () => {
    const before = Date.parse('2030-03-30T08:00:00.000Z'); // Saturday 09:00 CET; clocks go forward on Sunday
    expect(tomorrowNine(before, 'Europe/Berlin') - before).toBe(23 * HOUR);
    expect(fittingOffset(1440, tomorrowNine(before, 'Europe/Berlin'), before)).toBe(720);
    const ordinary = Date.parse('2030-03-23T08:00:00.000Z');
    expect(fittingOffset(1440, tomorrowNine(ordinary, 'Europe/Berlin'), ordinary + 1)).toBe(720);
    expect(fittingOffset(1440, tomorrowNine(ordinary, 'Europe/Berlin'), ordinary - 1)).toBe(1440);
  });
});
