import type { CustomScaleBand } from '../../../common/domain/custom-scale';
import {
  gradeFor,
  parseNativeGrade,
  percentageOf,
  scoreColorIn,
  type GradingSystemKey,
  type ScoreColor,
} from '../../../common/domain/grading-systems';

/** The longest course name the add-course form takes (its field and its rules, add-course-schema.ts). */
export const COURSE_NAME_MAX = 200;

/** Text colours for docs/product.md §9's score colours, readable on light and dark backgrounds. */
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

/** A score's percentage and its colour in the active system (rule 0.9; national scales by their own grades). */
export function scored(score: number, maxScore: number, system: GradingSystemKey = 'percentage'): ScoredView {
  const percentage = percentageOf(score, maxScore);
  return { percentage, color: scoreColorIn(percentage, system) };
}

/** A what-if field read: empty (no what-if), a score within 0…maxScore, or why it is refused. */
export type WhatIfInput = { kind: 'empty' } | { kind: 'score'; score: number } | { kind: 'invalid'; reason: 'number' | 'range' };

/**
 * Reads a what-if field as a grade's score is checked (docs/api.md: `0 ≤ score ≤ maxScore`): 150 out of
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

// ---- National number scales (issue 23, docs/decisions/115-german-grades.md) ----

// Shared with Progress (web/lib/grade-entry.ts).
export { NATIVE_GRADE_EXAMPLES, nativeEntryText } from '../../lib/grade-entry';

/** The colour of a percentage in the active system: rule 0.9, or the national scale's own grades. */
export function colorFor(percentage: number, system: GradingSystemKey): ScoreColor {
  return scoreColorIn(percentage, system);
}

// One rule for Grades and Progress (web/lib/needed-score.ts).
export { neededNativeValue } from '../../lib/needed-score';

/** A what-if field in a national scale: a grade of the system (`2+`, `14,5`) turned into a score out of `maxScore`. */
export function readNativeWhatIf(text: string | undefined, system: GradingSystemKey, maxScore: number): WhatIfInput {
  const trimmed = (text ?? '').trim();
  if (trimmed === '') return { kind: 'empty' };
  const percentage = parseNativeGrade(trimmed, system);
  if (percentage === null) return { kind: 'invalid', reason: 'number' };
  return { kind: 'score', score: Math.min(maxScore, (percentage * maxScore) / 100) };
}
