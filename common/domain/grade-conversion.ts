/**
 * Estimates a grade from one system in another, e.g. for a student who changes system in settings
 * or wants to know what an A-Level B is "worth" in ECTS. Every result is an estimate: the systems
 * measure different things (ECTS is relative, AP and IB boundaries change yearly), so the UI must
 * present it as approximate.
 */

import { normalizeCustomScale, type CustomScaleBand } from './custom-scale';
import {
  GRADING_SYSTEMS,
  formatPercentage,
  gradeFor,
  nativeScaleOf,
  nativeValueFor,
  parseNativeGrade,
  percentageForNativeValue,
  roundToHundredths,
  type GradeBand,
  type GradingSystemKey,
} from './grading-systems';

/** One band the converted grade may fall in. */
export interface ConvertedGradeCandidate {
  readonly label: string;
  readonly points: number | null;
  /** `null` for `custom`, which has no pass threshold. */
  readonly passed: boolean | null;
}

/**
 * How the estimate was made:
 * - `percentage`: source band → its representative percentage → target bands.
 * - `gcse-equivalence`: between 9–1 (`uk_gcse`, `uk_gcse_new`) and A*–G (`uk_gcse_old`) via the
 *   Ofqual grade-to-grade table of §9, because §8 forbids going through the two percentage ladders.
 */
export type GradeConversionMethod = 'percentage' | 'gcse-equivalence' | 'kmk-equivalence' | 'bavarian-formula' | 'german-value';

/** Why a conversion could not be made. */
export type GradeConversionFailure = 'unknown-label' | 'missing-custom-scale';

/** Result of `convertGrade`. */
export type GradeConversion =
  | {
      readonly ok: true;
      readonly method: GradeConversionMethod;
      /** The source grade's label as the system spells it (input matching is case-insensitive). */
      readonly fromLabel: string;
      /**
       * The percentage the estimate went through (`percentage` method), or `null` for the GCSE
       * equivalence, which deliberately uses no percentage.
       */
      readonly percentage: number | null;
      /** What to show: one label, or equivalent labels joined by `/`, best first (8 → A* then A). */
      readonly label: string;
      /** The target grade(s), best first. One entry except for some GCSE equivalences. */
      readonly candidates: readonly ConvertedGradeCandidate[];
    }
  | { readonly ok: false; readonly reason: GradeConversionFailure; readonly message: string };

/** Custom scales for either side of a conversion that involves `custom`. */
export interface GradeConversionOptions {
  readonly fromCustomScale?: readonly CustomScaleBand[];
  readonly toCustomScale?: readonly CustomScaleBand[];
}

/** A reason for failure with its English message. */
function failure(reason: GradeConversionFailure, message: string): GradeConversion {
  return { ok: false, reason, message };
}

function normalizedLabel(label: string): string {
  return label.trim().normalize('NFC').toLowerCase();
}

/**
 * The short form users may type for a label with a descriptor: `7` for `7 (A)`, `3` for
 * `3 – Meets`. Each is unique within its system (checked by the tests).
 */
function shortLabel(label: string): string {
  return label.split(/ \(| – /)[0] ?? label;
}

interface ResolvedSource {
  readonly label: string;
  readonly percentage: number;
}

function findBand(bands: readonly GradeBand[], label: string): GradeBand | undefined {
  const wanted = normalizedLabel(label);
  return (
    bands.find((b) => normalizedLabel(b.label) === wanted) ??
    bands.find((b) => normalizedLabel(shortLabel(b.label)) === wanted) ??
    bands.find((b) => b.key === wanted) ??
    // The romanised letter in brackets: `S` for the Japanese `秀 (S)`.
    bands.find((b) => {
      const inBrackets = /\(([^)]+)\)$/.exec(b.label)?.[1];
      return inBrackets !== undefined && normalizedLabel(inBrackets) === wanted;
    })
  );
}

/** Parses `87.5`, `87.5%` or ` 87.5 % `; `null` for anything else. */
function parseNumber(text: string, allowPercentSign: boolean): number | null {
  const trimmed = text.trim();
  const pattern = allowPercentSign ? /^\d+(?:\.\d+)?\s*%?$/ : /^\d+(?:\.\d+)?$/;
  if (!pattern.test(trimmed)) return null;
  return Number.parseFloat(trimmed);
}

/**
 * The percentage a grade label stands for, used as the starting point of a conversion, or `null`
 * when the label is not one of the system's grades.
 *
 * The doc names no representative percentage for a band, so this is the band's **minimum**: the
 * least a student with that grade scored, which never overstates them (an A-Level A* is 90%, hence
 * an A- letter grade, not A+). Special cases from the doc:
 * - `percentage`: the number itself (`87.5%` or `87.5`), 0–100.
 * - `india_cgpa`: CGPA × 9.5 (CBSE's "indicative percentage", §19), for a CGPA of 0–10; so 10.00
 *   stands for 95%, the least that gives a CGPA of 10.
 * - `gpa`: the 1-decimal labels, with `4` accepted for `4.0`.
 * Labels match case-insensitively; `7` matches `uk_gcse`'s `7 (A)` and `3` matches `3 – Meets`.
 */
export function representativePercentage(label: string, system: GradingSystemKey, customScale?: readonly CustomScaleBand[]): number | null {
  return resolveSource(label, system, customScale)?.percentage ?? null;
}

function resolveSource(label: string, system: GradingSystemKey, customScale?: readonly CustomScaleBand[]): ResolvedSource | null {
  if (system === 'custom') {
    if (customScale === undefined) return null;
    const wanted = normalizedLabel(label);
    const found = normalizeCustomScale(customScale).find((b) => normalizedLabel(b.label) === wanted);
    return found === undefined ? null : { label: found.label, percentage: found.minPercentage };
  }

  const definition = GRADING_SYSTEMS[system];
  if (definition.scale !== null) {
    // National scales: the grade's own value (2+ is 1.67, 14/20 is 70 %), not a band minimum.
    const percentage = parseNativeGrade(label, system);
    return percentage === null ? null : { label: gradeFor(percentage, system).label, percentage };
  }
  if (definition.labelKind === 'percentage') {
    const value = parseNumber(label, true);
    if (value === null || value > 100) return null;
    return { label: formatPercentage(value), percentage: roundToHundredths(value) };
  }
  if (definition.labelKind === 'cgpa') {
    const value = parseNumber(label, false);
    if (value === null || value > 10) return null;
    return {
      label: roundToHundredths(value).toFixed(2),
      percentage: roundToHundredths(value * 9.5),
    };
  }
  if (system === 'gpa') {
    // "4" and "4.00" are the same GPA as the band label "4.0".
    const value = parseNumber(label, false);
    const byValue = value === null ? undefined : definition.bands.find((b) => b.points === value);
    if (byValue !== undefined) return { label: byValue.label, percentage: byValue.min };
  }
  const found = findBand(definition.bands, label);
  return found === undefined ? null : { label: found.label, percentage: found.min };
}

type GcseNumber = '9' | '8' | '7' | '6' | '5' | '4' | '3' | '2' | '1' | 'U';

/**
 * §9's Ofqual equivalences, 9–1 → A*–G ("9 = high A* … 1 = low F or G"), best first. Only the
 * bottoms of 7/A, 4/C and 1/G are formally aligned, so the two-letter rows are honest ranges.
 */
const NUMBER_TO_LETTERS: Readonly<Record<GcseNumber, readonly string[]>> = Object.freeze({
  '9': ['A*'],
  '8': ['A*', 'A'],
  '7': ['A'],
  '6': ['B'],
  '5': ['B', 'C'],
  '4': ['C'],
  '3': ['D', 'E'],
  '2': ['E', 'F'],
  '1': ['F', 'G'],
  U: ['U'],
});

/**
 * The same table read the other way, A*–G → 9–1, best first: a letter maps to every number whose
 * row lists it (A* → 9/8, A → 8/7, B → 6/5, C → 5/4, D → 3, E → 3/2, F → 2/1, G → 1, U → U).
 */
const LETTER_TO_NUMBERS: Readonly<Record<string, readonly GcseNumber[]>> = (() => {
  // Walk an explicit list: `Object.entries` would yield the integer-like keys '1'…'9' in ascending
  // order whatever the literal says, and the candidates must come best first.
  const bestFirst: readonly GcseNumber[] = ['9', '8', '7', '6', '5', '4', '3', '2', '1', 'U'];
  const table: Record<string, GcseNumber[]> = {};
  for (const gcseNumber of bestFirst) {
    for (const letter of NUMBER_TO_LETTERS[gcseNumber]) (table[letter] ??= []).push(gcseNumber);
  }
  return Object.freeze(table);
})();

const GCSE_9_TO_1: ReadonlySet<GradingSystemKey> = new Set(['uk_gcse', 'uk_gcse_new']);

function candidateFromBand(system: GradingSystemKey, band: GradeBand): ConvertedGradeCandidate {
  // Each band's own minimum gives that band's points and pass status.
  const grade = gradeFor(band.min, system);
  return { label: band.label, points: grade.points, passed: grade.passed };
}

function bandByNumber(system: GradingSystemKey, gcseNumber: GcseNumber): GradeBand | undefined {
  if (system === 'custom') return undefined;
  return GRADING_SYSTEMS[system].bands.find((b) => shortLabel(b.label) === gcseNumber);
}

function gcseEquivalence(fromSystem: GradingSystemKey, fromLabel: string, toSystem: GradingSystemKey): GradeConversion {
  const fromShort = shortLabel(fromLabel);
  let candidates: ConvertedGradeCandidate[];
  if (GCSE_9_TO_1.has(fromSystem)) {
    const letters = NUMBER_TO_LETTERS[fromShort as GcseNumber];
    const oldBands = GRADING_SYSTEMS.uk_gcse_old.bands;
    candidates = letters
      .map((letter) => oldBands.find((b) => b.label === letter))
      .filter((b): b is GradeBand => b !== undefined)
      .map((b) => candidateFromBand('uk_gcse_old', b));
  } else {
    const numbers = LETTER_TO_NUMBERS[fromShort] ?? [];
    candidates = numbers
      .map((n) => bandByNumber(toSystem, n))
      .filter((b): b is GradeBand => b !== undefined)
      .map((b) => candidateFromBand(toSystem, b));
  }
  return {
    ok: true,
    method: 'gcse-equivalence',
    fromLabel,
    percentage: null,
    // `uk_gcse` labels already carry the letter ("8 (A*/A)"), so show just the numbers joined.
    label: candidates.map((c) => (GCSE_9_TO_1.has(toSystem) ? shortLabel(c.label) : c.label)).join('/'),
    candidates,
  };
}

/**
 * Converts a grade label from one system into an estimate in another.
 *
 * Method: the source label's representative percentage (`representativePercentage`: the band
 * **minimum**, since the doc names no representative value) is graded in the target system. The
 * exception is GCSE 9–1 ↔ A*–G, which uses §9's grade-to-grade table because §8 says never to run
 * a percentage through the other ladder; that can give two candidates (`8` → A* and A).
 *
 * Converting within one system returns the same grade. Fails (never throws) for a label the source
 * system does not have, or for `custom` without its scale.
 *
 * @example convertGrade('B', 'uk_alevel', 'letter')
 *   // → { ok: true, method: 'percentage', percentage: 70, label: 'C-', … } (B starts at 70%)
 * @example convertGrade('6', 'uk_gcse_new', 'uk_gcse_old')
 *   // → { ok: true, method: 'gcse-equivalence', percentage: null, label: 'B', … }
 */
export function convertGrade(
  label: string,
  from: GradingSystemKey,
  to: GradingSystemKey,
  options: GradeConversionOptions = {},
): GradeConversion {
  if (from === 'custom' && options.fromCustomScale === undefined) {
    return failure('missing-custom-scale', 'Converting from the custom scale needs the scale.');
  }
  if (to === 'custom' && options.toCustomScale === undefined) {
    return failure('missing-custom-scale', 'Converting to the custom scale needs the scale.');
  }
  const source = resolveSource(label, from, options.fromCustomScale);
  if (source === null) {
    return failure('unknown-label', `“${label}” is not a grade in this system.`);
  }

  const german = germanConversion(source, from, to);
  if (german !== null) return german;

  const crossesGcseLadders = (GCSE_9_TO_1.has(from) && to === 'uk_gcse_old') || (from === 'uk_gcse_old' && GCSE_9_TO_1.has(to));
  if (crossesGcseLadders) return gcseEquivalence(from, source.label, to);

  const grade = gradeFor(source.percentage, to, options.toCustomScale);
  return {
    ok: true,
    method: 'percentage',
    fromLabel: source.label,
    percentage: source.percentage,
    label: grade.label,
    candidates: [{ label: grade.label, points: grade.points, passed: grade.passed }],
  };
}

// ---- German conversions (docs/decisions/115-german-grades.md) ----

const GERMAN: ReadonlySet<GradingSystemKey> = new Set(['de_school', 'de_oberstufe', 'de_university']);

/** The worst German grade that still passes, per system (school 4−, university 4.0). */
const GERMAN_PASS_LIMIT: Readonly<Record<string, number>> = { de_school: 4.5, de_oberstufe: 4.5, de_university: 4 };
const GERMAN_WORST: Readonly<Record<string, number>> = { de_school: 6, de_oberstufe: 6, de_university: 5 };

/**
 * A German grade as a grade value 1–6 (1.0–5.0 at university): the scale value itself, or for
 * Oberstufe points the KMK conversion grade = (17 − points) / 3, with 0 points a 6.
 */
function germanValue(percentage: number, system: GradingSystemKey): number {
  const value = nativeValueFor(percentage, system) ?? 0;
  if (system !== 'de_oberstufe') return value;
  return value < 0.5 ? 6 : (17 - value) / 3;
}

/**
 * Nmax and Nmin of the modified Bavarian formula for a non-German system, in percent: the best
 * grade's percentage (the top band's minimum, 100 for percentage and number scales, 95 for a CGPA of
 * 10, 85 = 17/20 for France as anabin gives it) and the pass threshold. `null` for `custom`, which
 * has no pass mark.
 */
function bavarianBounds(system: GradingSystemKey): { max: number; min: number } | null {
  if (system === 'custom') return null;
  const definition = GRADING_SYSTEMS[system];
  // anabin's Nmax for France is 17/20, not 20: marks above 17 are practically never given.
  if (system === 'fr_20') return { max: 85, min: definition.passThreshold };
  const max = definition.labelKind === 'band' ? (definition.bands[0]?.min ?? 100) : definition.labelKind === 'cgpa' ? 95 : 100;
  return { max, min: definition.passThreshold };
}

/** Drops float noise, then cuts (never rounds) to 1 decimal, as the KMK formula result is given. */
function truncateToTenths(value: number): number {
  return Math.floor(Number((value * 10).toPrecision(12))) / 10;
}

/** A German grade value on the target German system, as its grade. */
function germanResult(
  method: GradeConversionMethod,
  fromLabel: string,
  value: number,
  to: GradingSystemKey,
  showValue: boolean,
): GradeConversion {
  const scale = nativeScaleOf(to);
  const low = Math.min(scale?.best ?? 1, scale?.worst ?? 1);
  const high = Math.max(scale?.best ?? 6, scale?.worst ?? 6);
  const onScale =
    to === 'de_oberstufe' ? (value >= 5.67 ? 0 : Math.min(15, Math.max(0, 17 - 3 * value))) : Math.min(high, Math.max(low, value));
  const percentage = percentageForNativeValue(onScale, to) ?? 0;
  const grade = gradeFor(percentage, to);
  return {
    ok: true,
    method,
    fromLabel,
    percentage,
    label: showValue && to === 'de_university' ? value.toFixed(1) : grade.label,
    candidates: [{ label: grade.label, points: grade.points, passed: grade.passed }],
  };
}

/**
 * Conversions that involve a German system, or `null` when none does:
 * - between German school grades and Oberstufe points: the KMK table (1+ = 15 … 5− = 1, 6 = 0);
 * - between other German systems: the grade value (2+ = 1.67 is a 1.7 at university);
 * - into German: the modified Bavarian formula x = 1 + 3 · (Nmax − Nd) / (Nmax − Nmin), in percent,
 *   cut to 1 decimal; a fail is a German fail;
 * - out of German: the same formula solved for Nd.
 */
function germanConversion(source: ResolvedSource, from: GradingSystemKey, to: GradingSystemKey): GradeConversion | null {
  const fromGerman = GERMAN.has(from);
  const toGerman = GERMAN.has(to);
  if (!fromGerman && !toGerman) return null;
  if (from === to) return null;

  if (fromGerman && toGerman) {
    const pair = new Set([from, to]);
    if (pair.has('de_school') && pair.has('de_oberstufe')) {
      // Both lists run best first with 16 grades each (1+ … 6 and 15 … 0): the KMK table is the index.
      const index = gradeFor(source.percentage, from).bandIndex ?? 0;
      if (to === 'custom') return null;
      const target = GRADING_SYSTEMS[to].bands[index];
      if (target === undefined) return null;
      const grade = gradeFor(percentageForNativeValue(target.points ?? 0, to) ?? 0, to);
      return {
        ok: true,
        method: 'kmk-equivalence',
        fromLabel: source.label,
        percentage: null,
        label: grade.label,
        candidates: [{ label: grade.label, points: grade.points, passed: grade.passed }],
      };
    }
    return germanResult('german-value', source.label, germanValue(source.percentage, from), to, false);
  }

  if (toGerman) {
    const bounds = bavarianBounds(from);
    if (bounds === null) return null;
    const nd = source.percentage;
    let value: number;
    if (nd >= bounds.min) {
      value = Math.max(1, truncateToTenths(1 + (3 * (bounds.max - Math.min(nd, bounds.max))) / (bounds.max - bounds.min)));
    } else {
      // A fail stays a fail: from just below the pass mark (5+ / 5.0) down to the worst grade at 0.
      const worst = GERMAN_WORST[to] ?? 6;
      const firstFail = to === 'de_university' ? 5 : 14 / 3;
      value = bounds.min === 0 ? worst : firstFail + ((worst - firstFail) * (bounds.min - nd)) / bounds.min;
    }
    return germanResult('bavarian-formula', source.label, value, to, true);
  }

  const bounds = bavarianBounds(to);
  if (bounds === null) return null;
  const value = germanValue(source.percentage, from);
  const passLimit = GERMAN_PASS_LIMIT[from] ?? 4;
  const worst = GERMAN_WORST[from] ?? 6;
  let percentage: number;
  if (value <= 4) {
    percentage = bounds.max - ((Math.max(1, value) - 1) * (bounds.max - bounds.min)) / 3;
  } else if (value <= passLimit) {
    percentage = bounds.min; // a German 4− passes: the lowest pass of the target
  } else {
    percentage = (bounds.min * (worst - value)) / (worst - passLimit) - 0.01;
  }
  percentage = Math.max(0, roundToHundredths(percentage));
  const grade = gradeFor(percentage, to);
  return {
    ok: true,
    method: 'bavarian-formula',
    fromLabel: source.label,
    percentage,
    label: grade.label,
    candidates: [{ label: grade.label, points: grade.points, passed: grade.passed }],
  };
}
