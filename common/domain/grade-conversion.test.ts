import { describe, it, expect } from 'vitest';
import type { CustomScaleBand } from './custom-scale';
import { convertGrade, representativePercentage, type GradeConversion } from './grade-conversion';
import { REFERENCE_GRADING_SYSTEM_KEYS, GRADING_SYSTEMS, type GradingSystemKey } from './grading-systems';

const SAMPLE_CUSTOM_SCALE: readonly CustomScaleBand[] = [
  { label: 'Distinction', minPercentage: 85, gradePoints: 4 },
  { label: 'Merit', minPercentage: 70, gradePoints: 3 },
  { label: 'Pass', minPercentage: 50 },
  { label: 'Fail', minPercentage: 0 },
];

/** The parts of a successful conversion most tests care about. */
function brief(result: GradeConversion) {
  if (!result.ok) return { ok: false as const, reason: result.reason };
  return { label: result.label, percentage: result.percentage, method: result.method };
}

describe('representativePercentage (band minimum; the doc names no other value)', () => {
  const everyBand = REFERENCE_GRADING_SYSTEM_KEYS.flatMap((system) =>
    GRADING_SYSTEMS[system].bands.map((band) => [system, band.label, band.min] as const),
  );

  it.each(everyBand)('%s %s stands for %s%%', (system, label, min) => {
    expect(representativePercentage(label, system)).toBe(min);
    // The short form (`7` for `7 (A)`, `3` for `3 – Meets`) must reach the same band, which also
    // proves short forms are unique within each system.
    const short = label.split(/ \(| – /)[0] ?? label;
    expect(representativePercentage(short, system)).toBe(min);
  });

  it.each<[string, GradingSystemKey, number | null]>([
    ['87.5%', 'percentage', 87.5],
    ['87.5', 'percentage', 87.5],
    [' 90 % ', 'percentage', 90],
    ['66.666', 'percentage', 66.67],
    ['100%', 'percentage', 100],
    ['100.5%', 'percentage', null],
    ['-5%', 'percentage', null],
    ['abc', 'percentage', null],
    ['8.42', 'india_cgpa', 79.99], // CGPA × 9.5, CBSE's indicative percentage (§19)
    ['10', 'india_cgpa', 95],
    ['0', 'india_cgpa', 0],
    ['10.01', 'india_cgpa', null],
    ['4', 'gpa', 93],
    ['4.00', 'gpa', 93],
    ['0.7', 'gpa', 60],
    ['3.5', 'gpa', null],
    ['a+', 'letter', 97],
    [' first ', 'uk_degree', 70],
    ['fx', 'ects', 40],
    ['a_plus', 'letter', 97],
    ['Z', 'letter', null],
    ['', 'letter', null],
    ['merit', 'custom', null], // no scale given
  ])('%j in %s → %s', (label, system, expected) => {
    expect(representativePercentage(label, system)).toBe(expected);
  });

  it('reads a custom scale, ignoring case', () => {
    expect(representativePercentage('MERIT', 'custom', SAMPLE_CUSTOM_SCALE)).toBe(70);
    expect(representativePercentage('Nope', 'custom', SAMPLE_CUSTOM_SCALE)).toBeNull();
  });
});

describe('convertGrade through the percentage', () => {
  it.each<[string, GradingSystemKey, GradingSystemKey, string, number]>([
    ['B', 'uk_alevel', 'letter', 'C-', 70], // conservative: the bottom of a B
    ['A*', 'uk_alevel', 'letter', 'A-', 90],
    ['A+', 'letter', 'ects', 'A', 97],
    ['F', 'letter', 'uk_degree', 'Fail', 0],
    ['2:1', 'uk_degree', 'us_k12', 'D', 60],
    ['HD', 'au_university', 'letter', 'B', 85],
    ['A1', 'india_cbse', 'india_university', 'O', 91],
    ['E1', 'india_cbse', 'uk_gcse_old', 'G', 21],
    ['3 – Meets', 'us_elementary', 'letter', 'B-', 80],
    ['87.5%', 'percentage', 'letter', 'B+', 87.5],
    ['8.42', 'india_cgpa', 'letter', 'C+', 79.99],
    ['A', 'letter', 'india_cgpa', '9.79', 93],
    ['A', 'letter', 'percentage', '93%', 93],
    ['4', 'gpa', 'letter', 'A', 93],
    ['5', 'us_ap', 'us_ib', '6', 80],
    // uk_gcse and uk_gcse_new share cut-offs, so the percentage route is exact between them.
    ['7 (A)', 'uk_gcse', 'uk_gcse_new', '7', 70],
    ['4', 'uk_gcse_new', 'uk_gcse', '4 (C)', 55],
    ['7', 'uk_gcse', 'uk_gcse_new', '7', 70],
  ])('%s in %s → %s is %s (via %s%%)', (label, from, to, expected, percentage) => {
    expect(brief(convertGrade(label, from, to))).toEqual({
      label: expected,
      percentage,
      method: 'percentage',
    });
  });

  it('returns the target grade’s points and pass status', () => {
    const result = convertGrade('A*', 'uk_alevel', 'letter');
    expect(result).toEqual({
      ok: true,
      method: 'percentage',
      fromLabel: 'A*',
      percentage: 90,
      label: 'A-',
      candidates: [{ label: 'A-', points: 3.7, passed: true }],
    });
  });

  it('spells the source label as the system does', () => {
    const result = convertGrade(' 7 ', 'uk_gcse', 'letter');
    expect(result.ok && result.fromLabel).toBe('7 (A)');
  });

  const everyBand = REFERENCE_GRADING_SYSTEM_KEYS.flatMap((system) =>
    GRADING_SYSTEMS[system].bands.map((band) => [system, band.label] as const),
  );
  it.each(everyBand)('%s %s converts to itself', (system, label) => {
    const result = convertGrade(label, system, system);
    expect(result.ok && result.label).toBe(label);
  });

  it.each<[string, GradingSystemKey]>([
    ['87.5%', 'percentage'],
    ['8.42', 'india_cgpa'],
  ])('%s in %s converts to itself', (label, system) => {
    expect(brief(convertGrade(label, system, system))).toMatchObject({ label });
  });

  it('converts from and to a custom scale', () => {
    expect(brief(convertGrade('merit', 'custom', 'letter', { fromCustomScale: SAMPLE_CUSTOM_SCALE }))).toEqual({
      label: 'C-',
      percentage: 70,
      method: 'percentage',
    });
    expect(convertGrade('A', 'letter', 'custom', { toCustomScale: SAMPLE_CUSTOM_SCALE })).toMatchObject({
      ok: true,
      label: 'Distinction',
      candidates: [{ label: 'Distinction', points: 4, passed: null }],
    });
  });

  it.each<[string, GradingSystemKey, GradingSystemKey, string]>([
    ['Z', 'letter', 'ects', 'unknown-label'],
    ['101', 'percentage', 'letter', 'unknown-label'],
    ['Merit', 'custom', 'letter', 'missing-custom-scale'],
    ['A', 'letter', 'custom', 'missing-custom-scale'],
  ])('fails without throwing: %s from %s to %s → %s', (label, from, to, reason) => {
    const result = convertGrade(label, from, to);
    expect(result).toMatchObject({ ok: false, reason });
    expect(!result.ok && result.message.length > 0).toBe(true);
  });
});

describe('convertGrade between GCSE 9–1 and A*–G (§9 table, never via percentages)', () => {
  it.each<[string, string, string[]]>([
    ['9', 'A*', ['A*']],
    ['8', 'A*/A', ['A*', 'A']],
    ['7', 'A', ['A']],
    ['6', 'B', ['B']],
    ['5', 'B/C', ['B', 'C']],
    ['4', 'C', ['C']],
    ['3', 'D/E', ['D', 'E']],
    ['2', 'E/F', ['E', 'F']],
    ['1', 'F/G', ['F', 'G']],
    ['U', 'U', ['U']],
  ])('uk_gcse_new %s → uk_gcse_old %s', (label, expected, candidates) => {
    const result = convertGrade(label, 'uk_gcse_new', 'uk_gcse_old');
    expect(brief(result)).toEqual({
      label: expected,
      percentage: null,
      method: 'gcse-equivalence',
    });
    expect(result.ok && result.candidates.map((c) => c.label)).toEqual(candidates);
    // The same from the combined `uk_gcse` labels.
    const viaCombined = convertGrade(label, 'uk_gcse', 'uk_gcse_old');
    expect(viaCombined.ok && viaCombined.label).toBe(expected);
  });

  it.each<[string, string]>([
    ['A*', '9/8'],
    ['A', '8/7'],
    ['B', '6/5'],
    ['C', '5/4'],
    ['D', '3'],
    ['E', '3/2'],
    ['F', '2/1'],
    ['G', '1'],
    ['U', 'U'],
  ])('uk_gcse_old %s → uk_gcse_new %s', (label, expected) => {
    expect(brief(convertGrade(label, 'uk_gcse_old', 'uk_gcse_new'))).toEqual({
      label: expected,
      percentage: null,
      method: 'gcse-equivalence',
    });
  });

  it('keeps the combined labels as candidates when converting to uk_gcse', () => {
    expect(convertGrade('c', 'uk_gcse_old', 'uk_gcse')).toEqual({
      ok: true,
      method: 'gcse-equivalence',
      fromLabel: 'C',
      percentage: null,
      label: '5/4',
      candidates: [
        { label: '5 (B/C)', points: 5, passed: true },
        { label: '4 (C)', points: 4, passed: true },
      ],
    });
  });

  it('agrees with both systems on pass/fail for every candidate', () => {
    for (const band of GRADING_SYSTEMS.uk_gcse_new.bands) {
      const result = convertGrade(band.label, 'uk_gcse_new', 'uk_gcse_old');
      const passedNew = band.min >= GRADING_SYSTEMS.uk_gcse_new.passThreshold;
      expect(result.ok && result.candidates.every((c) => c.passed === passedNew)).toBe(true);
    }
  });
});
