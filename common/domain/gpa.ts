/**
 * Course marks, weighted GPA and what-if calculations (docs/grading.md rules 0.4–0.8). Pure and
 * side-effect free: every function returns new values and never mutates its input, so the UI can run
 * what-ifs on the same objects it renders.
 */

import type { CustomScaleBand } from './custom-scale';
import {
  gpa4For,
  gradeFor,
  gradePointsForGpa,
  hasOwnGpa,
  ownGpaMax,
  percentageOf,
  roundToHundredths,
  type GradeResult,
  type GradingSystemKey,
} from './grading-systems';

/**
 * One assessment of a course with its score, if graded. Mirrors `Assessment` + `Grade` from docs/api.md
 * (`weight` is a percent of the final grade, 0–100; `0 ≤ score ≤ maxScore`).
 */
export interface AssessmentScore {
  /** Needed only by `whatIf`, which looks hypothetical scores up by assessment id. */
  readonly id?: string;
  readonly weight: number;
  readonly maxScore: number;
  /** `null`/`undefined` while the assessment has no grade. A score of 0 is graded. */
  readonly score?: number | null;
}

function isGraded(assessment: AssessmentScore): assessment is AssessmentScore & { score: number } {
  return assessment.score !== null && assessment.score !== undefined;
}

function checkedWeight(weight: number): number {
  if (!Number.isFinite(weight) || weight < 0) {
    throw new RangeError(`An assessment weight must be a number ≥ 0, got ${weight}`);
  }
  return weight;
}

/**
 * Rule 0.4's Σw = 0 fallback: when every weight in a set is 0, each counts as 1 (a plain mean).
 * Applied to the set the average is taken over, so one weighted assessment makes the zero-weight
 * ones count for nothing, as the formula says.
 */
function effectiveWeights(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, w) => sum + w, 0);
  return total === 0 ? weights.map(() => 1) : [...weights];
}

/**
 * A course's current mark (rule 0.4): `Σ(pᵢ·wᵢ) / Σwᵢ` over its **graded** assessments, where each
 * `pᵢ` is already rounded per rule 0.2 (`percentageOf`), and the result is rounded to 2 decimals
 * again (rule 0.2, "course marks are rounded the same way"). If every graded weight is 0 the plain
 * mean is used. Returns `null` when nothing is graded: show "—", never 0.
 *
 * Weights need not add up to 100; the average is normalised by the graded weight only, so the mark
 * is "how am I doing so far", not "points banked out of 100".
 *
 * @throws RangeError for a negative weight, a non-positive `maxScore` or a negative score.
 */
export function courseMark(assessments: readonly AssessmentScore[]): number | null {
  const graded = assessments.filter(isGraded);
  if (graded.length === 0) return null;
  const weights = effectiveWeights(graded.map((a) => checkedWeight(a.weight)));
  let weightedSum = 0;
  let weightTotal = 0;
  graded.forEach((assessment, index) => {
    const weight = weights[index] ?? 0;
    weightedSum += percentageOf(assessment.score, assessment.maxScore) * weight;
    weightTotal += weight;
  });
  return roundToHundredths(weightedSum / weightTotal);
}

/**
 * A course's grade (rule 0.5): its current mark run through the system's bands. Never average
 * per-assessment grades or points instead. `null` when nothing is graded.
 *
 * @throws as `courseMark` and `gradeFor` (e.g. `custom` without a scale).
 */
export function courseGrade(
  assessments: readonly AssessmentScore[],
  system: GradingSystemKey,
  customScale?: readonly CustomScaleBand[],
): GradeResult | null {
  const mark = courseMark(assessments);
  return mark === null ? null : gradeFor(mark, system, customScale);
}

/** A course's final grade is 100 % of weight (docs/api.md: `weight` is a percent of the final grade). */
export const FULL_WEIGHT = 100;

/** Float noise of sums such as 0.1 + 0.2 cleaned, so a remaining weight never reads 64.99999999. */
function cleanWeight(value: number): number {
  return Number(value.toPrecision(12)) + 0;
}

function weightTotals(assessments: readonly AssessmentScore[]): { all: number; graded: number } {
  let all = 0;
  let graded = 0;
  for (const assessment of assessments) {
    const weight = checkedWeight(assessment.weight);
    all += weight;
    if (isGraded(assessment)) graded += weight;
  }
  return { all, graded };
}

/**
 * The weight (percent of the final grade) still to come: the weight of the ungraded assessments
 * **and** the weight not yet given to any assessment, i.e. `max(100, Σ all weights) − Σ graded
 * weights` (docs/decisions/075-trust-polish.md). A course with one graded 35 % assessment has 65 %
 * to come, whether or not the rest has been entered yet. Weights adding to more than 100 are taken
 * as they are (the course counts out of their sum).
 */
export function remainingWeight(assessments: readonly AssessmentScore[]): number {
  const { all, graded } = weightTotals(assessments);
  return Math.max(0, cleanWeight(Math.max(FULL_WEIGHT, all) - graded));
}

/** The part of the final grade no assessment carries yet: `100 − Σ weights`, never below 0. */
export function unassignedWeight(assessments: readonly AssessmentScore[]): number {
  return Math.max(0, cleanWeight(FULL_WEIGHT - weightTotals(assessments).all));
}

/** A course as the GPA needs it: its credits and its current mark (`courseMark`). */
export interface CourseForGpa {
  /** `null`/`undefined` counts as 1 credit (rule 0.7); 0 drops the course out (rule 0.6). */
  readonly credits?: number | null;
  /** The course's current mark, or `null` when nothing is graded (the course is left out). */
  readonly mark: number | null;
}

/** The GPA calculator's figures (rules 0.6–0.8). */
export interface GpaSummary {
  /** Credit-weighted 4.0 GPA from the §4 table, 2 decimals; `null` when no course counts. */
  readonly gpa4: number | null;
  /**
   * The active system's own GPA (credit-weighted average of its grade points, 2 decimals), shown
   * next to `gpa4` when `hasOwnGpa` is true; otherwise `null`. Also `null` when no course counts.
   */
  readonly ownGpa: number | null;
  /** The top of the own scale (4, 7, 10 …) for "5.5 / 7" labels, or `null` without an own GPA. */
  readonly ownGpaMax: number | null;
  /** How many courses counted: graded and with credits > 0. */
  readonly countedCourses: number;
  /** The credits of the counted courses. */
  readonly totalCredits: number;
}

/** Rule 0.7, and rejects values that would make the average meaningless. */
function creditsOf(course: CourseForGpa): number {
  const credits = course.credits ?? 1;
  if (!Number.isFinite(credits) || credits < 0) {
    throw new RangeError(`Course credits must be a number ≥ 0, got ${credits}`);
  }
  return credits;
}

interface CountedCourse {
  readonly mark: number;
  readonly credits: number;
}

/** Rule 0.6: courses with no graded work or 0 credits leave the average. */
function countedCourses(courses: readonly CourseForGpa[]): CountedCourse[] {
  const counted: CountedCourse[] = [];
  for (const course of courses) {
    const credits = creditsOf(course);
    if (course.mark !== null && credits > 0) counted.push({ mark: course.mark, credits });
  }
  return counted;
}

function creditWeightedAverage(counted: readonly CountedCourse[], value: (course: CountedCourse) => number): number | null {
  const totalCredits = counted.reduce((sum, c) => sum + c.credits, 0);
  if (totalCredits === 0) return null;
  const sum = counted.reduce((acc, c) => acc + value(c) * c.credits, 0);
  return roundToHundredths(sum / totalCredits);
}

/**
 * Weighted GPA (rules 0.6–0.8): the credit-weighted average of each course's grade points, where a
 * course's points come from its **current mark** (rule 0.5), rounded to 2 decimals. `gpa4` always
 * uses the §4 table; `ownGpa` uses the active system's own points when it has them (`hasOwnGpa`),
 * with CBSE E1/E2 counting as 0 and `india_cgpa` averaging each course's 2-decimal CGPA.
 *
 * Pass marks from `courseMark`; passing unrounded marks still works because lookups round first.
 *
 * @throws RangeError for negative or non-finite credits; Error for `custom` without a scale.
 */
export function weightedGpa(
  courses: readonly CourseForGpa[],
  system: GradingSystemKey,
  customScale?: readonly CustomScaleBand[],
): GpaSummary {
  const counted = countedCourses(courses);
  const own = hasOwnGpa(system, customScale);
  return {
    gpa4: creditWeightedAverage(counted, (c) => gpa4For(c.mark)),
    ownGpa: own ? creditWeightedAverage(counted, (c) => gradePointsForGpa(gradeFor(c.mark, system, customScale), customScale) ?? 0) : null,
    ownGpaMax: ownGpaMax(system, customScale),
    countedCourses: counted.length,
    totalCredits: counted.reduce((sum, c) => sum + c.credits, 0),
  };
}

/**
 * The credit-weighted average **mark** (a percentage, 2 decimals) over graded courses with credits
 * > 0: rule 0.6 with percentages in place of points, which is how a UK degree's overall result is
 * read (§5). `null` when no course counts.
 */
export function creditWeightedMark(courses: readonly CourseForGpa[]): number | null {
  return creditWeightedAverage(countedCourses(courses), (c) => c.mark);
}

/**
 * A **total** of grade points over graded courses: UCAS Tariff points for `uk_alevel` (§6, "BBC =
 * 112") or IB Diploma subject points for `us_ib` (§13, a sum out of 6 × 7). Only these two systems'
 * points are meant to be summed, hence the narrow parameter type. `null` marks are skipped; returns
 * `null` when nothing is graded. Credits are ignored: neither total is credit-weighted.
 */
export function gradePointsTotal(marks: readonly (number | null)[], system: 'uk_alevel' | 'us_ib'): number | null {
  const graded = marks.filter((m): m is number => m !== null);
  if (graded.length === 0) return null;
  return roundToHundredths(graded.reduce((sum, m) => sum + (gradeFor(m, system).points ?? 0), 0));
}

/**
 * Result of `neededScore`. Every variant carries the current mark; percentages are 2-decimal values.
 * - `no-target`: the course has no target mark.
 * - `no-weights`: every assessment weighs 0 %, so nothing says how much of the grade is still to come.
 * - `no-remaining-work`: the whole weight is graded; `targetMet` says how it ended.
 * - `secured`: even 0% on all remaining work keeps the final mark ≥ target (`minFinalMark`).
 * - `achievable`: score at least `needed` percent on average over the remaining work.
 * - `impossible`: even 100% everywhere falls short; `needed` (> 100) and `maxFinalMark` say by how much.
 */
export type NeededScore =
  | { readonly status: 'no-target'; readonly currentMark: number | null }
  | { readonly status: 'no-weights'; readonly currentMark: number | null }
  | {
      readonly status: 'no-remaining-work';
      readonly currentMark: number | null;
      readonly targetMet: boolean;
    }
  | {
      readonly status: 'secured';
      readonly currentMark: number | null;
      readonly needed: 0;
      readonly minFinalMark: number;
    }
  | {
      readonly status: 'achievable';
      readonly currentMark: number | null;
      readonly needed: number;
      readonly remainingWeight: number;
    }
  | {
      readonly status: 'impossible';
      readonly currentMark: number | null;
      readonly needed: number;
      readonly maxFinalMark: number;
      readonly remainingWeight: number;
    };

/**
 * Rounds **up** to 2 decimals, so a student who scores exactly the `needed` figure reaches the
 * target rather than missing it by 0.004. Cleans float noise first so that an exact 85 does not
 * become 85.01.
 */
function ceilToHundredths(value: number): number {
  return Math.ceil(Number((value * 100).toPrecision(12))) / 100 + 0;
}

/**
 * The average percentage needed on the weight still to come (`remainingWeight`: ungraded assessments
 * and weight not yet given to any assessment) for the course's final mark to reach `targetMark` (a
 * percentage, the course's `targetGrade`). The final mark counts out of `max(100, Σ weights)`, so it
 * assumes the same percentage on all the remaining weight. `needed` is rounded up to 2 decimals (never
 * promise a figure that falls 0.004 short); the status compares the rounded final mark with the target.
 *
 * "Nothing left to grade" (`no-remaining-work`) therefore means the graded weight reaches 100 %
 * (docs/decisions/075-trust-polish.md). When every assessment weighs 0 nothing says how much is to
 * come: `no-weights`. A course without assessments has its whole weight to come.
 *
 * @throws RangeError for a non-finite target, and as `courseMark` for bad assessments.
 */
export function neededScore(assessments: readonly AssessmentScore[], targetMark: number | null | undefined): NeededScore {
  const currentMark = courseMark(assessments);
  if (targetMark === null || targetMark === undefined) {
    return { status: 'no-target', currentMark };
  }
  if (!Number.isFinite(targetMark)) {
    throw new RangeError(`targetMark must be a finite number, got ${targetMark}`);
  }

  const { all } = weightTotals(assessments);
  if (assessments.length > 0 && all === 0) return { status: 'no-weights', currentMark };

  const totalWeight = Math.max(FULL_WEIGHT, all);
  let gradedSum = 0;
  for (const assessment of assessments) {
    if (isGraded(assessment)) gradedSum += percentageOf(assessment.score, assessment.maxScore) * assessment.weight;
  }
  const remaining = remainingWeight(assessments);

  if (remaining === 0) {
    return {
      status: 'no-remaining-work',
      currentMark,
      targetMet: currentMark !== null && currentMark >= targetMark,
    };
  }

  const finalMarkAt = (percentOnRemaining: number): number => roundToHundredths((gradedSum + percentOnRemaining * remaining) / totalWeight);
  const exactNeeded = (targetMark * totalWeight - gradedSum) / remaining;

  // The status follows the rounded final marks (rule 0.2), so it can never contradict the
  // `minFinalMark`/`maxFinalMark` shown next to it.
  const minFinalMark = finalMarkAt(0);
  if (minFinalMark >= targetMark) {
    return { status: 'secured', currentMark, needed: 0, minFinalMark };
  }
  const maxFinalMark = finalMarkAt(100);
  if (maxFinalMark < targetMark) {
    return {
      status: 'impossible',
      currentMark,
      needed: ceilToHundredths(exactNeeded),
      maxFinalMark,
      remainingWeight: remaining,
    };
  }
  // `min` covers the sliver where the exact figure is just over 100 but 100 rounds up to the target.
  const needed = Math.min(100, ceilToHundredths(exactNeeded));
  return { status: 'achievable', currentMark, needed, remainingWeight: remaining };
}

/** A course for `whatIf`: its id, credits, optional target and its assessments (with ids). */
export interface WhatIfCourse {
  readonly id: string;
  readonly credits?: number | null;
  /** The course's `targetGrade` (percentage) or `null`. */
  readonly targetGrade?: number | null;
  readonly assessments: readonly AssessmentScore[];
}

/**
 * Hypothetical scores by assessment id, in the assessment's own units (out of its `maxScore`, like
 * a grade's `score`). A number overrides the real score (graded or not); `null` treats a graded
 * assessment as ungraded.
 */
export type HypotheticalScores = Readonly<Record<string, number | null>>;

/** One course before and after the hypothetical scores. */
export interface WhatIfCourseResult {
  readonly id: string;
  readonly previousMark: number | null;
  readonly mark: number | null;
  readonly previousGrade: GradeResult | null;
  readonly grade: GradeResult | null;
  /** What is still needed for the course's target after the hypothetical scores. */
  readonly needed: NeededScore;
}

/** The whole what-if: per course, and the GPA before and after. */
export interface WhatIfResult {
  readonly courses: readonly WhatIfCourseResult[];
  readonly previousGpa: GpaSummary;
  readonly gpa: GpaSummary;
  /** Ids in `hypotheticalScores` that match no assessment (likely a stale form); ignored. */
  readonly unknownAssessmentIds: readonly string[];
}

/**
 * Applies hypothetical scores to copies of the courses and returns the new course marks, grades,
 * needed scores and GPA next to the current ones. Inputs are never mutated, so the caller can keep
 * rendering the real data.
 *
 * Hypothetical scores must satisfy `0 ≤ score ≤ maxScore`, as a real grade does (docs/api.md); validate
 * the form first.
 *
 * @throws RangeError for a hypothetical score outside 0…maxScore, and as `courseMark`/`weightedGpa`.
 */
export function whatIf(
  courses: readonly WhatIfCourse[],
  hypotheticalScores: HypotheticalScores,
  system: GradingSystemKey,
  customScale?: readonly CustomScaleBand[],
): WhatIfResult {
  const usedIds = new Set<string>();
  const hypotheticalFor = (assessment: AssessmentScore): AssessmentScore => {
    const { id } = assessment;
    // `Object.hasOwn` so an id such as "constructor" cannot pick up an inherited property.
    if (id === undefined || !Object.hasOwn(hypotheticalScores, id)) return assessment;
    usedIds.add(id);
    const score = hypotheticalScores[id] ?? null;
    if (score !== null && !(score >= 0 && score <= assessment.maxScore)) {
      throw new RangeError(`A hypothetical score must be within 0…${assessment.maxScore}, got ${score}`);
    }
    return { ...assessment, score };
  };

  const results: WhatIfCourseResult[] = [];
  const before: CourseForGpa[] = [];
  const after: CourseForGpa[] = [];
  for (const course of courses) {
    const assessments = course.assessments.map(hypotheticalFor);
    const previousMark = courseMark(course.assessments);
    const mark = courseMark(assessments);
    results.push({
      id: course.id,
      previousMark,
      mark,
      previousGrade: previousMark === null ? null : gradeFor(previousMark, system, customScale),
      grade: mark === null ? null : gradeFor(mark, system, customScale),
      needed: neededScore(assessments, course.targetGrade),
    });
    before.push({ credits: course.credits, mark: previousMark });
    after.push({ credits: course.credits, mark });
  }

  return {
    courses: results,
    previousGpa: weightedGpa(before, system, customScale),
    gpa: weightedGpa(after, system, customScale),
    unknownAssessmentIds: Object.keys(hypotheticalScores).filter((id) => !usedIds.has(id)),
  };
}
