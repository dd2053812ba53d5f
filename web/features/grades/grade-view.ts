import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import { gradeFor, percentageOf, scoreColor, type GradingSystemKey, type ScoreColor } from '../../../common/domain/grading-systems';

/** Text colours for SPEC.md §9's score colours, readable on light and dark backgrounds. */
export const SCORE_COLOR_CLASSES: Record<ScoreColor, string> = {
  green: 'text-green-700 dark:text-green-400',
  blue: 'text-blue-700 dark:text-blue-400',
  yellow: 'text-yellow-800 dark:text-yellow-300',
  orange: 'text-orange-700 dark:text-orange-400',
  red: 'text-red-700 dark:text-red-400',
};

/** Whether labels can be shown: `custom` needs a saved scale. */
export function canLabel(system: GradingSystemKey, scale: readonly CustomScaleBand[] | undefined): boolean {
  return system !== 'custom' || (scale !== undefined && scale.length > 0);
}

/** The label of a percentage in the system, or null when it cannot be computed (custom without a scale). */
export function labelFor(
  percentage: number | null,
  system: GradingSystemKey,
  scale: readonly CustomScaleBand[] | undefined,
): string | null {
  if (percentage === null || !canLabel(system, scale)) return null;
  return gradeFor(percentage, system, scale).label;
}

export type ScoredView = { percentage: number; color: ScoreColor };

export function scored(score: number, maxScore: number): ScoredView {
  const percentage = percentageOf(score, maxScore);
  return { percentage, color: scoreColor(percentage) };
}

/** A what-if field read: empty (no what-if), a score within 0…maxScore, or why it is refused. */
export type WhatIfInput = { kind: 'empty' } | { kind: 'score'; score: number } | { kind: 'invalid'; reason: 'number' | 'range' };

/**
 * Reads a what-if field as a grade's score is checked (API.md: `0 ≤ score ≤ maxScore`): 150 out of
 * 100 is refused with a message, never taken as 150 %.
 */
export function readWhatIfScore(text: string | undefined, maxScore: number): WhatIfInput {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { kind: 'empty' };
  const score = Number(trimmed);
  if (!Number.isFinite(score)) return { kind: 'invalid', reason: 'number' };
  if (score < 0 || score > maxScore) return { kind: 'invalid', reason: 'range' };
  return { kind: 'score', score };
}
