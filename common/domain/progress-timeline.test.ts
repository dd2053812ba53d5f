import { describe, expect, it } from 'vitest';
import type { ProgressAssessment, ProgressTask } from './progress-data';
import { aProgressAssessment, aProgressTask } from '../test/progress-fixtures';
import { progressTimeline } from './progress-timeline';

const task = (id: string, dueDate: string, fields: Partial<ProgressTask> = {}): ProgressTask => aProgressTask(id, { dueDate, ...fields });
const assessment = (id: string, fields: Partial<ProgressAssessment>): ProgressAssessment =>
  aProgressAssessment(id, { maxScore: 40, ...fields });
const base = {
  from: '2026-03-01',
  to: '2026-03-31',
  today: '2026-03-15',
  tasks: [
    task('done-late', '2026-03-02', { completed: true, completedLate: true }),
    task('missed', '2026-03-10'),
    task('coming', '2026-03-20'),
    task('art-essay', '2026-03-20', { courseId: 'art' }),
    task('outside', '2026-04-02'),
  ],
  assessments: [
    assessment('midterm', { date: '2026-03-05', score: 30, gradedDate: '2026-03-05' }),
    assessment('final', { date: '2026-03-28' }),
  ],
  holidays: [{ id: 'h', name: 'Spring break', startDate: '2026-02-27', endDate: '2026-03-03' }],
  achievements: [{ id: 'task-master', date: '2026-03-02' }],
};

describe('progressTimeline', () => {
  it('orders everything in the range by date, back and forward from today', () => {
    expect(progressTimeline(base).map((entry) => [entry.date, entry.kind, entry.id])).toEqual([
      ['2026-03-01', 'holiday', 'h'],
      ['2026-03-02', 'deadline', 'done-late'],
      ['2026-03-02', 'achievement', 'task-master'],
      ['2026-03-05', 'grade', 'midterm'],
      ['2026-03-10', 'deadline', 'missed'],
      ['2026-03-20', 'deadline', 'art-essay'],
      ['2026-03-20', 'deadline', 'coming'],
      ['2026-03-28', 'assessment', 'final'],
    ]);
  });

  it('carries the evidence: late deadlines, grade percentages, holiday ends', () => {
    const entries = progressTimeline(base);
    expect(entries.find((entry) => entry.id === 'done-late')).toMatchObject({ completed: true, late: true });
    expect(entries.find((entry) => entry.id === 'missed')).toMatchObject({ completed: false, late: true });
    expect(entries.find((entry) => entry.id === 'coming')).toMatchObject({ completed: false, late: false });
    expect(entries.find((entry) => entry.id === 'midterm')).toMatchObject({ percentage: 75 });
    expect(entries.find((entry) => entry.id === 'h')).toMatchObject({ endDate: '2026-03-03' });
  });

  it('filters by course, keeping holidays and achievements', () => {
    expect(progressTimeline({ ...base, courseId: 'art' }).map((entry) => entry.id)).toEqual(['h', 'task-master', 'art-essay']);
  });
});
