/**
 * The 19 built-in grading systems of docs/grading.md, the nine national systems of issue 23
 * (docs/decisions/115–119) and the user's custom scale.
 * Everything here is pure and runs in the browser and on the server alike, so the grade a student
 * sees is the grade the server computes.
 *
 * Rule numbers in comments (0.1, 0.2, …) refer to docs/grading.md §0.
 */

import { customScaleHasOwnPoints, findCustomBandIndex, normalizeCustomScale, type CustomScaleBand } from './custom-scale';
import { languageOfTag, type Language } from './languages';

/** The 19 keys of docs/grading.md (its index table and Appendix C), in the doc's order. */
export const REFERENCE_GRADING_SYSTEM_KEYS = [
  'percentage',
  'letter',
  'ects',
  'gpa',
  'uk_degree',
  'uk_alevel',
  'uk_gcse',
  'uk_gcse_old',
  'uk_gcse_new',
  'us_k12',
  'us_elementary',
  'us_ap',
  'us_ib',
  'au_university',
  'au_secondary',
  'au_vce',
  'india_cbse',
  'india_university',
  'india_cgpa',
] as const;

/**
 * The national systems of the languages the app speaks (issue 23, docs/decisions/115–119): Germany,
 * France, Spain, China and Japan.
 */
export const NATIONAL_GRADING_SYSTEM_KEYS = [
  'de_school',
  'de_oberstufe',
  'de_university',
  'fr_20',
  'es_10',
  'cn_percentage',
  'cn_five_level',
  'jp_university',
  'jp_school',
] as const;

/** Every built-in key: the 19 of docs/grading.md, then the national systems. */
export const BUILT_IN_GRADING_SYSTEM_KEYS = [...REFERENCE_GRADING_SYSTEM_KEYS, ...NATIONAL_GRADING_SYSTEM_KEYS] as const;

/** A built-in system key (everything but `custom`). */
export type BuiltInGradingSystemKey = (typeof BUILT_IN_GRADING_SYSTEM_KEYS)[number];

/**
 * Every value `PATCH /api/grading-system` accepts: the 28 built-in keys and `custom`. Use this (not
 * `BUILT_IN_GRADING_SYSTEM_KEYS`) for the zod enum. These keys are also the stable i18n keys for the
 * display names.
 */
export const GRADING_SYSTEM_KEYS = [...BUILT_IN_GRADING_SYSTEM_KEYS, 'custom'] as const;

/** Any accepted grading system key, including `custom`. */
export type GradingSystemKey = (typeof GRADING_SYSTEM_KEYS)[number];

/** The system a new user starts with (docs/api.md: default `letter`). */
export const DEFAULT_GRADING_SYSTEM: GradingSystemKey = 'letter';

/** English display name of the custom scale; the UI translates it by the key `custom`. */
export const CUSTOM_SCALE_DISPLAY_NAME = 'Custom Scale';

/**
 * Type guard for untrusted input such as the `studypilot_grading_system` local-storage value, which
 * may hold a stale or hand-edited string.
 */
export function isGradingSystemKey(value: unknown): value is GradingSystemKey {
  return typeof value === 'string' && (GRADING_SYSTEM_KEYS as readonly string[]).includes(value);
}

/**
 * What a system's grade points mean, which decides how the GPA calculator may use them (rule 0.8 and
 * Appendix A):
 * - `gpa4`: the points are the §4 4.0 scale itself (`letter`, `gpa`); there is nothing extra to show.
 * - `own-gpa`: the system has its own GPA, shown next to the 4.0 GPA (`us_k12`, `us_ib`,
 *   `au_university`, `india_cbse`, `india_university`, `india_cgpa`).
 * - `tariff-sum`: UCAS Tariff points (`uk_alevel`); show a total, **never an average**.
 * - `point-score`: DfE Attainment 8 points (GCSE keys); a "point score" average, **not a GPA**.
 * - `none`: no points; the GPA calculator uses only the 4.0 table.
 */
export type GradePointsKind = 'gpa4' | 'own-gpa' | 'tariff-sum' | 'point-score' | 'none';

/**
 * How a system's label is produced: from a band, from the percentage itself (`percentage`), or from
 * the linear CGPA formula (`india_cgpa`). Systems of the last two kinds have no bands.
 */
export type LabelKind = 'band' | 'percentage' | 'cgpa' | 'scale';

/**
 * A national system whose grades are numbers on a scale of their own (German 1–6 or 1.0–5.0, French
 * 0–20, Spanish 0–10, Chinese 0–100, Japanese 5–1). The scale is linear in the percentage, so that
 * averaging percentages (rule 0.4) is averaging the grades themselves: the German average of 2+, 1−
 * and 3 is 2.0 either way. `best` sits at 100 %, `worst` at 0 %; `best < worst` means a lower number
 * is better (Germany). Grades are still stored as scores (`score` of `maxScore`) and every rule that
 * reads percentages (colours aside, see `colorMins`) keeps working, whichever way the scale runs.
 */
export interface NativeScale {
  /** The value at 100 % (the best grade). */
  readonly best: number;
  /** The value at 0 % (the worst grade). */
  readonly worst: number;
  /** What the grade label shows: the band's label (`2+`, `13`) or the value itself (`14.5/20`). */
  readonly labelFrom: 'band' | 'value';
  /** Appended to a value label (`/20` for France), or `''`. */
  readonly unit: string;
  /** Whether the system's own average uses the value itself (`value`) or the band's points (`band`). */
  readonly pointsFrom: 'value' | 'band';
  /** Named grades a student may type besides numbers (`2+`, `MH`), with their values. */
  readonly entries: readonly { readonly label: string; readonly value: number }[];
}

/** One row of a system's table. Bands are listed highest `min` first; the last has `min` 0. */
export interface GradeBand {
  /**
   * Stable key for i18n and storage, unique within the system (`a_plus`, `2_1`, `4_exceeds`). Labels
   * cannot be keys themselves: i18next reads `.` in `4.0` as a key separator.
   */
  readonly key: string;
  /** Inclusive lower bound in percent (rule 0.3). */
  readonly min: number;
  /** The label shown to users, in English / as printed by the awarding body. */
  readonly label: string;
  /** The English "Meaning" column, or `null` when the doc gives none. Translate by `key`. */
  readonly meaning: string | null;
  /**
   * Grade points from the doc, or `null` when the band has none (ECTS, or CBSE E1/E2). What they may
   * be used for depends on the system's `pointsKind`.
   */
  readonly points: number | null;
}

/** A secondary threshold worth flagging besides pass/fail (e.g. GCSE grade 5, "strong pass"). */
export interface GradeMilestone {
  readonly key: string;
  /** Inclusive, in percent. */
  readonly min: number;
  readonly label: string;
}

/** Everything the doc fixes about one built-in system. */
export interface GradingSystemDefinition {
  readonly key: BuiltInGradingSystemKey;
  /** English name for the settings list; the UI translates by `key`. */
  readonly displayName: string;
  readonly labelKind: LabelKind;
  /** Highest `min` first; empty for `percentage` and `india_cgpa`. */
  readonly bands: readonly GradeBand[];
  /** A result passes when its percentage is ≥ this (rule 0.10). */
  readonly passThreshold: number;
  readonly pointsKind: GradePointsKind;
  /** The highest grade points possible (7 for IB, 10 for India …), or `null` without points. */
  readonly pointsMax: number | null;
  readonly milestones: readonly GradeMilestone[];
  /** English help text the doc asks the UI to show, or `null`. Translate by `key`. */
  readonly helpText: string | null;
  /** The native number scale of a national system (`labelKind` `scale`), else `null`. */
  readonly scale: NativeScale | null;
  /**
   * The percentages at which the colours green, blue, yellow and orange begin (rule 0.9 uses 90, 80,
   * 70, 60 for every reference system). National scales place their own grades on these colours
   * (decision 115), since their percentage is a position on the scale, not a test score.
   */
  readonly colorMins: readonly [number, number, number, number];
}

/**
 * Makes a band key from a label: lower case, `+`/`*` spelled out, a trailing `-` as `minus`, every
 * other run of punctuation as `_`. Deterministic, so keys stay stable as long as the doc's labels do.
 */
function bandKey(label: string): string {
  return label
    .toLowerCase()
    .replace(/\+/g, ' plus ')
    .replace(/\*/g, ' star ')
    .replace(/-$/, ' minus ')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

function band(min: number, label: string, meaning: string | null = null, points: number | null = null, key?: string): GradeBand {
  return Object.freeze({ key: key ?? bandKey(label), min, label, meaning, points });
}

interface SystemInput {
  displayName: string;
  labelKind?: LabelKind;
  bands?: readonly GradeBand[];
  passThreshold: number;
  pointsKind: GradePointsKind;
  pointsMax?: number | null;
  milestones?: readonly GradeMilestone[];
  helpText?: string | null;
  scale?: NativeScale | null;
  colorMins?: readonly [number, number, number, number];
}

function system(key: BuiltInGradingSystemKey, input: SystemInput): GradingSystemDefinition {
  return Object.freeze({
    key,
    displayName: input.displayName,
    labelKind: input.labelKind ?? 'band',
    bands: Object.freeze([...(input.bands ?? [])]),
    passThreshold: input.passThreshold,
    pointsKind: input.pointsKind,
    pointsMax: input.pointsMax ?? null,
    milestones: Object.freeze([...(input.milestones ?? [])]),
    helpText: input.helpText ?? null,
    scale: input.scale
      ? Object.freeze({ ...input.scale, entries: Object.freeze(input.scale.entries.map((e) => Object.freeze({ ...e }))) })
      : null,
    colorMins: Object.freeze([...(input.colorMins ?? REFERENCE_COLOR_MINS)]) as unknown as readonly [number, number, number, number],
  });
}

/** Rule 0.9's colour thresholds. */
const REFERENCE_COLOR_MINS = [90, 80, 70, 60] as const;

// §4. Shared by `letter` (A+ and A are both 4.0) and `gpa`, so it lives apart from both.
const GPA4_BANDS: readonly GradeBand[] = [
  band(93, '4.0', 'A+ / A', 4.0),
  band(90, '3.7', 'A-', 3.7),
  band(87, '3.3', 'B+', 3.3),
  band(83, '3.0', 'B', 3.0),
  band(80, '2.7', 'B-', 2.7),
  band(77, '2.3', 'C+', 2.3),
  band(73, '2.0', 'C', 2.0),
  band(70, '1.7', 'C-', 1.7),
  band(67, '1.3', 'D+', 1.3),
  band(63, '1.0', 'D', 1.0),
  band(60, '0.7', 'D-', 0.7),
  band(0, '0.0', 'F', 0.0),
];

// §8/§9: `uk_gcse` and `uk_gcse_new` share cut-offs and points (a test checks they stay in step).
const GCSE_STRONG_PASS: GradeMilestone = Object.freeze({
  key: 'strong_pass',
  min: 60,
  label: 'Strong pass',
});

// ---- National scales (issue 23; docs/decisions/115–119) ----

/** The percentage at which a linear scale (`best` at 100 %, `worst` at 0 %) has the value `value`. */
function scalePercent(best: number, worst: number, value: number): number {
  return ((value - worst) * 100) / (best - worst);
}

/**
 * Bands of a scale whose grades are points on it (German 1–6, 1.0–5.0, 15–0 points, Japanese 5–1):
 * a value belongs to the **nearest** grade, a tie to the better one (rule 0.3's inclusive lower
 * bounds), and `lastPassIndex`, when given, marks a grade whose band ends at its own value instead of
 * halfway (German university 4.0: everything worse than 4.0 fails, decision 115).
 */
function nearestGradeBands(
  best: number,
  worst: number,
  grades: readonly { label: string; value: number; meaning: string | null; key: string }[],
  exactLowerEdge: ReadonlySet<string> = new Set(),
): GradeBand[] {
  return grades.map((grade, index) => {
    const next = grades[index + 1];
    if (next === undefined) return band(0, grade.label, grade.meaning, grade.value, grade.key);
    const edge = exactLowerEdge.has(grade.key) ? grade.value : (grade.value + next.value) / 2;
    return band(scalePercent(best, worst, edge), grade.label, grade.meaning, grade.value, grade.key);
  });
}

const GERMAN_MEANINGS = [
  'sehr gut (very good)',
  'gut (good)',
  'befriedigend (satisfactory)',
  'ausreichend (sufficient)',
  'mangelhaft (poor)',
];

/**
 * German school grades with tendencies (decision 115): 1+ … 5−, then 6. A tendency is a third of a
 * grade, as in the KMK conversion of Oberstufe points to grades, grade = (17 − points) / 3: 1+ is
 * 0.67, 2+ is 1.67, 1− is 1.33.
 */
const DE_SCHOOL_GRADES = [
  ...[1, 2, 3, 4, 5].flatMap((grade) =>
    [
      { suffix: '+', key: 'plus', delta: -1 / 3 },
      { suffix: '', key: '', delta: 0 },
      { suffix: '−', key: 'minus', delta: 1 / 3 },
    ].map(({ suffix, key, delta }) => ({
      label: `${grade}${suffix}`,
      value: grade + delta,
      meaning: GERMAN_MEANINGS[grade - 1] ?? null,
      key: key === '' ? String(grade) : `${grade}_${key}`,
    })),
  ),
  { label: '6', value: 6, meaning: 'ungenügend (insufficient)', key: '6' },
];

/** KMK Oberstufe points 15 … 0 with the school grade each stands for (15 = 1+ … 1 = 5−, 0 = 6). */
const DE_OBERSTUFE_GRADES = DE_SCHOOL_GRADES.map((grade, index) => ({
  label: String(15 - index),
  value: 15 - index,
  meaning: `${grade.label} – ${grade.meaning ?? ''}`,
  key: String(15 - index),
}));

/** German university grades in their usual steps (HRK / examination regulations), 4.0 the last pass. */
type ScaleGrade = { label: string; value: number; meaning: string | null; key: string };
const DE_UNIVERSITY_GRADES: ScaleGrade[] = (
  [
    ['1.0', 1.0, 0],
    ['1.3', 1.3, 0],
    ['1.7', 1.7, 1],
    ['2.0', 2.0, 1],
    ['2.3', 2.3, 1],
    ['2.7', 2.7, 2],
    ['3.0', 3.0, 2],
    ['3.3', 3.3, 2],
    ['3.7', 3.7, 3],
    ['4.0', 4.0, 3],
  ] as const
)
  .map(([label, value, meaning]): ScaleGrade => ({ label, value, meaning: GERMAN_MEANINGS[meaning] ?? null, key: label.replace('.', '_') }))
  .concat([{ label: '5.0', value: 5.0, meaning: 'nicht ausreichend (fail)', key: '5_0' }]);

const JP_SCHOOL_GRADES = [
  { label: '5', value: 5, meaning: 'Fully satisfactory to a particularly high degree', key: '5' },
  { label: '4', value: 4, meaning: 'Fully satisfactory', key: '4' },
  { label: '3', value: 3, meaning: 'Generally satisfactory', key: '3' },
  { label: '2', value: 2, meaning: 'Needs effort', key: '2' },
  { label: '1', value: 1, meaning: 'Needs much more effort (no credit)', key: '1' },
];

/** The percentage of a value on a linear scale, for colour thresholds given as values. */
const at = (best: number, worst: number) => (value: number) => scalePercent(best, worst, value);
const deSchoolAt = at(2 / 3, 6);
const deUniversityAt = at(1, 5);
const deOberstufeAt = at(15, 0);
const jpSchoolAt = at(5, 1);

/**
 * The built-in systems, keyed by system key: the 19 transcribed from docs/grading.md §1–§19 (the
 * section tables, which the doc says win over Appendix B), then the national systems of decisions
 * 115–119. Frozen: never patch a band at runtime;
 * bands are product decisions recorded in the doc.
 */
export const GRADING_SYSTEMS: Readonly<Record<BuiltInGradingSystemKey, GradingSystemDefinition>> = Object.freeze({
  // §1: the percentage is the grade. 60 matches the red colour band and the lowest letter pass.
  percentage: system('percentage', {
    displayName: 'Percentage',
    labelKind: 'percentage',
    passThreshold: 60,
    pointsKind: 'none',
  }),
  // §2
  letter: system('letter', {
    displayName: 'Letter Grade (A+–F)',
    bands: [
      band(97, 'A+', null, 4.0),
      band(93, 'A', null, 4.0),
      band(90, 'A-', null, 3.7),
      band(87, 'B+', null, 3.3),
      band(83, 'B', null, 3.0),
      band(80, 'B-', null, 2.7),
      band(77, 'C+', null, 2.3),
      band(73, 'C', null, 2.0),
      band(70, 'C-', null, 1.7),
      band(67, 'D+', null, 1.3),
      band(63, 'D', null, 1.0),
      band(60, 'D-', null, 0.7),
      band(0, 'F', 'Fail', 0.0),
    ],
    passThreshold: 60,
    pointsKind: 'gpa4',
    pointsMax: 4,
  }),
  // §3
  ects: system('ects', {
    displayName: 'ECTS (A–F)',
    bands: [
      band(90, 'A', 'Excellent'),
      band(80, 'B', 'Very good'),
      band(70, 'C', 'Good'),
      band(60, 'D', 'Satisfactory'),
      band(50, 'E', 'Sufficient'),
      band(40, 'FX', 'Fail (some more work required)'),
      band(0, 'F', 'Fail (considerable further work required)'),
    ],
    passThreshold: 50,
    pointsKind: 'none',
    helpText:
      'Official ECTS grades are relative, not percentages: among students who passed, A is the top 10%, ' +
      'B the next 25%, C the next 30%, D the next 25% and E the last 10%. The fixed 90/80/70/60/50 ' +
      'mapping used here is only the convention of online converters.',
  }),
  // §4: labels are the points to 1 decimal; aggregates use 2 decimals (see `formatGradePoints`).
  gpa: system('gpa', {
    displayName: 'GPA (4.0 scale)',
    bands: GPA4_BANDS,
    passThreshold: 60,
    pointsKind: 'gpa4',
    pointsMax: 4,
  }),
  // §5
  uk_degree: system('uk_degree', {
    displayName: 'UK Degree Classification',
    bands: [
      band(70, 'First', 'First-class honours (1st)'),
      band(60, '2:1', 'Upper second-class honours'),
      band(50, '2:2', 'Lower second-class honours'),
      band(40, 'Third', 'Third-class honours (3rd)'),
      band(0, 'Fail', 'Fail'),
    ],
    passThreshold: 40,
    pointsKind: 'none',
  }),
  // §6: UCAS Tariff points add up (BBC = 112) but are not a GPA.
  uk_alevel: system('uk_alevel', {
    displayName: 'UK A-Level (A*–E)',
    bands: [
      band(90, 'A*', null, 56),
      band(80, 'A', null, 48),
      band(70, 'B', null, 40),
      band(60, 'C', null, 32),
      band(50, 'D', null, 24),
      band(40, 'E', 'Lowest pass grade', 16),
      band(0, 'U', 'Ungraded / unclassified', 0),
    ],
    passThreshold: 40,
    pointsKind: 'tariff-sum',
    pointsMax: 56,
  }),
  // §9: 9–1 cut-offs and points with the Ofqual "postcard" letter equivalent in the label.
  uk_gcse: system('uk_gcse', {
    displayName: 'UK GCSE (9–1, with letter equivalent)',
    bands: [
      band(90, '9 (A*)', 'High A*', 9),
      band(80, '8 (A*/A)', 'Low A* / high A', 8),
      band(70, '7 (A)', 'Low A', 7),
      band(65, '6 (B)', 'High B', 6),
      band(60, '5 (B/C)', 'Low B / high C, "strong pass"', 5),
      band(55, '4 (C)', 'Low C, "standard pass"', 4),
      band(45, '3 (D/E)', 'D / high E', 3),
      band(35, '2 (E/F)', 'Low E / high F', 2),
      band(25, '1 (F/G)', 'Low F / G', 1),
      band(0, 'U', 'Ungraded', 0),
    ],
    passThreshold: 55,
    pointsKind: 'point-score',
    pointsMax: 9,
    milestones: [GCSE_STRONG_PASS],
  }),
  // §7: the spec's 8-grade ladder (no CCEA C*), DfE legacy Attainment 8 points.
  uk_gcse_old: system('uk_gcse_old', {
    displayName: 'UK GCSE (A*–G, legacy)',
    bands: [
      band(90, 'A*', null, 8.5),
      band(80, 'A', null, 7),
      band(70, 'B', null, 5.5),
      band(60, 'C', '"Good pass" benchmark', 4),
      band(50, 'D', null, 3),
      band(40, 'E', null, 2),
      band(30, 'F', null, 1.5),
      band(20, 'G', 'Lowest certificated grade', 1),
      band(0, 'U', 'Unclassified', 0),
    ],
    passThreshold: 60,
    pointsKind: 'point-score',
    pointsMax: 8.5,
  }),
  // §8
  uk_gcse_new: system('uk_gcse_new', {
    displayName: 'UK GCSE (9–1)',
    bands: [
      band(90, '9', null, 9),
      band(80, '8', null, 8),
      band(70, '7', null, 7),
      band(65, '6', null, 6),
      band(60, '5', '"Strong pass"', 5),
      band(55, '4', '"Standard pass"', 4),
      band(45, '3', null, 3),
      band(35, '2', null, 2),
      band(25, '1', 'Lowest certificated grade', 1),
      band(0, 'U', 'Ungraded', 0),
    ],
    passThreshold: 55,
    pointsKind: 'point-score',
    pointsMax: 9,
    milestones: [GCSE_STRONG_PASS],
  }),
  // §10: plain letters, 4/3/2/1/0. Its own GPA can differ from the 4.0 table (81% → 3.0 vs 2.7).
  us_k12: system('us_k12', {
    displayName: 'US K-12 (A–F)',
    bands: [
      band(90, 'A', 'Excellent', 4.0),
      band(80, 'B', 'Good', 3.0),
      band(70, 'C', 'Satisfactory', 2.0),
      band(60, 'D', 'Less than satisfactory (passing)', 1.0),
      band(0, 'F', 'Failing', 0.0),
    ],
    passThreshold: 60,
    pointsKind: 'own-gpa',
    pointsMax: 4,
  }),
  // §11: proficiency levels are not grade points; never average the level numbers.
  us_elementary: system('us_elementary', {
    displayName: 'US Elementary (standards-based 4–1)',
    bands: [
      band(90, '4 – Exceeds', 'Exceeds grade-level standard'),
      band(80, '3 – Meets', 'Meets grade-level standard (the goal)'),
      band(70, '2 – Approaching', 'Approaching / progressing toward standard'),
      band(0, '1 – Beginning', 'Beginning / not yet meeting standard'),
    ],
    passThreshold: 70,
    pointsKind: 'none',
    milestones: [Object.freeze({ key: 'meets_standard', min: 80, label: 'On track / meets standard' })],
  }),
  // §12: GPAKit's conservative rule of thumb, so a 72% class average is not promised a 5.
  us_ap: system('us_ap', {
    displayName: 'US AP Exam Score (1–5)',
    bands: [
      band(80, '5', 'Extremely well qualified'),
      band(65, '4', 'Well qualified'),
      band(50, '3', 'Qualified'),
      band(35, '2', 'Possibly qualified'),
      band(0, '1', 'No recommendation'),
    ],
    passThreshold: 50,
    pointsKind: 'none',
    helpText: 'Estimate only — real AP cut-offs vary by subject and year.',
  }),
  // §13: a per-course average out of 7 is allowed (label it as an average); Diploma points are a sum.
  us_ib: system('us_ib', {
    displayName: 'IB (1–7)',
    bands: [
      band(90, '7', 'Excellent', 7),
      band(80, '6', 'Very good', 6),
      band(70, '5', 'Good', 5),
      band(60, '4', 'Satisfactory', 4),
      band(50, '3', 'Mediocre', 3),
      band(40, '2', 'Poor', 2),
      band(0, '1', 'Very poor', 1),
    ],
    passThreshold: 60,
    pointsKind: 'own-gpa',
    pointsMax: 7,
  }),
  // §14: bottom band shown as F (some universities write N).
  au_university: system('au_university', {
    displayName: 'Australian University (HD–F)',
    bands: [
      band(85, 'HD', 'High Distinction', 7),
      band(75, 'D', 'Distinction', 6),
      band(65, 'CR', 'Credit', 5),
      band(50, 'P', 'Pass', 4),
      band(0, 'F', 'Fail', 0),
    ],
    passThreshold: 50,
    pointsKind: 'own-gpa',
    pointsMax: 7,
  }),
  // §15: C is "at the expected standard", hence the 55 pass threshold.
  au_secondary: system('au_secondary', {
    displayName: 'Australian Secondary (A–E)',
    bands: [
      band(85, 'A', 'Excellent achievement of the standard'),
      band(70, 'B', 'Good (high) achievement'),
      band(55, 'C', 'Satisfactory: at the expected standard'),
      band(40, 'D', 'Partial (below expected standard)'),
      band(0, 'E', 'Minimal / limited achievement'),
    ],
    passThreshold: 55,
    pointsKind: 'none',
  }),
  // §16: graded-assessment letters only; a study score cannot be derived from a percentage.
  au_vce: system('au_vce', {
    displayName: 'VCE Graded Assessment (A+–UG)',
    bands: [
      band(90, 'A+'),
      band(80, 'A'),
      band(75, 'B+'),
      band(70, 'B'),
      band(65, 'C+'),
      band(60, 'C'),
      band(55, 'D+'),
      band(50, 'D'),
      band(45, 'E+'),
      band(40, 'E'),
      band(0, 'UG', 'Ungraded'),
    ],
    passThreshold: 40,
    pointsKind: 'none',
  }),
  // §17: E1/E2 carry no grade point (`null`); averages count them as 0 (see `gradePointsForGpa`).
  india_cbse: system('india_cbse', {
    displayName: 'India CBSE (A1–E2)',
    bands: [
      band(91, 'A1', null, 10),
      band(81, 'A2', null, 9),
      band(71, 'B1', null, 8),
      band(61, 'B2', null, 7),
      band(51, 'C1', null, 6),
      band(41, 'C2', null, 5),
      band(33, 'D', 'Minimum qualifying grade', 4),
      band(21, 'E1', 'Needs improvement (fail)'),
      band(0, 'E2', 'Needs improvement (fail)'),
    ],
    passThreshold: 33,
    pointsKind: 'own-gpa',
    pointsMax: 10,
  }),
  // §18
  india_university: system('india_university', {
    displayName: 'India University (O–F, 10-point)',
    bands: [
      band(90, 'O', 'Outstanding', 10),
      band(80, 'A+', 'Excellent', 9),
      band(70, 'A', 'Very good', 8),
      band(60, 'B+', 'Good', 7),
      band(50, 'B', 'Above average', 6),
      band(40, 'C', 'Average', 5),
      band(33, 'P', 'Pass', 4),
      band(0, 'F', 'Fail', 0),
    ],
    passThreshold: 33,
    pointsKind: 'own-gpa',
    pointsMax: 10,
  }),
  // §19: continuous, min(10, p / 9.5) to 2 decimals; the value is its own points figure.
  india_cgpa: system('india_cgpa', {
    displayName: 'India CGPA (10-point)',
    labelKind: 'cgpa',
    passThreshold: 33,
    pointsKind: 'own-gpa',
    pointsMax: 10,
  }),
  // ---- National systems (issue 23). Decision 115: Germany. ----
  // School 1–6 with tendencies; a linear scale from 1+ (0.67) at 100 % to 6 at 0 %. Pass up to 4−.
  de_school: system('de_school', {
    displayName: 'Germany – school grades (1–6 with +/−)',
    labelKind: 'scale',
    bands: nearestGradeBands(2 / 3, 6, DE_SCHOOL_GRADES),
    passThreshold: deSchoolAt(4.5),
    pointsKind: 'own-gpa',
    pointsMax: 6,
    scale: {
      best: 2 / 3,
      worst: 6,
      labelFrom: 'band',
      unit: '',
      pointsFrom: 'value',
      entries: DE_SCHOOL_GRADES.map(({ label, value }) => ({ label, value })),
    },
    colorMins: [deSchoolAt(1.5), deSchoolAt(2.5), deSchoolAt(3.5), deSchoolAt(4.5)],
    helpText: 'Lower is better: 1 is the best grade, 6 the worst. A tendency (+/−) is a third of a grade.',
  }),
  // Gymnasiale Oberstufe: 15–0 points, a linear scale; pass from 5 points.
  de_oberstufe: system('de_oberstufe', {
    displayName: 'Germany – Oberstufe points (15–0)',
    labelKind: 'scale',
    bands: nearestGradeBands(15, 0, DE_OBERSTUFE_GRADES),
    passThreshold: deOberstufeAt(4.5),
    pointsKind: 'own-gpa',
    pointsMax: 15,
    scale: {
      best: 15,
      worst: 0,
      labelFrom: 'band',
      unit: '',
      pointsFrom: 'value',
      entries: DE_OBERSTUFE_GRADES.map(({ label, value }) => ({ label, value })),
    },
    colorMins: [deOberstufeAt(12.5), deOberstufeAt(9.5), deOberstufeAt(6.5), deOberstufeAt(4.5)],
  }),
  // University 1.0–5.0 in the usual steps; 4.0 is the last pass, anything worse is 5.0.
  de_university: system('de_university', {
    displayName: 'Germany – university grades (1.0–5.0)',
    labelKind: 'scale',
    bands: nearestGradeBands(1, 5, DE_UNIVERSITY_GRADES, new Set(['4_0'])),
    passThreshold: deUniversityAt(4),
    pointsKind: 'own-gpa',
    pointsMax: 5,
    scale: {
      best: 1,
      worst: 5,
      labelFrom: 'band',
      unit: '',
      pointsFrom: 'value',
      entries: DE_UNIVERSITY_GRADES.map(({ label, value }) => ({ label, value })),
    },
    colorMins: [deUniversityAt(1.5), deUniversityAt(2.5), deUniversityAt(3.5), deUniversityAt(4)],
    helpText: 'Lower is better: 1.0 is the best grade, 4.0 the last pass, 5.0 a fail.',
  }),
  // Decision 116: France, 0–20 with the mentions; pass 10.
  fr_20: system('fr_20', {
    displayName: 'France – note sur 20 (0–20)',
    labelKind: 'scale',
    bands: [
      band(80, 'Très bien', 'Très bien (16+)', null, 'tres_bien'),
      band(70, 'Bien', 'Bien (14+)', null, 'bien'),
      band(60, 'Assez bien', 'Assez bien (12+)', null, 'assez_bien'),
      band(50, 'Admis', 'Admis, sans mention (10+)', null, 'admis'),
      band(0, 'Insuffisant', 'Insuffisant (below 10)', null, 'insuffisant'),
    ],
    passThreshold: 50,
    pointsKind: 'own-gpa',
    pointsMax: 20,
    scale: { best: 20, worst: 0, labelFrom: 'value', unit: '/20', pointsFrom: 'value', entries: [] },
    colorMins: [80, 70, 60, 50],
  }),
  // Decision 117: Spain, 0–10 (RD 1125/2003); MH is awarded, not computed, so it is an entry only.
  es_10: system('es_10', {
    displayName: 'Spain – calificación 0–10',
    labelKind: 'scale',
    bands: [
      band(90, 'Sobresaliente', 'Sobresaliente (9–10)', null, 'sobresaliente'),
      band(70, 'Notable', 'Notable (7–8.9)', null, 'notable'),
      band(50, 'Aprobado', 'Aprobado (5–6.9)', null, 'aprobado'),
      band(0, 'Suspenso', 'Suspenso (0–4.9)', null, 'suspenso'),
    ],
    passThreshold: 50,
    pointsKind: 'own-gpa',
    pointsMax: 10,
    scale: { best: 10, worst: 0, labelFrom: 'value', unit: '', pointsFrom: 'value', entries: [{ label: 'MH', value: 10 }] },
    colorMins: [90, 70, 60, 50],
    helpText: 'Matrícula de Honor (MH) is awarded to at most 5% of students with 9.0 or more; enter it as MH, it counts as 10.',
  }),
  // Decision 118: China, 百分制 0–100 with the PKU-style 4.0 table as its own GPA.
  cn_percentage: system('cn_percentage', {
    displayName: 'China – 百分制 (0–100, 4.0 GPA)',
    labelKind: 'scale',
    bands: [
      band(90, 'GPA 4.0', null, 4.0, '4_0'),
      band(85, 'GPA 3.7', null, 3.7, '3_7'),
      band(82, 'GPA 3.3', null, 3.3, '3_3'),
      band(78, 'GPA 3.0', null, 3.0, '3_0'),
      band(75, 'GPA 2.7', null, 2.7, '2_7'),
      band(72, 'GPA 2.3', null, 2.3, '2_3'),
      band(68, 'GPA 2.0', null, 2.0, '2_0'),
      band(64, 'GPA 1.5', null, 1.5, '1_5'),
      band(60, 'GPA 1.0', null, 1.0, '1_0'),
      band(0, '不及格 (GPA 0)', 'Fail', 0, 'fail'),
    ],
    passThreshold: 60,
    pointsKind: 'own-gpa',
    pointsMax: 4,
    scale: { best: 100, worst: 0, labelFrom: 'value', unit: '', pointsFrom: 'band', entries: [] },
  }),
  // China, five levels 优/良/中/及格/不及格, standard 4-point GPA.
  cn_five_level: system('cn_five_level', {
    displayName: 'China – 五级制 (优/良/中/及格/不及格)',
    bands: [
      band(90, '优', 'Excellent', 4, 'you'),
      band(80, '良', 'Good', 3, 'liang'),
      band(70, '中', 'Average', 2, 'zhong'),
      band(60, '及格', 'Pass', 1, 'jige'),
      band(0, '不及格', 'Fail', 0, 'bujige'),
    ],
    passThreshold: 60,
    pointsKind: 'own-gpa',
    pointsMax: 4,
  }),
  // Decision 119: Japan, university 秀/優/良/可/不可 with GP 4–0.
  jp_university: system('jp_university', {
    displayName: 'Japan – university (秀 S/優 A/良 B/可 C/不可 F)',
    bands: [
      band(90, '秀 (S)', 'Excellent (shū)', 4, 's'),
      band(80, '優 (A)', 'Very good (yū)', 3, 'a'),
      band(70, '良 (B)', 'Good (ryō)', 2, 'b'),
      band(60, '可 (C)', 'Pass (ka)', 1, 'c'),
      band(0, '不可 (F)', 'Fail (fuka)', 0, 'f'),
    ],
    passThreshold: 60,
    pointsKind: 'own-gpa',
    pointsMax: 4,
  }),
  // Japan, the 5-point school scale (評定 5–1); a linear scale from 1 at 0 % to 5 at 100 %.
  jp_school: system('jp_school', {
    displayName: 'Japan – school (評定 5–1)',
    labelKind: 'scale',
    bands: nearestGradeBands(5, 1, JP_SCHOOL_GRADES),
    passThreshold: jpSchoolAt(1.5),
    pointsKind: 'own-gpa',
    pointsMax: 5,
    scale: {
      best: 5,
      worst: 1,
      labelFrom: 'band',
      unit: '',
      pointsFrom: 'value',
      entries: JP_SCHOOL_GRADES.map(({ label, value }) => ({ label, value })),
    },
    colorMins: [jpSchoolAt(4.5), jpSchoolAt(3.5), jpSchoolAt(2.5), jpSchoolAt(1.5)],
  }),
});

/**
 * English display name for any key, `custom` included. The UI should translate by key and use this
 * only as the fallback text.
 */
export function gradingSystemDisplayName(key: GradingSystemKey): string {
  return key === 'custom' ? CUSTOM_SCALE_DISPLAY_NAME : GRADING_SYSTEMS[key].displayName;
}

/**
 * Rounds half away from zero to 2 decimals: rule 0.2 for percentages and course marks, rule 0.6 for
 * GPAs. `Math.round(x * 100) / 100` alone is wrong at some halves (1.005 * 100 is
 * 100.49999999999999), so the scaled value is first cleaned to 15 significant digits, which drops
 * the float noise without touching any real digit.
 *
 * @throws RangeError for NaN or ±Infinity, which would otherwise show up as a "NaN%" label.
 */
export function roundToHundredths(value: number): number {
  return roundHalfAwayFromZero(value, 2);
}

function roundHalfAwayFromZero(value: number, decimals: number): number {
  if (!Number.isFinite(value)) {
    throw new RangeError(`Expected a finite number, got ${value}`);
  }
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  // Folds -0 into 0 so that `Object.is` comparisons and labels never see "-0".
  return rounded + 0;
}

/**
 * An assessment's percentage: `score × 100 / maxScore` (rule 0.1: multiply first, so 57 of 100 is
 * exactly 57, not 56.99999999999999), rounded to 2 decimals once (rule 0.2). Use the returned value
 * for both band lookup and display; do not recompute it from the raw score elsewhere.
 *
 * A score above `maxScore` gives more than 100 (the API forbids it, but extra credit in a what-if is
 * harmless: `gradeFor` puts it in the top band).
 *
 * @throws RangeError when `maxScore` is not > 0 or `score` is negative or not finite.
 */
export function percentageOf(score: number, maxScore: number): number {
  if (!Number.isFinite(maxScore) || maxScore <= 0) {
    throw new RangeError(`maxScore must be a number > 0, got ${maxScore}`);
  }
  if (!Number.isFinite(score) || score < 0) {
    throw new RangeError(`score must be a number ≥ 0, got ${score}`);
  }
  return roundToHundredths((score * 100) / maxScore);
}

/**
 * Formats a percentage per rule 0.2: at most 2 decimals, trailing zeros trimmed, `%` appended
 * (`87.5%`, `66.67%`, `100%`). Rounds first, so passing an unrounded value is safe. Not localised
 * (always `.` as decimal separator): this is also the `percentage` system's grade label, which must
 * match across server and client. Use `Intl.NumberFormat` in the UI for a localised number.
 */
export function formatPercentage(percentage: number): string {
  // `String` of a value rounded to 2 decimals never has trailing zeros, and these magnitudes never
  // switch to exponent notation.
  return `${String(roundToHundredths(percentage))}%`;
}

/**
 * Formats grade points to a fixed number of decimals: 1 for a single assessment or course under
 * `gpa` (`3.7`), 2 for aggregates and CGPA (`3.46`, `8.42`). Unlike `toFixed` alone it rounds halves
 * correctly (1.005 → `1.01`).
 */
export function formatGradePoints(points: number, decimals: 1 | 2 = 2): string {
  return roundHalfAwayFromZero(points, decimals).toFixed(decimals);
}

/**
 * `india_cgpa`'s value for a percentage (§19): `min(10, p / 9.5)` rounded to 2 decimals. The cap
 * stops 95%+ from going above 10. `p` is rounded per rule 0.2 first.
 */
export function cgpaFor(percentage: number): number {
  const p = checkedPercentage(percentage);
  return roundToHundredths(Math.min(10, p / 9.5));
}

/** The percentage after rule 0.2, rejecting values that no band can hold. */
function checkedPercentage(percentage: number): number {
  const p = roundToHundredths(percentage);
  if (p < 0) {
    throw new RangeError(`A percentage cannot be negative, got ${percentage}`);
  }
  return p;
}

/** Rule 0.3: first band (highest minimum first) whose minimum the percentage reaches. */
function bandIndexFor(p: number, bands: readonly GradeBand[]): number {
  return bands.findIndex((candidate) => p >= candidate.min);
}

/**
 * The 4.0 grade points for a percentage from the §4 table (93+ → 4.0 … 60 → 0.7, else 0). The GPA
 * calculator always uses this (rule 0.8), whatever system is active. Rounds per rule 0.2 first, so
 * 92.999 counts as 93.
 *
 * @throws RangeError for a negative or non-finite percentage.
 */
export function gpa4For(percentage: number): number {
  const p = checkedPercentage(percentage);
  const found = GPA4_BANDS[bandIndexFor(p, GPA4_BANDS)];
  // Unreachable for p ≥ 0 because the last band starts at 0.
  return found?.points ?? 0;
}

/** The five score colours of rule 0.9. */
export type ScoreColor = 'green' | 'blue' | 'yellow' | 'orange' | 'red';

/**
 * Colour for a percentage (rule 0.9): ≥ 90 green, ≥ 80 blue, ≥ 70 yellow, ≥ 60 orange, else red.
 * It deliberately ignores the active system (a UK First at 72% is yellow, as the spec reads).
 * Rounds per rule 0.2 first so the colour never disagrees with the label shown beside it.
 */
export function scoreColor(percentage: number): ScoreColor {
  const p = roundToHundredths(percentage);
  if (p >= 90) return 'green';
  if (p >= 80) return 'blue';
  if (p >= 70) return 'yellow';
  if (p >= 60) return 'orange';
  return 'red';
}

/** The grade for one percentage in one system. */
export interface GradeResult {
  readonly system: GradingSystemKey;
  /** The percentage after rule 0.2 rounding, the value used for lookup. */
  readonly percentage: number;
  /** What to show: the band label, `87.5%` for `percentage`, `8.42` for `india_cgpa`. */
  readonly label: string;
  /** The band's English meaning, or `null`. */
  readonly meaning: string | null;
  /** The band's stable key (built-in systems), or `null` for `percentage`, `india_cgpa`, `custom`. */
  readonly bandKey: string | null;
  /**
   * Index of the band in `GRADING_SYSTEMS[system].bands`, or in `normalizeCustomScale(scale)` for
   * `custom` (both highest first); `null` for systems without bands.
   */
  readonly bandIndex: number | null;
  /**
   * The band's own grade points as the doc prints them (`null` when it has none, e.g. CBSE E1/E2);
   * the CGPA value for `india_cgpa`. Not necessarily GPA material: check `pointsKind`.
   */
  readonly points: number | null;
  /** Rule 0.10; `null` for `custom`, which has no pass threshold (§20): show no pass/fail. */
  readonly passed: boolean | null;
  /** Keys of the system's milestones this percentage reaches (e.g. `strong_pass`). */
  readonly milestones: readonly string[];
  /**
   * The grade on the system's own number scale, 2 decimals (German `1.67`, French `14.5`), for the
   * national scales (`labelKind` `scale`); `null` for every other system.
   */
  readonly value?: number | null;
}

/**
 * The grade for a percentage in a system (rules 0.2, 0.3, 0.10). The percentage is rounded to 2
 * decimals first, so 89.995 is a 90 and 89.994 is not. Values above 100 land in the top band
 * (`india_cgpa` stays capped at 10).
 *
 * For `custom`, pass the user's scale; it should be valid (`validateCustomScale`), which the server
 * guarantees for stored scales.
 *
 * @throws RangeError for a negative or non-finite percentage.
 * @throws Error for `custom` without a scale, or when the scale has no band for the percentage (an
 *   invalid scale without a band at 0).
 */
export function gradeFor(percentage: number, systemKey: GradingSystemKey, customScale?: readonly CustomScaleBand[]): GradeResult {
  const p = checkedPercentage(percentage);

  if (systemKey === 'custom') {
    if (customScale === undefined) {
      throw new Error('gradeFor: the custom system needs the user’s custom scale');
    }
    const bands = normalizeCustomScale(customScale);
    const index = findCustomBandIndex(p, bands);
    const found = bands[index];
    if (found === undefined) {
      throw new Error(`gradeFor: the custom scale has no band for ${p}% (it needs a band at 0)`);
    }
    return {
      system: 'custom',
      percentage: p,
      label: found.label,
      meaning: null,
      bandKey: null,
      bandIndex: index,
      points: found.gradePoints,
      passed: null,
      milestones: [],
    };
  }

  const definition = GRADING_SYSTEMS[systemKey];
  if (definition.scale !== null) return scaleGradeFor(p, definition, definition.scale);
  const passed = p >= definition.passThreshold;
  const milestones = definition.milestones.filter((m) => p >= m.min).map((m) => m.key);

  if (definition.labelKind === 'percentage') {
    return {
      system: systemKey,
      percentage: p,
      label: formatPercentage(p),
      meaning: null,
      bandKey: null,
      bandIndex: null,
      points: null,
      passed,
      milestones,
    };
  }
  if (definition.labelKind === 'cgpa') {
    const cgpa = cgpaFor(p);
    return {
      system: systemKey,
      percentage: p,
      label: formatGradePoints(cgpa, 2),
      meaning: null,
      bandKey: null,
      bandIndex: null,
      points: cgpa,
      passed,
      milestones,
    };
  }

  const index = bandIndexFor(p, definition.bands);
  const found = definition.bands[index];
  if (found === undefined) {
    // Unreachable: every built-in band list ends at 0 and p ≥ 0 (checked by the tests).
    throw new Error(`gradeFor: no ${systemKey} band for ${p}%`);
  }
  return {
    system: systemKey,
    percentage: p,
    label: found.label,
    meaning: found.meaning,
    bandKey: found.key,
    bandIndex: index,
    points: found.points,
    passed,
    milestones,
  };
}

/**
 * True when the GPA calculator should show the system's own average next to the 4.0 GPA (rule 0.8):
 * `us_k12`, `us_ib`, `au_university`, `india_cbse`, `india_university`, `india_cgpa`, and `custom`
 * when every band has grade points. False for `letter`/`gpa`, whose own points *are* the 4.0 GPA, and
 * for the UCAS/DfE point systems, which are not GPAs (Appendix A).
 */
export function hasOwnGpa(systemKey: GradingSystemKey, customScale?: readonly CustomScaleBand[]): boolean {
  if (systemKey === 'custom') {
    return customScale !== undefined && customScaleHasOwnPoints(customScale);
  }
  return GRADING_SYSTEMS[systemKey].pointsKind === 'own-gpa';
}

/**
 * The number a grade contributes to the system's own GPA: its points, with a band that has none
 * counting as 0 (CBSE E1/E2, §17: "if a number is needed for an average, use 0"). Returns `null` when
 * the system has no own GPA (`hasOwnGpa` is false), so a caller cannot average level numbers or
 * Tariff points by mistake.
 */
export function gradePointsForGpa(grade: GradeResult, customScale?: readonly CustomScaleBand[]): number | null {
  if (!hasOwnGpa(grade.system, customScale)) return null;
  return grade.points ?? 0;
}

/**
 * The highest own-GPA value of a system (4, 7, 10, or the custom scale's largest points), for labels
 * such as "5.5 / 7"; `null` when the system has no own GPA.
 */
export function ownGpaMax(systemKey: GradingSystemKey, customScale?: readonly CustomScaleBand[]): number | null {
  if (!hasOwnGpa(systemKey, customScale)) return null;
  if (systemKey === 'custom') {
    return Math.max(...(customScale ?? []).map((b) => b.gradePoints ?? 0));
  }
  return GRADING_SYSTEMS[systemKey].pointsMax;
}

// ---- National number scales (decision 115) ----

/**
 * The exact position (percent) of a value on a scale, float noise removed. A national grade is read
 * from its **shown** value (2 decimals): 9.998/20 shows as 10/20, so it is graded as 10/20, a pass,
 * and a German 0.8336 shows as 0.83 and is a 1+. Label, pass mark and colour never contradict the
 * number beside them.
 */
function positionOf(value: number, scale: NativeScale): number {
  return Number((((value - scale.worst) * 100) / (scale.best - scale.worst)).toPrecision(12)) + 0;
}

function scaleGradeFor(p: number, definition: GradingSystemDefinition, scale: NativeScale): GradeResult {
  const value = nativeValueOf(p, scale);
  const position = positionOf(value, scale);
  const index = bandIndexFor(position, definition.bands);
  const found = definition.bands[index];
  if (found === undefined) throw new Error(`gradeFor: no ${definition.key} band for ${p}%`);
  return {
    system: definition.key,
    percentage: p,
    label: scale.labelFrom === 'band' ? found.label : `${formatNativeNumber(value)}${scale.unit}`,
    meaning: scale.labelFrom === 'band' ? found.meaning : found.label,
    bandKey: found.key,
    bandIndex: index,
    points: scale.pointsFrom === 'value' ? value : found.points,
    passed: position >= definition.passThreshold,
    milestones: definition.milestones.filter((m) => position >= m.min).map((m) => m.key),
    value,
  };
}

/** A scale value to 2 decimals, trailing zeros trimmed (`14.5`, `1.67`, `2`); not localised. */
export function formatNativeNumber(value: number): string {
  return String(roundToHundredths(value));
}

function nativeValueOf(p: number, scale: NativeScale): number {
  const clamped = Math.min(100, p);
  return roundToHundredths(scale.worst + ((scale.best - scale.worst) * clamped) / 100);
}

/** The system's native number scale, or `null` for systems graded by percentage bands only. */
export function nativeScaleOf(system: GradingSystemKey): NativeScale | null {
  return system === 'custom' ? null : GRADING_SYSTEMS[system].scale;
}

/** True when a lower number is the better grade (the German scales). */
export function isLowerBetter(system: GradingSystemKey): boolean {
  const scale = nativeScaleOf(system);
  return scale !== null && scale.best < scale.worst;
}

/**
 * The native value (2 decimals) of a percentage on a national scale: `worst + (best − worst) · p /
 * 100`, so 75 % is a German 2.0 and a French 15/20. `null` for systems without a scale. Percentages
 * above 100 count as 100.
 */
export function nativeValueFor(percentage: number, system: GradingSystemKey): number | null {
  const scale = nativeScaleOf(system);
  return scale === null ? null : nativeValueOf(checkedPercentage(percentage), scale);
}

/**
 * The percentage (2 decimals, rule 0.2) a native value stands for: the inverse of `nativeValueFor`.
 * `null` without a scale or for a value outside the scale (a German 0.5, a French 21).
 */
export function percentageForNativeValue(value: number, system: GradingSystemKey): number | null {
  const scale = nativeScaleOf(system);
  if (scale === null || !Number.isFinite(value)) return null;
  const low = Math.min(scale.best, scale.worst);
  const high = Math.max(scale.best, scale.worst);
  // A hundredth of slack so that a rounded 0.67 still reads as the German 1+ (2/3).
  if (value < low - 0.005 || value > high + 0.005) return null;
  const clamped = Math.min(high, Math.max(low, value));
  return roundToHundredths(Math.min(100, Math.max(0, ((clamped - scale.worst) * 100) / (scale.best - scale.worst))));
}

/** `−`, `–` and `-` all mean minus; `,` is a decimal comma. */
function normalizeEntry(text: string): string {
  return text.trim().normalize('NFC').replace(/[−–]/g, '-').replace(/\s+/g, '').toLowerCase();
}

/**
 * Reads a grade typed in a national scale: a named grade (`2+`, `1−`, `1-`, `MH`, `12`) or a number
 * on the scale with `.` or `,` (`1,7`, `14.5`, `14,5/20`). Returns its percentage (2 decimals), or
 * `null` when the text is no grade of the system. Only for systems with a native scale.
 */
export function parseNativeGrade(text: string, system: GradingSystemKey): number | null {
  const scale = nativeScaleOf(system);
  if (scale === null) return null;
  const wanted = normalizeEntry(text);
  if (wanted === '') return null;
  const named = scale.entries.find((entry) => normalizeEntry(entry.label) === wanted);
  if (named !== undefined) return percentageForNativeValue(named.value, system);
  const unit = normalizeEntry(scale.unit);
  const bare = unit !== '' && wanted.endsWith(unit) ? wanted.slice(0, -unit.length) : wanted;
  if (!/^\d+(?:[.,]\d+)?$/.test(bare)) return null;
  return percentageForNativeValue(Number(bare.replace(',', '.')), system);
}

/**
 * The colour of a percentage in a system: rule 0.9's 90/80/70/60 for the reference systems, and the
 * national scale's own grades for the national systems (a German 2 is blue, a French 14/20 is blue),
 * because there the percentage is a position on the scale, not a test score (decision 115).
 */
export function scoreColorIn(percentage: number, system: GradingSystemKey): ScoreColor {
  if (system === 'custom') return scoreColor(percentage);
  const definition = GRADING_SYSTEMS[system];
  const rounded = roundToHundredths(percentage);
  const p = definition.scale === null ? rounded : positionOf(nativeValueOf(rounded, definition.scale), definition.scale);
  const [green, blue, yellow, orange] = definition.colorMins;
  if (p >= green) return 'green';
  if (p >= blue) return 'blue';
  if (p >= yellow) return 'yellow';
  if (p >= orange) return 'orange';
  return 'red';
}

/**
 * The grading system offered to a new user who signs up in a language (decision 115): the school
 * scale of the language's country, `letter` for English or anything unknown.
 */
const DEFAULT_SYSTEM_BY_LANGUAGE: Readonly<Record<Language, BuiltInGradingSystemKey>> = Object.freeze({
  en: 'letter',
  de: 'de_school',
  fr: 'fr_20',
  es: 'es_10',
  zh: 'cn_percentage',
  ja: 'jp_school',
});

/** The default system for a language tag (`de`, `de-AT`, `zh-CN`); `letter` when unknown or absent. */
export function defaultGradingSystemForLanguage(language: string | null | undefined): GradingSystemKey {
  const spoken = languageOfTag(language);
  return spoken === null ? DEFAULT_GRADING_SYSTEM : DEFAULT_SYSTEM_BY_LANGUAGE[spoken];
}

/** The settings list, grouped by country (issue 23); every key exactly once. */
export const GRADING_SYSTEM_GROUPS: readonly { readonly id: string; readonly keys: readonly GradingSystemKey[] }[] = Object.freeze([
  { id: 'international', keys: ['percentage', 'letter', 'gpa', 'ects', 'us_ib'] },
  { id: 'us', keys: ['us_k12', 'us_elementary', 'us_ap'] },
  { id: 'uk', keys: ['uk_degree', 'uk_alevel', 'uk_gcse', 'uk_gcse_old', 'uk_gcse_new'] },
  { id: 'au', keys: ['au_university', 'au_secondary', 'au_vce'] },
  { id: 'in', keys: ['india_cbse', 'india_university', 'india_cgpa'] },
  { id: 'de', keys: ['de_school', 'de_oberstufe', 'de_university'] },
  { id: 'fr', keys: ['fr_20'] },
  { id: 'es', keys: ['es_10'] },
  { id: 'cn', keys: ['cn_percentage', 'cn_five_level'] },
  { id: 'jp', keys: ['jp_university', 'jp_school'] },
  { id: 'custom', keys: ['custom'] },
] as const);

/** How a chart plots a system's marks: the percentage, or the national value with its own direction. */
export type GradeChartAxis =
  | { readonly kind: 'percentage'; readonly min: 0; readonly max: 100 }
  | { readonly kind: 'native'; readonly min: number; readonly max: number; readonly reversed: boolean };

/**
 * The axis for charting marks in a system (issue 23: "charts" must work for a lower-is-better scale).
 * Reference systems plot the percentage (0–100, rule 0.9's colours); national scales plot their own
 * value, and a German axis runs **reversed** (1 at the top, 6 at the bottom) so that "up" is still
 * "better". Plot `nativeValueFor(mark, system)` on a native axis.
 */
export function gradeChartAxis(system: GradingSystemKey): GradeChartAxis {
  const scale = nativeScaleOf(system);
  if (scale === null) return { kind: 'percentage', min: 0, max: 100 };
  return {
    kind: 'native',
    min: Math.min(scale.best, scale.worst),
    max: Math.max(scale.best, scale.worst),
    reversed: scale.best < scale.worst,
  };
}
