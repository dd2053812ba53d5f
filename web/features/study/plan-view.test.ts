import { describe, expect, it } from 'vitest';
import type { StudyBlock } from '../../../common/schemas/study-plan.schema';
import { planDays, splitMinutes } from './plan-view';

const block = (id: string, start: string, minutes = 50, status: StudyBlock['status'] = 'planned'): StudyBlock => ({
  id,
  taskId: 'task',
  title: 'Essay',
  courseId: null,
  start,
  end: new Date(Date.parse(start) + minutes * 60_000).toISOString(),
  minutes,
  pinned: false,
  status,
  reason: null,
});

describe('planDays', () => {
  it.each([
    // 2026-11-25 20:30 UTC is still the 25th in Honolulu, already the 26th in Tokyo.
    ['Pacific/Honolulu', ['2026-11-25', '2026-11-26']],
    ['UTC', ['2026-11-25', '2026-11-26']],
    ['Asia/Kolkata', ['2026-11-26', '2026-11-27']],
    ['Asia/Tokyo', ['2026-11-26', '2026-11-27']],
  ])('groups blocks by the local day in %s', (zone, expected) => {
    const now = new Date('2026-11-25T10:00:00Z');
    const days = planDays(
      [block('b', '2026-11-26T20:30:00Z'), block('a', '2026-11-25T20:30:00Z'), block('late', '2026-12-20T10:00:00Z')],
      now,
      zone,
    );
    expect(days.map((day) => day.date)).toEqual(expected);
    expect(days.flatMap((day) => day.blocks.map((item) => item.id))).toEqual(['a', 'b']);
  });
});

it('splitMinutes', () => {
  expect(splitMinutes(150)).toEqual({ hours: 2, minutes: 30 });
  expect(splitMinutes(45)).toEqual({ hours: 0, minutes: 45 });
});
