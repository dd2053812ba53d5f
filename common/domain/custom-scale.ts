/**
 * The user-defined custom grading scale (docs/grading.md §20): its shape, its validation rules and
 * the lookup helpers that `gradeFor` uses. Plain TypeScript on purpose: the zod schema in
 * `common/schemas` wraps `validateCustomScale` (e.g. in a `superRefine`) so the server, the settings
 * form and the OpenAPI document share one set of rules.
 */

/**
 * One band of a custom scale, as the API carries it (`GET/PUT /api/grading-system/custom-scale`).
 * `gradePoints` is optional in requests and `null` when absent in responses (docs/api.md conventions).
 */
export interface CustomScaleBand {
  readonly label: string;
  /** Inclusive lower bound, 0–100 (rule 0.3). */
  readonly minPercentage: number;
  readonly gradePoints?: number | null;
}

/**
 * A band after `normalizeCustomScale`: label trimmed, `gradePoints` always present (`null` when not
 * given). Normalised scales are sorted by `minPercentage`, highest first.
 */
export interface NormalizedCustomScaleBand {
  readonly label: string;
  readonly minPercentage: number;
  readonly gradePoints: number | null;
}

/**
 * The §20 limits, defined once so the zod schema and the settings form's inputs can import them
 * instead of repeating the numbers.
 */
export const CUSTOM_SCALE_LIMITS = Object.freeze({
  minBands: 1,
  maxBands: 20,
  labelMinLength: 1,
  labelMaxLength: 20,
  minPercentage: 0,
  maxPercentage: 100,
  minGradePoints: 0,
  maxGradePoints: 100,
} as const);

/**
 * Machine-readable reason for a custom-scale issue. Stable, so the web form can translate it by code
 * rather than showing the English `message`.
 */
export type CustomScaleIssueCode =
  | 'not_an_array'
  | 'too_few_bands'
  | 'too_many_bands'
  | 'band_not_an_object'
  | 'label_not_a_string'
  | 'label_too_short'
  | 'label_too_long'
  | 'label_duplicate'
  | 'min_percentage_not_a_number'
  | 'min_percentage_out_of_range'
  | 'min_percentage_duplicate'
  | 'missing_zero_band'
  | 'grade_points_not_a_number'
  | 'grade_points_out_of_range';

/**
 * One validation problem. `path` is relative to the bands array (`[2, 'label']`, or `[]` for the
 * whole list); the API layer prefixes `bands` and joins it into its `issues[].path` string.
 */
export interface CustomScaleIssue {
  readonly path: readonly (string | number)[];
  readonly code: CustomScaleIssueCode;
  readonly message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * Length in Unicode code points, not UTF-16 units, so an emoji label counts as one character as a
 * user would count it. (zod's `.max()` counts UTF-16 units; do not re-check length there.)
 */
function characterCount(text: string): number {
  return [...text].length;
}

/**
 * The key used to decide whether two labels are "the same ignoring case" (§20). NFC first so that
 * "é" typed as one or two code points compares equal.
 */
function labelIdentity(label: string): string {
  return label.trim().normalize('NFC').toLowerCase();
}

/**
 * Checks a custom scale against docs/grading.md §20 and returns every problem found (empty list =
 * valid). Accepts `unknown` so it also catches wrong types when called on a raw request body, but it
 * does not reject unknown extra properties: strict-object checking is the zod schema's job.
 *
 * Rules: 1–20 bands; labels 1–20 characters after trimming and unique ignoring case; `minPercentage`
 * a number in 0–100, unique; exactly one band at 0 so every percentage maps to a band; `gradePoints`,
 * when given (not `null`/`undefined`), a number in 0–100.
 *
 * @example validateCustomScale([{ label: 'Pass', minPercentage: 50 }])
 *   // → [{ path: [], code: 'missing_zero_band', … }]
 */
export function validateCustomScale(bands: unknown): CustomScaleIssue[] {
  const issues: CustomScaleIssue[] = [];
  if (!Array.isArray(bands)) {
    return [{ path: [], code: 'not_an_array', message: 'The scale must be a list of bands.' }];
  }
  const list: readonly unknown[] = bands;
  if (list.length < CUSTOM_SCALE_LIMITS.minBands) {
    issues.push({ path: [], code: 'too_few_bands', message: 'Add at least one band.' });
  }
  if (list.length > CUSTOM_SCALE_LIMITS.maxBands) {
    issues.push({
      path: [],
      code: 'too_many_bands',
      message: `A scale can have at most ${CUSTOM_SCALE_LIMITS.maxBands} bands.`,
    });
  }

  const firstIndexByLabel = new Map<string, number>();
  const firstIndexByMin = new Map<number, number>();
  let zeroBands = 0;

  list.forEach((band, index) => {
    if (!isRecord(band)) {
      issues.push({
        path: [index],
        code: 'band_not_an_object',
        message: 'Each band needs a label and a minimum percentage.',
      });
      return;
    }

    const { label, minPercentage, gradePoints } = band;
    if (typeof label !== 'string') {
      issues.push({
        path: [index, 'label'],
        code: 'label_not_a_string',
        message: 'Enter a label.',
      });
    } else {
      const length = characterCount(label.trim());
      if (length < CUSTOM_SCALE_LIMITS.labelMinLength) {
        issues.push({ path: [index, 'label'], code: 'label_too_short', message: 'Enter a label.' });
      } else if (length > CUSTOM_SCALE_LIMITS.labelMaxLength) {
        issues.push({
          path: [index, 'label'],
          code: 'label_too_long',
          message: `Labels can be at most ${CUSTOM_SCALE_LIMITS.labelMaxLength} characters.`,
        });
      } else {
        const identity = labelIdentity(label);
        const first = firstIndexByLabel.get(identity);
        if (first === undefined) {
          firstIndexByLabel.set(identity, index);
        } else {
          issues.push({
            path: [index, 'label'],
            code: 'label_duplicate',
            message: `This label is already used by band ${first + 1}.`,
          });
        }
      }
    }

    if (!isFiniteNumber(minPercentage)) {
      issues.push({
        path: [index, 'minPercentage'],
        code: 'min_percentage_not_a_number',
        message: 'Enter a minimum percentage.',
      });
    } else if (minPercentage < CUSTOM_SCALE_LIMITS.minPercentage || minPercentage > CUSTOM_SCALE_LIMITS.maxPercentage) {
      issues.push({
        path: [index, 'minPercentage'],
        code: 'min_percentage_out_of_range',
        message: 'The minimum percentage must be between 0 and 100.',
      });
    } else {
      // `+ 0` folds -0 into 0 so that -0 and 0 count as the same minimum.
      const normalizedMin = minPercentage + 0;
      if (normalizedMin === 0) zeroBands += 1;
      const first = firstIndexByMin.get(normalizedMin);
      if (first === undefined) {
        firstIndexByMin.set(normalizedMin, index);
      } else {
        issues.push({
          path: [index, 'minPercentage'],
          code: 'min_percentage_duplicate',
          message: `Band ${first + 1} already starts at ${normalizedMin}%.`,
        });
      }
    }

    if (gradePoints !== undefined && gradePoints !== null) {
      if (!isFiniteNumber(gradePoints)) {
        issues.push({
          path: [index, 'gradePoints'],
          code: 'grade_points_not_a_number',
          message: 'Grade points must be a number.',
        });
      } else if (gradePoints < CUSTOM_SCALE_LIMITS.minGradePoints || gradePoints > CUSTOM_SCALE_LIMITS.maxGradePoints) {
        issues.push({
          path: [index, 'gradePoints'],
          code: 'grade_points_out_of_range',
          message: 'Grade points must be between 0 and 100.',
        });
      }
    }
  });

  // Reported once for the list. A second band at 0 is already reported as a duplicate minimum.
  if (list.length > 0 && zeroBands === 0) {
    issues.push({
      path: [],
      code: 'missing_zero_band',
      message: 'One band must start at 0% so that every result gets a grade.',
    });
  }
  return issues;
}

/**
 * Type guard: true when `validateCustomScale` finds nothing. Use it before `gradeFor(…, 'custom', …)`
 * on data that did not come from the server (which only stores valid scales).
 */
export function isValidCustomScale(bands: unknown): bands is CustomScaleBand[] {
  return validateCustomScale(bands).length === 0;
}

/**
 * Returns a new list sorted by `minPercentage` (highest first, the rule 0.3 lookup order) with labels
 * trimmed and `gradePoints` set to `null` when absent. Does not validate: call `validateCustomScale`
 * first, or lookups on an invalid scale may find no band. The input is not mutated.
 */
export function normalizeCustomScale(bands: readonly CustomScaleBand[]): NormalizedCustomScaleBand[] {
  return bands
    .map((band) => ({
      label: band.label.trim(),
      minPercentage: band.minPercentage,
      gradePoints: band.gradePoints ?? null,
    }))
    .sort((a, b) => b.minPercentage - a.minPercentage);
}

/**
 * True when **every** band has grade points, which is when a custom scale has its own GPA (§20). A
 * scale where only some bands have points falls back to the 4.0 table, so do not test `some`.
 */
export function customScaleHasOwnPoints(bands: readonly CustomScaleBand[]): boolean {
  return bands.length > 0 && bands.every((band) => isFiniteNumber(band.gradePoints));
}

/**
 * Index of the band that `percentage` falls in (rule 0.3: first band, highest minimum first, with
 * `percentage ≥ minPercentage`), or -1 when none does. `bands` must already be normalised (sorted);
 * a valid scale always has a band at 0, so -1 means the scale was invalid or the percentage negative.
 */
export function findCustomBandIndex(percentage: number, bands: readonly NormalizedCustomScaleBand[]): number {
  return bands.findIndex((band) => percentage >= band.minPercentage);
}
