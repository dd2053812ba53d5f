import { describe, expect, it } from 'vitest';
import { effectiveGoalStatus } from './goal-status';

describe('effectiveGoalStatus', () => {
  it.each([
    ['not_started', 0, 'not_started'],
    ['not_started', 1, 'in_progress'],
    ['not_started', 40, 'in_progress'],
    ['not_started', 100, 'in_progress'],
    ['in_progress', 0, 'in_progress'],
    ['in_progress', 40, 'in_progress'],
    ['completed', 40, 'completed'],
    ['completed', 0, 'completed'],
  ] as const)('%s at %i %% reads %s', (status, progress, expected) => {
    expect(effectiveGoalStatus(status, progress)).toBe(expected);
  });
});
