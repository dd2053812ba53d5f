import { describe, expect, it } from 'vitest';
import type { ProgressAssessment, ProgressTask } from './progress-data';
import { analyticsBuckets, cappedFrom, progressAnalytics } from './progress-analytics';

const TERMS = [
  { id: 't1', name: 'Autumn', startDate: '2025-09-01', endDate: '2025-12-19' },
  { id: 't2', name: 'Spring', startDate: '2026-01-12', endDate: '2026-05-29' },
];

describe('analyticsBuckets', () => {
  it.each([
    [
      'week',
      '2026-03-04',
      '2026-03-20',
      [
        ['2026-03-04', '2026-03-07'],
        ['2026-03-08', '2026-03-14'],
        ['2026-03-15', '2026-03-20'],
      ],
    ],
    [
      'month',
      '2026-01-12',
      '2026-03-04',
      [
        ['2026-01-12', '2026-01-31'],
        ['2026-02-01', '2026-02-28'],
        ['2026-03-01', '2026-03-04'],
      ],
    ],
    [
      'term',
      '2025-01-01',
      '2026-03-04',
      [
        ['2025-09-01', '2025-12-19'],
        ['2026-01-12', '2026-03-04'],
      ],
    ],
    ['term', '2026-01-12', '2026-03-04', [['2026-01-12', '2026-03-04']]],
  ] as const)('%s buckets of %s…%s', (period, from, to, expected) => {
    expect(analyticsBuckets(period, from, to, TERMS).map((bucket) => [bucket.start, bucket.end])).toEqual(expected);
  });

  it('caps weeks at about a year and months at ten years, keeping the latest part', () => {
    expect(cappedFrom('week', '2020-01-01', '2026-03-04')).toBe('2025-01-29');
    expect(cappedFrom('month', '1900-01-01', '2026-03-04')).toBe('2016-02-26');
    expect(cappedFrom('term', '1900-01-01', '2026-03-04')).toBe('1900-01-01');
    expect(analyticsBuckets('week', '2020-01-01', '2026-03-04', []).length).toBeLessThanOrEqual(59);
  });
});

const task = (id: string, dueDate: string, fields: Partial<ProgressTask> = {}): ProgressTask => ({
  id,
  title: id,
  courseId: 'math',
  taskType: 'quiz',
  priority: 'high',
  dueDate,
  completed: true,
  completedDate: dueDate,
  completedLate: false,
  ...fields,
});
const graded = (id: string, score: number, gradedDate: string): ProgressAssessment => ({
  id,
  courseId: 'math',
  name: id,
  type: 'quiz',
  date: gradedDate,
  maxScore: 100,
  weight: 10,
  score,
  gradedDate,
});

describe('progressAnalytics', () => {
  const result = progressAnalytics({
    period: 'month',
    from: '2026-01-12',
    to: '2026-03-04',
    today: '2026-03-04',
    terms: TERMS,
    courses: [
      { id: 'math', name: 'Math', color: '#000000', credits: 3, targetGrade: 85, termId: 't2' },
      { id: 'art', name: 'Art', color: '#000000', credits: 1, targetGrade: null, termId: 't2' },
    ],
    tasks: [
      task('a', '2026-01-20'),
      task('b', '2026-01-21', { completedLate: true, taskType: 'exam', priority: 'low' }),
      task('c', '2026-02-10', { completed: false, completedLate: null }),
      task('d', '2026-03-10', { completed: false, completedLate: null }),
      task('before', '2025-12-01'),
    ],
    sessions: [
      { date: '2026-01-13', hour: 9, minutes: 30, courseId: 'math', type: 'focus' },
      { date: '2026-01-14', hour: 9, minutes: 20, courseId: null, type: 'reading' },
      { date: '2026-02-14', hour: 9, minutes: 45, courseId: 'art', type: 'focus' },
      { date: '2026-01-01', hour: 9, minutes: 99, courseId: 'math', type: 'focus' },
    ],
    assessments: [graded('q0', 50, '2025-12-01'), graded('q1', 90, '2026-01-20'), graded('q2', 70, '2026-02-20')],
  });

  it('study minutes by course and type per bucket', () => {
    expect(result.buckets.map((bucket) => bucket.study.total)).toEqual([50, 45, 0]);
    expect(result.buckets[0]?.study.byCourse).toEqual([
      { courseId: 'math', minutes: 30 },
      { courseId: null, minutes: 20 },
    ]);
    expect(result.buckets[0]?.study.byType).toContainEqual({ type: 'reading', minutes: 20 });
  });

  it('tasks done, late and missed by type and priority, by the bucket they were due in', () => {
    expect(result.buckets[0]?.tasks.byType).toEqual([
      { taskType: 'exam', done: 1, late: 1, missed: 0 },
      { taskType: 'quiz', done: 1, late: 0, missed: 0 },
    ]);
    expect(result.buckets[0]?.tasks.byPriority).toEqual([
      { priority: 'high', done: 1, late: 0, missed: 0 },
      { priority: 'low', done: 1, late: 1, missed: 0 },
    ]);
    expect(result.buckets[1]?.tasks.byType).toEqual([{ taskType: 'quiz', done: 0, late: 0, missed: 1 }]);
    expect(result.buckets[2]?.tasks.byType).toEqual([]);
  });

  it('each course’s running mark after every grade in range (earlier grades included), against its target', () => {
    expect(result.grades).toEqual([
      {
        courseId: 'math',
        name: 'Math',
        target: 85,
        points: [
          { date: '2026-01-20', mark: 70 },
          { date: '2026-02-20', mark: 70 },
        ],
      },
    ]);
  });
});
