/**
 * Conversions to and from the national systems (docs/decisions/115–119). All are estimates; the
 * German ones follow the KMK table (school grades ↔ Oberstufe points) and the modified Bavarian
 * formula x = 1 + 3 · (Nmax − Nd) / (Nmax − Nmin), here in percent, cut to one decimal.
 */
import { describe, it, expect } from 'vitest';
import { convertGrade, representativePercentage, type GradeConversion } from './grade-conversion';
import { NATIONAL_GRADING_SYSTEM_KEYS, REFERENCE_GRADING_SYSTEM_KEYS, type GradingSystemKey } from './grading-systems';

function brief(result: GradeConversion) {
  if (!result.ok) return { ok: false as const, reason: result.reason };
  return { label: result.label, method: result.method };
}

describe('the German scales among themselves', () => {
  it.each<[string, GradingSystemKey, GradingSystemKey, string]>([
    ['1+', 'de_school', 'de_oberstufe', '15'],
    ['2+', 'de_school', 'de_oberstufe', '12'],
    ['4−', 'de_school', 'de_oberstufe', '4'],
    ['5−', 'de_school', 'de_oberstufe', '1'],
    ['6', 'de_school', 'de_oberstufe', '0'],
    ['15', 'de_oberstufe', 'de_school', '1+'],
    ['11', 'de_oberstufe', 'de_school', '2'],
    ['5', 'de_oberstufe', 'de_school', '4'],
    ['0', 'de_oberstufe', 'de_school', '6'],
  ])('%s (%s) is %s in %s by the KMK table', (label, from, to, expected) => {
    expect(brief(convertGrade(label, from, to))).toEqual({ label: expected, method: 'kmk-equivalence' });
  });

  it.each<[string, GradingSystemKey, GradingSystemKey, string]>([
    ['2+', 'de_school', 'de_university', '1.7'], // 1.67
    ['1−', 'de_school', 'de_university', '1.3'], // 1.33
    ['1+', 'de_school', 'de_university', '1.0'], // 0.67 is off the university scale: its best grade
    ['1.3', 'de_university', 'de_school', '1−'],
    ['2.7', 'de_university', 'de_school', '3+'],
    ['13', 'de_oberstufe', 'de_university', '1.3'], // (17 − 13) / 3 = 1.33
  ])('%s (%s) is %s in %s by its grade value', (label, from, to, expected) => {
    expect(brief(convertGrade(label, from, to))).toEqual({ label: expected, method: 'german-value' });
  });
});

describe('into German: the modified Bavarian formula', () => {
  it.each<[string, GradingSystemKey, string, string]>([
    // letter: Nmax = 97 (A+), Nmin = 60 (D-)
    ['A+', 'letter', '1.0', '1.0'],
    ['B+', 'letter', '1.8', '1.7'], // 1 + 3·10/37 = 1.81 → 1.8
    ['D-', 'letter', '4.0', '4.0'],
    ['F', 'letter', '5.0', '5.0'],
    // uk_degree: Nmax = 70 (First), Nmin = 40
    ['First', 'uk_degree', '1.0', '1.0'],
    ['2:1', 'uk_degree', '2.0', '2.0'],
    ['2:2', 'uk_degree', '3.0', '3.0'],
    ['Third', 'uk_degree', '4.0', '4.0'],
    // ects: Nmax = 90, Nmin = 50; B = 1 + 3·10/40 = 1.75 → 1.7
    ['B', 'ects', '1.7', '1.7'],
    // fr_20: Nmax 17/20 as anabin gives it, Nmin 10/20
    ['17', 'fr_20', '1.0', '1.0'],
    ['19', 'fr_20', '1.0', '1.0'],
    ['16', 'fr_20', '1.4', '1.3'], // 1 + 3·(17 − 16)/(17 − 10) = 1.43
    ['14', 'fr_20', '2.2', '2.3'], // 1 + 3·3/7 = 2.29 → 2.2 (cut, not rounded)
    ['10', 'fr_20', '4.0', '4.0'],
    // es_10 and jp_school
    ['9', 'es_10', '1.6', '1.7'],
    ['3', 'jp_school', '2.7', '2.7'], // 50 %, Nmin 12.5 (grade 2): 1 + 3·50/87.5 = 2.71
  ])('%s (%s) is %s at a German university (grade step %s)', (label, from, value, step) => {
    const result = convertGrade(label, from, 'de_university');
    expect(result.ok && result.method).toBe('bavarian-formula');
    if (!result.ok) return;
    expect(result.label).toBe(value);
    expect(result.candidates[0]?.label).toBe(step);
  });

  it.each<[string, GradingSystemKey, string, boolean]>([
    ['16', 'fr_20', '1−', true], // 1.4: nearer 1.33 than 1.67
    ['14', 'fr_20', '2−', true], // 2.2: nearer 2.33 than 2.0
    ['10', 'fr_20', '4', true],
    ['5', 'fr_20', '5−', false], // a fail stays a fail: 4.67 + 1.33 · 25/50 = 5.33
    ['0', 'fr_20', '6', false],
    ['A+', 'letter', '1', true],
  ])('%s (%s) is %s in German school grades (passed: %s)', (label, from, expected, passed) => {
    const result = convertGrade(label, from, 'de_school');
    expect(result.ok && result.method).toBe('bavarian-formula');
    expect(result.ok && result.label).toBe(expected);
    expect(result.ok && result.candidates[0]?.passed).toBe(passed);
  });
});

describe('out of German: the formula solved for Nd', () => {
  it.each<[string, GradingSystemKey, GradingSystemKey, string]>([
    ['1.0', 'de_university', 'letter', 'A+'], // 97
    ['2.0', 'de_university', 'letter', 'B'], // 97 − 37/3 = 84.67
    ['4.0', 'de_university', 'letter', 'D-'], // 60
    ['5.0', 'de_university', 'letter', 'F'],
    ['2', 'de_school', 'fr_20', '14.67/20'], // 85 − 35/3 = 73.33 %
    ['1', 'de_school', 'fr_20', '17/20'],
    ['4−', 'de_school', 'fr_20', '10/20'], // a school 4− passes: the lowest French pass
    ['5', 'de_school', 'fr_20', '6.66/20'], // a fail: 50 · (6 − 5)/1.5 − 0.01 = 33.32 %
    ['1,0', 'de_university', 'uk_degree', 'First'],
    ['3.0', 'de_university', 'uk_degree', '2:2'],
  ])('%s (%s) is %s in %s', (label, from, to, expected) => {
    expect(brief(convertGrade(label, from, to))).toEqual({ label: expected, method: 'bavarian-formula' });
  });

  it('goes there and back: a B+ is a German 1.8 and a 1.8 is a B+', () => {
    const there = convertGrade('B+', 'letter', 'de_university');
    expect(there.ok && there.label).toBe('1.8');
    expect(brief(convertGrade('1.8', 'de_university', 'letter'))).toMatchObject({ label: 'B+' });
  });
});

describe('the other national systems through the percentage', () => {
  it.each<[string, GradingSystemKey, GradingSystemKey, string]>([
    ['秀', 'jp_university', 'letter', 'A-'], // 90 %
    ['S', 'jp_university', 'letter', 'A-'],
    ['可 (C)', 'jp_university', 'ects', 'D'],
    ['良', 'cn_five_level', 'ects', 'B'],
    ['及格', 'cn_five_level', 'jp_university', '可 (C)'],
    ['MH', 'es_10', 'letter', 'A+'],
    ['7', 'es_10', 'fr_20', '14/20'],
    ['14,5', 'fr_20', 'es_10', '7.25'],
    ['85', 'cn_percentage', 'jp_university', '優 (A)'],
    ['B', 'letter', 'fr_20', '16.6/20'], // 83 %
    ['A', 'uk_alevel', 'cn_five_level', '良'],
    ['4', 'jp_school', 'cn_percentage', '75'],
  ])('%s (%s) is %s in %s', (label, from, to, expected) => {
    expect(brief(convertGrade(label, from, to))).toEqual({ label: expected, method: 'percentage' });
  });

  const SAMPLE: Readonly<Record<(typeof NATIONAL_GRADING_SYSTEM_KEYS)[number], string>> = {
    de_school: '2',
    de_oberstufe: '10',
    de_university: '2.3',
    fr_20: '12',
    es_10: '6',
    cn_percentage: '75',
    cn_five_level: '良',
    jp_university: '優',
    jp_school: '3',
  };
  it.each(NATIONAL_GRADING_SYSTEM_KEYS)('%s converts into every reference system and back', (system) => {
    expect(representativePercentage(SAMPLE[system], system)).not.toBeNull();
    for (const other of REFERENCE_GRADING_SYSTEM_KEYS) {
      const there = convertGrade(SAMPLE[system], system, other);
      expect(there.ok).toBe(true);
      if (there.ok) expect(convertGrade(there.label, other, system).ok).toBe(true);
    }
  });

  it.each<[string, GradingSystemKey]>([
    ['2+', 'de_school'],
    ['14.5/20', 'fr_20'],
    ['秀 (S)', 'jp_university'],
    ['中', 'cn_five_level'],
    ['7.5', 'es_10'],
  ])('%s in %s converts to itself', (label, system) => {
    expect(brief(convertGrade(label, system, system))).toMatchObject({ label });
  });

  it('refuses a grade the system does not have', () => {
    expect(convertGrade('7', 'de_school', 'letter')).toMatchObject({ ok: false, reason: 'unknown-label' });
    expect(convertGrade('21', 'fr_20', 'letter')).toMatchObject({ ok: false, reason: 'unknown-label' });
  });

  it('needs the scale for custom, and without a pass mark uses the percentage', () => {
    const scale = [
      { label: 'Good', minPercentage: 70 },
      { label: 'Weak', minPercentage: 0 },
    ];
    expect(convertGrade('2', 'de_school', 'custom')).toMatchObject({ ok: false, reason: 'missing-custom-scale' });
    expect(brief(convertGrade('2', 'de_school', 'custom', { toCustomScale: scale }))).toEqual({ label: 'Good', method: 'percentage' });
  });
});
