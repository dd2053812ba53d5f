import { describe, expect, it } from 'vitest';
import type { AcademicGoal } from '../../../common/schemas/academic-goals.schema';
import { isGoalOverdue, selectGoals, type GoalFilter, type GoalSort } from './goal-list';

const goal = (id: string, fields: Partial<AcademicGoal>): AcademicGoal => ({
  id,
  title: id,
  description: null,
  targetDate: null,
  target: null,
  progress: 0,
  priority: 'medium',
  status: 'not_started',
  notes: null,
  ...fields,
});

const TODAY = '2026-03-10';
const GOALS = [
  goal('b-late', { targetDate: '2026-03-01', priority: 'low', progress: 30, status: 'in_progress' }),
  goal('a-done-late', { targetDate: '2026-02-01', status: 'completed', progress: 100 }),
  goal('c-soon', { targetDate: '2026-03-10', priority: 'high', progress: 10 }),
  goal('d-undated', { priority: 'high', progress: 60, status: 'in_progress' }),
];

describe('isGoalOverdue', () => {
  it.each([
    [{ targetDate: '2026-03-09', status: 'not_started' as const }, true],
    [{ targetDate: '2026-03-10', status: 'in_progress' as const }, false],
    [{ targetDate: '2026-03-09', status: 'completed' as const }, false],
    [{ targetDate: null, status: 'not_started' as const }, false],
  ])('%j → %s', (fields, expected) => expect(isGoalOverdue(fields, TODAY)).toBe(expected));
});

describe('selectGoals', () => {
  it.each<[GoalFilter, GoalSort, string[]]>([
    ['all', 'targetDate', ['a-done-late', 'b-late', 'c-soon', 'd-undated']],
    ['all', 'priority', ['c-soon', 'd-undated', 'a-done-late', 'b-late']],
    ['all', 'progress', ['a-done-late', 'd-undated', 'b-late', 'c-soon']],
    ['all', 'title', ['a-done-late', 'b-late', 'c-soon', 'd-undated']],
    ['overdue', 'targetDate', ['b-late']],
    ['completed', 'targetDate', ['a-done-late']],
    ['in_progress', 'priority', ['d-undated', 'b-late']],
    ['not_started', 'targetDate', ['c-soon']],
  ])('%s sorted by %s', (filter, sort, ids) => {
    expect(selectGoals(GOALS, { filter, sort, today: TODAY }).map((row) => row.goal.id)).toEqual(ids);
  });

  it('marks overdue goals and leaves the input untouched', () => {
    const before = GOALS.map((g) => g.id);
    const rows = selectGoals(GOALS, { filter: 'all', sort: 'title', today: TODAY });
    expect(rows.filter((row) => row.overdue).map((row) => row.goal.id)).toEqual(['b-late']);
    expect(GOALS.map((g) => g.id)).toEqual(before);
  });
});
