import { describe, expect, it, vi } from 'vitest';
import * as localTime from '../../../common/domain/local-time';
import type { Course, Term } from '../../../common/schemas/schedule.schema';
import type { StudyBlock } from '../../../common/schemas/study-plan.schema';
import {
  nextStudyBlock,
  bucketTasks,
  isFirstRun,
  rotationLabels,
  monthGrid,
  occurrencesBetween,
  remainingClassesToday,
  weekDays,
} from './home-selectors';
import { aCourse, aTerm } from '../../test/schedule-fixture';
import { aTask } from '../../test/task-fixture';

// Counts the zone conversions (the real function still runs) so the large-input test needs no timer.
vi.mock('../../../common/domain/local-time', async (importOriginal) => {
  const actual = await importOriginal<typeof localTime>();
  return { ...actual, localDateOf: vi.fn(actual.localDateOf) };
});
const conversions = vi.mocked(localTime.localDateOf);

const task = (id: string, dueDate: string | null, completed = false) => aTask({ id, title: id, dueDate, completed });

const course = (id: string, timeSlots: Course['timeSlots'], termId: string | null = null) =>
  aCourse({ id, name: id, room: 'R1', termId, timeSlots });

describe('bucketTasks', () => {
  // 2026-03-10 23:30 in Tokyo is 14:30 UTC: "today" is the user's, not the browser's or UTC's.
  const now = new Date('2026-03-10T14:30:00Z');
  const zone = 'Asia/Tokyo';
  it('sorts open tasks into overdue, today and the next 7 days in the user’s zone', () => {
    const buckets = bucketTasks(
      [
        task('late', '2026-03-09T01:00:00Z'),
        task('today-late-utc', '2026-03-10T14:00:00Z'),
        task('tomorrow-tokyo', '2026-03-10T15:30:00Z'),
        task('in7', '2026-03-17T03:00:00Z'),
        task('in8', '2026-03-18T03:00:00Z'),
        task('done', '2026-03-09T01:00:00Z', true),
        task('undated', null),
      ],
      now,
      zone,
    );
    expect(buckets.overdue.map((t) => t.id)).toEqual(['late']);
    expect(buckets.today.map((t) => t.id)).toEqual(['today-late-utc']);
    expect(buckets.nextWeek.map((t) => t.id)).toEqual(['tomorrow-tokyo', 'in7']);
    expect(buckets.openByDate.get('2026-03-11')?.map((t) => t.id)).toEqual(['tomorrow-tokyo']);
    expect(buckets.openByDate.has('2026-03-09')).toBe(true);
    // A task without a due date is in no bucket and on no day.
    expect([...buckets.openByDate.values()].flat().some((t) => t.id === 'undated')).toBe(false);
  });

  it('handles 3,000 tasks in one pass (a fixed number of zone conversions per task, no wall clock)', () => {
    // Deterministic stand-in for the 100 ms render budget: instead of timing the call (flaky on a busy
    // machine), count the time-zone conversions, the only non-trivial work per task. The clock is the
    // injected `now`, so the bucket sizes below are exact.
    const tasks = Array.from({ length: 3000 }, (_, index) =>
      task(`t${index}`, new Date(now.getTime() + (index - 100) * 3_600_000).toISOString()),
    );
    conversions.mockClear();
    const buckets = bucketTasks(tasks, now, zone);
    expect(conversions.mock.calls.length).toBeLessThanOrEqual(3 * tasks.length);
    // Tokyo's 2026-03-10 runs from 23.5 h before `now` to 0.5 h after it.
    expect(buckets.overdue).toHaveLength(77);
    expect(buckets.today).toHaveLength(24);
    expect(buckets.nextWeek).toHaveLength(168);
    expect([...buckets.openByDate.values()].flat()).toHaveLength(3000);
  });
});

describe('timetable panels', () => {
  const term = aTerm({ startDate: '2026-03-01', endDate: '2026-06-30', rotation: { kind: 'ab' } });
  const input = {
    // Weekday 2 = Tuesday; the A-week slot only meets in A weeks.
    courses: [
      course('every', [{ day: 2, startTime: '09:00', endTime: '10:00', week: null, cycleDay: null }], 'term'),
      course('a-only', [{ day: 2, startTime: '11:00', endTime: '12:00', week: 'A', cycleDay: null }], 'term'),
    ],
    terms: [term],
    holidays: [],
    timeZone: 'Europe/London',
  };

  it('expands the week through the shared timetable, respecting the rotation', () => {
    const weekA = weekDays(occurrencesBetween(input, '2026-03-01', '2026-03-07'), '2026-03-01');
    const weekB = weekDays(occurrencesBetween(input, '2026-03-08', '2026-03-14'), '2026-03-08');
    expect(weekA[2]!.classes.map((o) => o.courseId)).toEqual(['every', 'a-only']);
    expect(weekB[2]!.classes.map((o) => o.courseId)).toEqual(['every']);
  });

  it('labels the A/B week and N-day cycle days', () => {
    expect(rotationLabels(['2026-03-01', '2026-03-04', '2026-03-07'], [term], []).abWeek).toBe('A');
    expect(rotationLabels(['2026-03-08', '2026-03-11', '2026-03-14'], [term], []).abWeek).toBe('B');
    const nday: Term = { ...term, rotation: { kind: 'nday', days: 3 } };
    // 2026-03-02 is a Monday: the first school day of the term is day 1.
    const labels = rotationLabels(['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-05'], [nday], []);
    expect([...labels.cycleDays]).toEqual([
      ['2026-03-02', 1],
      ['2026-03-03', 2],
      ['2026-03-05', 1],
    ]);
    expect(labels.abWeek).toBeNull();
  });

  it('lists today’s classes that have not ended', () => {
    const occurrences = occurrencesBetween(input, '2026-03-03', '2026-03-03');
    expect(remainingClassesToday(occurrences, '2026-03-03', new Date('2026-03-03T10:30:00Z')).map((o) => o.courseId)).toEqual(['a-only']);
  });

  it('starts weeks on the language’s first day and builds a 6-week month grid', () => {
    expect(localTime.weekStartOf('2026-03-04', 0)).toBe('2026-03-01');
    expect(localTime.weekStartOf('2026-03-04', 1)).toBe('2026-03-02');
    const grid = monthGrid('2026-03-01', 1);
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ date: '2026-02-23', inMonth: false });
    expect(grid.filter((cell) => cell.inMonth)).toHaveLength(31);
  });

  it('detects a first run', () => {
    expect(isFirstRun({ terms: [], courses: [], tasks: [] })).toBe(true);
    expect(isFirstRun({ terms: [], courses: [], tasks: [1] })).toBe(false);
  });
});

describe('nextStudyBlock', () => {
  const block = (id: string, start: string, status: StudyBlock['status'] = 'planned'): StudyBlock => ({
    id,
    taskId: 'task',
    title: 'Essay',
    courseId: null,
    start,
    end: new Date(Date.parse(start) + 50 * 60_000).toISOString(),
    minutes: 50,
    pinned: false,
    status,
    reason: null,
  });
  it('is the running or next planned block, never a missed one', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const blocks = [
      block('later', '2026-11-25T12:00:00Z'),
      block('missed', '2026-11-25T08:00:00Z', 'missed'),
      block('running', '2026-11-25T09:30:00Z'),
    ];
    expect(nextStudyBlock(blocks, now)?.id).toBe('running');
    expect(nextStudyBlock([blocks[0]!], now)?.id).toBe('later');
    expect(nextStudyBlock([], now)).toBeNull();
  });
});
