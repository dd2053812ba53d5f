import {
  formatNativeNumber,
  gradeFor,
  nativeScaleOf,
  nativeValueFor,
  parseNativeGrade,
  type GradingSystemKey,
  type NativeScale,
} from '../../common/domain/grading-systems';
import { formatGpa, formatGradeLabel, formatNumber } from './format';
import type { Language } from './i18n';

/**
 * Marks as the student types and reads them, in their own grading system (docs/decisions/115): on a
 * national scale a grade of it (`2+`, `1,7`, `14,5/20`), elsewhere a percentage. One reading for
 * Grades (targets, what-if, grade dialog) and Progress (GPA calculator, course cards); the conversion
 * itself is common/domain/grading-systems.ts (`parseNativeGrade`, `nativeValueFor`).
 */

/** A grade typed in each national scale, shown as an example next to the grade fields (never translated: it is a grade). */
export const NATIVE_GRADE_EXAMPLES: Partial<Record<GradingSystemKey, string>> = {
  de_school: '2+',
  de_oberstufe: '12',
  de_university: '1,3',
  fr_20: '14,5',
  es_10: '7,5',
  cn_percentage: '86',
  jp_school: '4',
};

/** A number typed in a field, or null while it is empty or not a number in `min…max` (`,` is a decimal comma). */
export function readNumber(text: string, min: number, max: number): number | null {
  if (text.trim() === '') return null;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

/** The named grade (`2+`, `13`) a value is, on scales whose grades are names; a Spanish MH is a 10 and reads as 10. */
function namedGrade(value: number, scale: NativeScale): string | undefined {
  if (scale.labelFrom !== 'band') return undefined;
  return scale.entries.find((entry) => Math.abs(entry.value - value) < 0.005)?.label;
}

/** The text a national grade field shows for a stored percentage: `2+` when it is a named grade, else its value (`1.58`). */
export function nativeEntryText(percentage: number, system: GradingSystemKey): string {
  const scale = nativeScaleOf(system);
  const value = nativeValueFor(percentage, system);
  if (scale === null || value === null) return '';
  return namedGrade(value, scale) ?? formatNativeNumber(value);
}

/**
 * A mark typed in the student's system, as the percentage it stands for: a grade of a national scale
 * (`2+` → 81.25, `14,5` on 0–20 → 72.5), else a percentage from 0 to 100. Null when it is neither.
 */
export function readMarkEntry(text: string, system: GradingSystemKey): number | null {
  if (nativeScaleOf(system) !== null) return parseNativeGrade(text, system);
  return readNumber(text, 0, 100);
}

/** What a mark field shows for a stored percentage: the grade on a national scale (`2+`, `1.58`), else the percentage. */
export function markEntryText(percentage: number | null, system: GradingSystemKey): string {
  if (percentage === null) return '';
  return nativeScaleOf(system) !== null ? nativeEntryText(percentage, system) : String(percentage);
}

/**
 * A percentage shown as a grade of the student's national scale, written for the language: `2+`,
 * `1,58`, `14,5/20`. Null for systems graded by percentage (the caller shows the percentage).
 */
export function nativeMarkText(percentage: number, system: GradingSystemKey, language?: Language): string | null {
  const scale = nativeScaleOf(system);
  const value = nativeValueFor(percentage, system);
  if (scale === null || value === null) return null;
  const named = namedGrade(value, scale);
  // A named grade with a decimal (German university "1.3") reads with the language's separator.
  return named !== undefined
    ? formatGradeLabel(named, language)
    : `${formatNumber(value, { maximumFractionDigits: 2 }, language)}${scale.unit}`;
}

/**
 * A course mark on a national scale as Grades shows it: the value to 2 decimals with its unit
 * (`2,28`, `14,50/20`) and the band (`2−`, `1,7`) or, for scales labelled by value, the band's meaning
 * (`Bien`). Null for systems graded by percentage.
 */
export function nativeMarkParts(
  percentage: number,
  system: GradingSystemKey,
  language?: Language,
): { value: string; label: string } | null {
  const scale = nativeScaleOf(system);
  if (scale === null) return null;
  const grade = gradeFor(percentage, system);
  // A band or meaning with a decimal (German university "1.3", Chinese "GPA 4.0") reads with the language's separator.
  const label = formatGradeLabel(scale.labelFrom === 'band' ? grade.label : (grade.meaning ?? ''), language);
  return { value: `${formatGpa(grade.value ?? 0, 2, language)}${scale.unit}`, label };
}
