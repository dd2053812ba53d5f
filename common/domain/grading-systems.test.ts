import { describe, it, expect } from 'vitest';
import type { CustomScaleBand } from './custom-scale';
import {
  BUILT_IN_GRADING_SYSTEM_KEYS,
  NATIONAL_GRADING_SYSTEM_KEYS,
  REFERENCE_GRADING_SYSTEM_KEYS,
  CUSTOM_SCALE_DISPLAY_NAME,
  DEFAULT_GRADING_SYSTEM,
  GRADING_SYSTEMS,
  GRADING_SYSTEM_KEYS,
  cgpaFor,
  formatGradePoints,
  formatPercentage,
  gpa4For,
  gradeFor,
  gradePointsForGpa,
  gradingSystemDisplayName,
  hasOwnGpa,
  isGradingSystemKey,
  ownGpaMax,
  percentageOf,
  roundToHundredths,
  scoreColor,
  type GradingSystemKey,
  type ScoreColor,
} from './grading-systems';

// Appendix B of the grading reference (docs/grading.md "Test data"), copied verbatim (points omitted where the doc omits them). It is
// the doc's machine-readable copy of the section tables, so it checks the transcription in
// grading-systems.ts against a second source.
// prettier-ignore
const APPENDIX_B = {
  percentage: { passMin: 60, bands: [] },
  letter: { passMin: 60, bands: [
    { min: 97, label: 'A+', points: 4.0 },
    { min: 93, label: 'A', points: 4.0 },
    { min: 90, label: 'A-', points: 3.7 },
    { min: 87, label: 'B+', points: 3.3 },
    { min: 83, label: 'B', points: 3.0 },
    { min: 80, label: 'B-', points: 2.7 },
    { min: 77, label: 'C+', points: 2.3 },
    { min: 73, label: 'C', points: 2.0 },
    { min: 70, label: 'C-', points: 1.7 },
    { min: 67, label: 'D+', points: 1.3 },
    { min: 63, label: 'D', points: 1.0 },
    { min: 60, label: 'D-', points: 0.7 },
    { min: 0, label: 'F', points: 0.0 },
  ] },
  ects: { passMin: 50, bands: [
    { min: 90, label: 'A' },
    { min: 80, label: 'B' },
    { min: 70, label: 'C' },
    { min: 60, label: 'D' },
    { min: 50, label: 'E' },
    { min: 40, label: 'FX' },
    { min: 0, label: 'F' },
  ] },
  gpa: { passMin: 60, bands: [
    { min: 93, label: '4.0', points: 4.0 },
    { min: 90, label: '3.7', points: 3.7 },
    { min: 87, label: '3.3', points: 3.3 },
    { min: 83, label: '3.0', points: 3.0 },
    { min: 80, label: '2.7', points: 2.7 },
    { min: 77, label: '2.3', points: 2.3 },
    { min: 73, label: '2.0', points: 2.0 },
    { min: 70, label: '1.7', points: 1.7 },
    { min: 67, label: '1.3', points: 1.3 },
    { min: 63, label: '1.0', points: 1.0 },
    { min: 60, label: '0.7', points: 0.7 },
    { min: 0, label: '0.0', points: 0.0 },
  ] },
  uk_degree: { passMin: 40, bands: [
    { min: 70, label: 'First' },
    { min: 60, label: '2:1' },
    { min: 50, label: '2:2' },
    { min: 40, label: 'Third' },
    { min: 0, label: 'Fail' },
  ] },
  uk_alevel: { passMin: 40, bands: [
    { min: 90, label: 'A*', points: 56 },
    { min: 80, label: 'A', points: 48 },
    { min: 70, label: 'B', points: 40 },
    { min: 60, label: 'C', points: 32 },
    { min: 50, label: 'D', points: 24 },
    { min: 40, label: 'E', points: 16 },
    { min: 0, label: 'U', points: 0 },
  ] },
  uk_gcse: { passMin: 55, bands: [
    { min: 90, label: '9 (A*)', points: 9 },
    { min: 80, label: '8 (A*/A)', points: 8 },
    { min: 70, label: '7 (A)', points: 7 },
    { min: 65, label: '6 (B)', points: 6 },
    { min: 60, label: '5 (B/C)', points: 5 },
    { min: 55, label: '4 (C)', points: 4 },
    { min: 45, label: '3 (D/E)', points: 3 },
    { min: 35, label: '2 (E/F)', points: 2 },
    { min: 25, label: '1 (F/G)', points: 1 },
    { min: 0, label: 'U', points: 0 },
  ] },
  uk_gcse_old: { passMin: 60, bands: [
    { min: 90, label: 'A*', points: 8.5 },
    { min: 80, label: 'A', points: 7 },
    { min: 70, label: 'B', points: 5.5 },
    { min: 60, label: 'C', points: 4 },
    { min: 50, label: 'D', points: 3 },
    { min: 40, label: 'E', points: 2 },
    { min: 30, label: 'F', points: 1.5 },
    { min: 20, label: 'G', points: 1 },
    { min: 0, label: 'U', points: 0 },
  ] },
  uk_gcse_new: { passMin: 55, bands: [
    { min: 90, label: '9', points: 9 },
    { min: 80, label: '8', points: 8 },
    { min: 70, label: '7', points: 7 },
    { min: 65, label: '6', points: 6 },
    { min: 60, label: '5', points: 5 },
    { min: 55, label: '4', points: 4 },
    { min: 45, label: '3', points: 3 },
    { min: 35, label: '2', points: 2 },
    { min: 25, label: '1', points: 1 },
    { min: 0, label: 'U', points: 0 },
  ] },
  us_k12: { passMin: 60, bands: [
    { min: 90, label: 'A', points: 4.0 },
    { min: 80, label: 'B', points: 3.0 },
    { min: 70, label: 'C', points: 2.0 },
    { min: 60, label: 'D', points: 1.0 },
    { min: 0, label: 'F', points: 0.0 },
  ] },
  us_elementary: { passMin: 70, bands: [
    { min: 90, label: '4 – Exceeds' },
    { min: 80, label: '3 – Meets' },
    { min: 70, label: '2 – Approaching' },
    { min: 0, label: '1 – Beginning' },
  ] },
  us_ap: { passMin: 50, bands: [
    { min: 80, label: '5' },
    { min: 65, label: '4' },
    { min: 50, label: '3' },
    { min: 35, label: '2' },
    { min: 0, label: '1' },
  ] },
  us_ib: { passMin: 60, bands: [
    { min: 90, label: '7', points: 7 },
    { min: 80, label: '6', points: 6 },
    { min: 70, label: '5', points: 5 },
    { min: 60, label: '4', points: 4 },
    { min: 50, label: '3', points: 3 },
    { min: 40, label: '2', points: 2 },
    { min: 0, label: '1', points: 1 },
  ] },
  au_university: { passMin: 50, bands: [
    { min: 85, label: 'HD', points: 7 },
    { min: 75, label: 'D', points: 6 },
    { min: 65, label: 'CR', points: 5 },
    { min: 50, label: 'P', points: 4 },
    { min: 0, label: 'F', points: 0 },
  ] },
  au_secondary: { passMin: 55, bands: [
    { min: 85, label: 'A' },
    { min: 70, label: 'B' },
    { min: 55, label: 'C' },
    { min: 40, label: 'D' },
    { min: 0, label: 'E' },
  ] },
  au_vce: { passMin: 40, bands: [
    { min: 90, label: 'A+' },
    { min: 80, label: 'A' },
    { min: 75, label: 'B+' },
    { min: 70, label: 'B' },
    { min: 65, label: 'C+' },
    { min: 60, label: 'C' },
    { min: 55, label: 'D+' },
    { min: 50, label: 'D' },
    { min: 45, label: 'E+' },
    { min: 40, label: 'E' },
    { min: 0, label: 'UG' },
  ] },
  india_cbse: { passMin: 33, bands: [
    { min: 91, label: 'A1', points: 10 },
    { min: 81, label: 'A2', points: 9 },
    { min: 71, label: 'B1', points: 8 },
    { min: 61, label: 'B2', points: 7 },
    { min: 51, label: 'C1', points: 6 },
    { min: 41, label: 'C2', points: 5 },
    { min: 33, label: 'D', points: 4 },
    { min: 21, label: 'E1' },
    { min: 0, label: 'E2' },
  ] },
  india_university: { passMin: 33, bands: [
    { min: 90, label: 'O', points: 10 },
    { min: 80, label: 'A+', points: 9 },
    { min: 70, label: 'A', points: 8 },
    { min: 60, label: 'B+', points: 7 },
    { min: 50, label: 'B', points: 6 },
    { min: 40, label: 'C', points: 5 },
    { min: 33, label: 'P', points: 4 },
    { min: 0, label: 'F', points: 0 },
  ] },
  india_cgpa: { passMin: 33, bands: [] },
};

// Appendix C of the grading reference (docs/grading.md "Test data"), copied verbatim: a percentage (after rule 0.2) and the expected
// label in every built-in system, in the doc's column order.
const APPENDIX_C_SYSTEMS = [
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
// prettier-ignore
const APPENDIX_C_ROWS: readonly (readonly [number, ...string[]])[] = [
  [0, '0%', 'F', 'F', '0.0', 'Fail', 'U', 'U', 'U', 'U', 'F', '1 – Beginning', '1', '1', 'F', 'E', 'UG', 'E2', 'F', '0.00'],
  [20, '20%', 'F', 'F', '0.0', 'Fail', 'U', 'U', 'G', 'U', 'F', '1 – Beginning', '1', '1', 'F', 'E', 'UG', 'E2', 'F', '2.11'],
  [21, '21%', 'F', 'F', '0.0', 'Fail', 'U', 'U', 'G', 'U', 'F', '1 – Beginning', '1', '1', 'F', 'E', 'UG', 'E1', 'F', '2.21'],
  [24.99, '24.99%', 'F', 'F', '0.0', 'Fail', 'U', 'U', 'G', 'U', 'F', '1 – Beginning', '1', '1', 'F', 'E', 'UG', 'E1', 'F', '2.63'],
  [25, '25%', 'F', 'F', '0.0', 'Fail', 'U', '1 (F/G)', 'G', '1', 'F', '1 – Beginning', '1', '1', 'F', 'E', 'UG', 'E1', 'F', '2.63'],
  [33, '33%', 'F', 'F', '0.0', 'Fail', 'U', '1 (F/G)', 'F', '1', 'F', '1 – Beginning', '1', '1', 'F', 'E', 'UG', 'D', 'P', '3.47'],
  [35, '35%', 'F', 'F', '0.0', 'Fail', 'U', '2 (E/F)', 'F', '2', 'F', '1 – Beginning', '2', '1', 'F', 'E', 'UG', 'D', 'P', '3.68'],
  [39.99, '39.99%', 'F', 'F', '0.0', 'Fail', 'U', '2 (E/F)', 'F', '2', 'F', '1 – Beginning', '2', '1', 'F', 'E', 'UG', 'D', 'P', '4.21'],
  [40, '40%', 'F', 'FX', '0.0', 'Third', 'E', '2 (E/F)', 'E', '2', 'F', '1 – Beginning', '2', '2', 'F', 'D', 'E', 'D', 'C', '4.21'],
  [45, '45%', 'F', 'FX', '0.0', 'Third', 'E', '3 (D/E)', 'E', '3', 'F', '1 – Beginning', '2', '2', 'F', 'D', 'E+', 'C2', 'C', '4.74'],
  [50, '50%', 'F', 'E', '0.0', '2:2', 'D', '3 (D/E)', 'D', '3', 'F', '1 – Beginning', '3', '3', 'P', 'D', 'D', 'C2', 'B', '5.26'],
  [54.99, '54.99%', 'F', 'E', '0.0', '2:2', 'D', '3 (D/E)', 'D', '3', 'F', '1 – Beginning', '3', '3', 'P', 'D', 'D', 'C1', 'B', '5.79'],
  [55, '55%', 'F', 'E', '0.0', '2:2', 'D', '4 (C)', 'D', '4', 'F', '1 – Beginning', '3', '3', 'P', 'C', 'D+', 'C1', 'B', '5.79'],
  [59.99, '59.99%', 'F', 'E', '0.0', '2:2', 'D', '4 (C)', 'D', '4', 'F', '1 – Beginning', '3', '3', 'P', 'C', 'D+', 'C1', 'B', '6.31'],
  [60, '60%', 'D-', 'D', '0.7', '2:1', 'C', '5 (B/C)', 'C', '5', 'D', '1 – Beginning', '3', '4', 'P', 'C', 'C', 'C1', 'B+', '6.32'],
  [63, '63%', 'D', 'D', '1.0', '2:1', 'C', '5 (B/C)', 'C', '5', 'D', '1 – Beginning', '3', '4', 'P', 'C', 'C', 'B2', 'B+', '6.63'],
  [65, '65%', 'D', 'D', '1.0', '2:1', 'C', '6 (B)', 'C', '6', 'D', '1 – Beginning', '4', '4', 'CR', 'C', 'C+', 'B2', 'B+', '6.84'],
  [67, '67%', 'D+', 'D', '1.3', '2:1', 'C', '6 (B)', 'C', '6', 'D', '1 – Beginning', '4', '4', 'CR', 'C', 'C+', 'B2', 'B+', '7.05'],
  [69.99, '69.99%', 'D+', 'D', '1.3', '2:1', 'C', '6 (B)', 'C', '6', 'D', '1 – Beginning', '4', '4', 'CR', 'C', 'C+', 'B2', 'B+', '7.37'],
  [70, '70%', 'C-', 'C', '1.7', 'First', 'B', '7 (A)', 'B', '7', 'C', '2 – Approaching', '4', '5', 'CR', 'B', 'B', 'B2', 'A', '7.37'],
  [75, '75%', 'C', 'C', '2.0', 'First', 'B', '7 (A)', 'B', '7', 'C', '2 – Approaching', '4', '5', 'D', 'B', 'B+', 'B1', 'A', '7.89'],
  [77, '77%', 'C+', 'C', '2.3', 'First', 'B', '7 (A)', 'B', '7', 'C', '2 – Approaching', '4', '5', 'D', 'B', 'B+', 'B1', 'A', '8.11'],
  [79.99, '79.99%', 'C+', 'C', '2.3', 'First', 'B', '7 (A)', 'B', '7', 'C', '2 – Approaching', '4', '5', 'D', 'B', 'B+', 'B1', 'A', '8.42'],
  [80, '80%', 'B-', 'B', '2.7', 'First', 'A', '8 (A*/A)', 'A', '8', 'B', '3 – Meets', '5', '6', 'D', 'B', 'A', 'B1', 'A+', '8.42'],
  [83, '83%', 'B', 'B', '3.0', 'First', 'A', '8 (A*/A)', 'A', '8', 'B', '3 – Meets', '5', '6', 'D', 'B', 'A', 'A2', 'A+', '8.74'],
  [85, '85%', 'B', 'B', '3.0', 'First', 'A', '8 (A*/A)', 'A', '8', 'B', '3 – Meets', '5', '6', 'HD', 'A', 'A', 'A2', 'A+', '8.95'],
  [87, '87%', 'B+', 'B', '3.3', 'First', 'A', '8 (A*/A)', 'A', '8', 'B', '3 – Meets', '5', '6', 'HD', 'A', 'A', 'A2', 'A+', '9.16'],
  [89.99, '89.99%', 'B+', 'B', '3.3', 'First', 'A', '8 (A*/A)', 'A', '8', 'B', '3 – Meets', '5', '6', 'HD', 'A', 'A', 'A2', 'A+', '9.47'],
  [90, '90%', 'A-', 'A', '3.7', 'First', 'A*', '9 (A*)', 'A*', '9', 'A', '4 – Exceeds', '5', '7', 'HD', 'A', 'A+', 'A2', 'O', '9.47'],
  [91, '91%', 'A-', 'A', '3.7', 'First', 'A*', '9 (A*)', 'A*', '9', 'A', '4 – Exceeds', '5', '7', 'HD', 'A', 'A+', 'A1', 'O', '9.58'],
  [93, '93%', 'A', 'A', '4.0', 'First', 'A*', '9 (A*)', 'A*', '9', 'A', '4 – Exceeds', '5', '7', 'HD', 'A', 'A+', 'A1', 'O', '9.79'],
  [95, '95%', 'A', 'A', '4.0', 'First', 'A*', '9 (A*)', 'A*', '9', 'A', '4 – Exceeds', '5', '7', 'HD', 'A', 'A+', 'A1', 'O', '10.00'],
  [97, '97%', 'A+', 'A', '4.0', 'First', 'A*', '9 (A*)', 'A*', '9', 'A', '4 – Exceeds', '5', '7', 'HD', 'A', 'A+', 'A1', 'O', '10.00'],
  [100, '100%', 'A+', 'A', '4.0', 'First', 'A*', '9 (A*)', 'A*', '9', 'A', '4 – Exceeds', '5', '7', 'HD', 'A', 'A+', 'A1', 'O', '10.00'],
];

// Appendix C covers the 19 built-in systems; `custom` gets the same percentages through a sample
// scale, listed out of order on purpose (lookup must sort, rule 0.3 / §20).
const SAMPLE_CUSTOM_SCALE: readonly CustomScaleBand[] = [
  { label: 'Pass', minPercentage: 50, gradePoints: 2 },
  { label: 'Distinction', minPercentage: 85, gradePoints: 4 },
  { label: 'Fail', minPercentage: 0, gradePoints: 0 },
  { label: 'Merit', minPercentage: 70, gradePoints: 3 },
];
// prettier-ignore
const CUSTOM_EXPECTED: Readonly<Record<number, string>> = {
  0: 'Fail', 20: 'Fail', 21: 'Fail', 24.99: 'Fail', 25: 'Fail', 33: 'Fail', 35: 'Fail', 39.99: 'Fail',
  40: 'Fail', 45: 'Fail',
  50: 'Pass', 54.99: 'Pass', 55: 'Pass', 59.99: 'Pass', 60: 'Pass', 63: 'Pass', 65: 'Pass', 67: 'Pass',
  69.99: 'Pass',
  70: 'Merit', 75: 'Merit', 77: 'Merit', 79.99: 'Merit', 80: 'Merit', 83: 'Merit',
  85: 'Distinction', 87: 'Distinction', 89.99: 'Distinction', 90: 'Distinction', 91: 'Distinction',
  93: 'Distinction', 95: 'Distinction', 97: 'Distinction', 100: 'Distinction',
};

const BANDED_SYSTEMS = REFERENCE_GRADING_SYSTEM_KEYS.filter((key) => GRADING_SYSTEMS[key].labelKind === 'band');

describe('grading system keys', () => {
  it('lists the 19 keys of the doc in its order, then the national systems, then custom', () => {
    expect(REFERENCE_GRADING_SYSTEM_KEYS).toEqual(APPENDIX_C_SYSTEMS);
    expect(BUILT_IN_GRADING_SYSTEM_KEYS).toEqual([...APPENDIX_C_SYSTEMS, ...NATIONAL_GRADING_SYSTEM_KEYS]);
    expect(GRADING_SYSTEM_KEYS).toEqual([...APPENDIX_C_SYSTEMS, ...NATIONAL_GRADING_SYSTEM_KEYS, 'custom']);
    expect(new Set(GRADING_SYSTEM_KEYS).size).toBe(29);
    expect(Object.keys(GRADING_SYSTEMS)).toEqual([...BUILT_IN_GRADING_SYSTEM_KEYS]);
    expect(DEFAULT_GRADING_SYSTEM).toBe('letter');
  });

  it.each([
    ['letter', true],
    ['custom', true],
    ['india_cgpa', true],
    ['Letter', false],
    ['uk-gcse', false],
    ['', false],
    [null, false],
    [3, false],
  ] as const)('isGradingSystemKey(%j) is %s', (value, expected) => {
    expect(isGradingSystemKey(value)).toBe(expected);
  });

  it.each([
    ['percentage', 'Percentage'],
    ['letter', 'Letter Grade (A+–F)'],
    ['ects', 'ECTS (A–F)'],
    ['gpa', 'GPA (4.0 scale)'],
    ['uk_degree', 'UK Degree Classification'],
    ['uk_alevel', 'UK A-Level (A*–E)'],
    ['uk_gcse', 'UK GCSE (9–1, with letter equivalent)'],
    ['uk_gcse_old', 'UK GCSE (A*–G, legacy)'],
    ['uk_gcse_new', 'UK GCSE (9–1)'],
    ['us_k12', 'US K-12 (A–F)'],
    ['us_elementary', 'US Elementary (standards-based 4–1)'],
    ['us_ap', 'US AP Exam Score (1–5)'],
    ['us_ib', 'IB (1–7)'],
    ['au_university', 'Australian University (HD–F)'],
    ['au_secondary', 'Australian Secondary (A–E)'],
    ['au_vce', 'VCE Graded Assessment (A+–UG)'],
    ['india_cbse', 'India CBSE (A1–E2)'],
    ['india_university', 'India University (O–F, 10-point)'],
    ['india_cgpa', 'India CGPA (10-point)'],
    ['custom', CUSTOM_SCALE_DISPLAY_NAME],
  ] as const)('%s is displayed as "%s"', (key, name) => {
    expect(gradingSystemDisplayName(key)).toBe(name);
  });
});

describe('system definitions', () => {
  it.each(REFERENCE_GRADING_SYSTEM_KEYS)('%s matches Appendix B', (key) => {
    const expected = APPENDIX_B[key];
    const definition = GRADING_SYSTEMS[key];
    expect(definition.key).toBe(key);
    expect(definition.passThreshold).toBe(expected.passMin);
    expect(definition.bands.map(({ min, label, points }) => ({ min, label, points }))).toEqual(
      expected.bands.map((b) => ({
        min: b.min,
        label: b.label,
        points: 'points' in b ? b.points : null,
      })),
    );
  });

  it.each(BANDED_SYSTEMS)('%s bands run strictly downwards to 0 with unique keys', (key) => {
    const { bands } = GRADING_SYSTEMS[key];
    const mins = bands.map((b) => b.min);
    expect(mins).toEqual([...mins].sort((a, b) => b - a));
    expect(new Set(mins).size).toBe(mins.length);
    expect(mins.at(-1)).toBe(0);
    const keys = bands.map((b) => b.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const bandKey of keys) expect(bandKey).toMatch(/^[a-z0-9]+(?:_[a-z0-9]+)*$/);
  });

  it.each([
    ['letter', 'A+', 'a_plus'],
    ['letter', 'A-', 'a_minus'],
    ['gpa', '4.0', '4_0'],
    ['uk_degree', '2:1', '2_1'],
    ['uk_alevel', 'A*', 'a_star'],
    ['uk_gcse', '8 (A*/A)', '8_a_star_a'],
    ['us_elementary', '4 – Exceeds', '4_exceeds'],
    ['au_vce', 'E+', 'e_plus'],
  ] as const)('%s band %s has the stable key %s', (system, label, key) => {
    expect(GRADING_SYSTEMS[system].bands.find((b) => b.label === label)?.key).toBe(key);
  });

  it('uk_gcse uses exactly the uk_gcse_new cut-offs and points (§9)', () => {
    const strip = (key: 'uk_gcse' | 'uk_gcse_new') => GRADING_SYSTEMS[key].bands.map(({ min, points }) => ({ min, points }));
    expect(strip('uk_gcse')).toEqual(strip('uk_gcse_new'));
  });

  it('letter and gpa share the §4 points, so their GPAs agree', () => {
    for (const p of [100, 97, 93, 92.99, 90, 87, 83, 80, 77, 73, 70, 67, 63, 60, 59.99, 0]) {
      expect(gradeFor(p, 'letter').points).toBe(gradeFor(p, 'gpa').points);
    }
  });

  it.each([
    ['percentage', 'percentage', 'none', null],
    ['letter', 'band', 'gpa4', 4],
    ['ects', 'band', 'none', null],
    ['gpa', 'band', 'gpa4', 4],
    ['uk_degree', 'band', 'none', null],
    ['uk_alevel', 'band', 'tariff-sum', 56],
    ['uk_gcse', 'band', 'point-score', 9],
    ['uk_gcse_old', 'band', 'point-score', 8.5],
    ['uk_gcse_new', 'band', 'point-score', 9],
    ['us_k12', 'band', 'own-gpa', 4],
    ['us_elementary', 'band', 'none', null],
    ['us_ap', 'band', 'none', null],
    ['us_ib', 'band', 'own-gpa', 7],
    ['au_university', 'band', 'own-gpa', 7],
    ['au_secondary', 'band', 'none', null],
    ['au_vce', 'band', 'none', null],
    ['india_cbse', 'band', 'own-gpa', 10],
    ['india_university', 'band', 'own-gpa', 10],
    ['india_cgpa', 'cgpa', 'own-gpa', 10],
  ] as const)('%s: label kind %s, points %s, max %s', (key, labelKind, pointsKind, max) => {
    const definition = GRADING_SYSTEMS[key];
    expect(definition.labelKind).toBe(labelKind);
    expect(definition.pointsKind).toBe(pointsKind);
    expect(definition.pointsMax).toBe(max);
    expect(definition.bands.length === 0).toBe(labelKind !== 'band');
  });

  it('is frozen so no caller can patch a band at runtime', () => {
    expect(Object.isFrozen(GRADING_SYSTEMS)).toBe(true);
    expect(Object.isFrozen(GRADING_SYSTEMS.letter)).toBe(true);
    expect(Object.isFrozen(GRADING_SYSTEMS.letter.bands)).toBe(true);
    expect(Object.isFrozen(GRADING_SYSTEMS.letter.bands[0])).toBe(true);
  });

  it('carries the UI help texts the doc asks for', () => {
    expect(GRADING_SYSTEMS.ects.helpText).toContain('relative');
    expect(GRADING_SYSTEMS.us_ap.helpText).toBe('Estimate only — real AP cut-offs vary by subject and year.');
  });
});

describe('Appendix C test vectors', () => {
  const cases = APPENDIX_C_ROWS.flatMap(([p, ...labels]) => APPENDIX_C_SYSTEMS.map((system, index) => [p, system, labels[index]] as const));

  it('has a row for every percentage and a label for every system', () => {
    expect(APPENDIX_C_ROWS).toHaveLength(34);
    for (const row of APPENDIX_C_ROWS) expect(row).toHaveLength(20);
  });

  it.each(cases)('%s percent in %s is %s', (p, system, label) => {
    expect(gradeFor(p, system).label).toBe(label);
  });

  it.each(APPENDIX_C_ROWS.map(([p]) => p))('%s percent in the sample custom scale', (p) => {
    expect(gradeFor(p, 'custom', SAMPLE_CUSTOM_SCALE).label).toBe(CUSTOM_EXPECTED[p]);
  });
});

describe('band boundaries (rule 0.3: lower bounds inclusive, after rule 0.2 rounding)', () => {
  const boundaryCases = BANDED_SYSTEMS.flatMap((system) => {
    const { bands } = GRADING_SYSTEMS[system];
    return bands.flatMap((band, index) => {
      const below = bands[index + 1];
      return below === undefined ? [] : [[system, band.min, band.label, below.label] as const];
    });
  });

  it.each(boundaryCases)('%s: %s.00 is %s, 0.01 less is %s', (system, min, label, belowLabel) => {
    expect(gradeFor(min, system).label).toBe(label);
    expect(gradeFor(min - 0.01, system).label).toBe(belowLabel);
    // Rule 0.2 rounds before lookup: x.995 becomes the next whole number, x.9949 does not.
    expect(gradeFor(min - 0.005, system).label).toBe(label);
    expect(gradeFor(min - 0.0051, system).label).toBe(belowLabel);
  });

  it.each(BANDED_SYSTEMS)('%s: 0 and 100 are the bottom and top bands; 100+ stays on top', (system) => {
    const { bands } = GRADING_SYSTEMS[system];
    expect(gradeFor(0, system).label).toBe(bands.at(-1)?.label);
    expect(gradeFor(100, system).label).toBe(bands[0]?.label);
    expect(gradeFor(112.5, system).label).toBe(bands[0]?.label);
  });

  it('grades an exact score without float noise (rule 0.1)', () => {
    // 57/100*100 is 56.99999999999999 in floats; multiplying first keeps it a 57.
    expect(gradeFor(percentageOf(57, 100), 'uk_gcse_new').label).toBe('4');
    expect(gradeFor(percentageOf(90, 100), 'letter').label).toBe('A-');
    expect(gradeFor(percentageOf(27, 30), 'letter').label).toBe('A-');
  });
});

describe('pass thresholds (rule 0.10)', () => {
  it.each(REFERENCE_GRADING_SYSTEM_KEYS)('%s passes at its threshold and not 0.01 below', (system) => {
    const threshold = APPENDIX_B[system].passMin;
    expect(gradeFor(threshold, system).passed).toBe(true);
    expect(gradeFor(threshold - 0.01, system).passed).toBe(false);
    expect(gradeFor(100, system).passed).toBe(true);
    expect(gradeFor(0, system).passed).toBe(false);
  });

  it('custom has no pass threshold, so no pass/fail at all (§20)', () => {
    expect(gradeFor(100, 'custom', SAMPLE_CUSTOM_SCALE).passed).toBeNull();
    expect(gradeFor(0, 'custom', SAMPLE_CUSTOM_SCALE).passed).toBeNull();
  });
});

describe('gradeFor details', () => {
  it('returns the band, its index and its points', () => {
    expect(gradeFor(88, 'letter')).toEqual({
      system: 'letter',
      percentage: 88,
      label: 'B+',
      meaning: null,
      bandKey: 'b_plus',
      bandIndex: 3,
      points: 3.3,
      passed: true,
      milestones: [],
    });
  });

  it('formats the percentage system label and has no band', () => {
    expect(gradeFor(200 / 3, 'percentage')).toMatchObject({
      label: '66.67%',
      percentage: 66.67,
      bandIndex: null,
      bandKey: null,
      points: null,
      passed: true,
    });
  });

  it.each([
    [84.99, '8.95', 8.95],
    [94.99, '10.00', 10],
    [95, '10.00', 10],
    [100, '10.00', 10],
    [120, '10.00', 10],
    [0, '0.00', 0],
    [32.99, '3.47', 3.47],
  ] as const)('india_cgpa at %s percent is %s (p / 9.5, capped at 10)', (p, label, points) => {
    const grade = gradeFor(p, 'india_cgpa');
    expect(grade.label).toBe(label);
    expect(grade.points).toBe(points);
    expect(cgpaFor(p)).toBe(points);
  });

  it('india_cgpa passes on the percentage, 33% (CGPA 3.47), not on CGPA 4', () => {
    expect(gradeFor(33, 'india_cgpa')).toMatchObject({ label: '3.47', passed: true });
    expect(gradeFor(32.99, 'india_cgpa')).toMatchObject({ label: '3.47', passed: false });
  });

  it('shows the GPA band to 1 decimal with its letter as the meaning', () => {
    expect(gradeFor(91, 'gpa')).toMatchObject({ label: '3.7', meaning: 'A-', points: 3.7 });
    expect(gradeFor(10, 'gpa')).toMatchObject({ label: '0.0', meaning: 'F', points: 0 });
  });

  it('shows the combined uk_gcse label', () => {
    expect(gradeFor(70, 'uk_gcse')).toMatchObject({ label: '7 (A)', points: 7, passed: true });
  });

  it.each([
    ['uk_gcse_new', 59.99, []],
    ['uk_gcse_new', 60, ['strong_pass']],
    ['uk_gcse', 60, ['strong_pass']],
    ['us_elementary', 79.99, []],
    ['us_elementary', 80, ['meets_standard']],
    ['letter', 100, []],
  ] as const)('%s at %s percent reaches milestones %j', (system, p, milestones) => {
    expect(gradeFor(p, system).milestones).toEqual(milestones);
  });

  it('keeps CBSE E1/E2 without grade points, as the doc prints them', () => {
    expect(gradeFor(25, 'india_cbse')).toMatchObject({ label: 'E1', points: null, passed: false });
  });

  it('looks up a custom scale highest band first and returns its points and index', () => {
    expect(gradeFor(72, 'custom', SAMPLE_CUSTOM_SCALE)).toEqual({
      system: 'custom',
      percentage: 72,
      label: 'Merit',
      meaning: null,
      bandKey: null,
      bandIndex: 1,
      points: 3,
      passed: null,
      milestones: [],
    });
  });

  it('trims custom labels and reports missing points as null', () => {
    const grade = gradeFor(10, 'custom', [{ label: '  Any  ', minPercentage: 0 }]);
    expect(grade).toMatchObject({ label: 'Any', points: null });
  });

  it.each([
    [() => gradeFor(-0.01, 'letter'), RangeError],
    [() => gradeFor(Number.NaN, 'letter'), RangeError],
    [() => gradeFor(Number.POSITIVE_INFINITY, 'letter'), RangeError],
    [() => gradeFor(50, 'custom'), Error],
    [() => gradeFor(10, 'custom', [{ label: 'Pass', minPercentage: 50 }]), Error],
  ] as const)('rejects misuse (%#)', (call, error) => {
    expect(call).toThrow(error);
  });

  it('rounds a tiny negative float error to 0 instead of rejecting it', () => {
    expect(gradeFor(-0.001, 'letter').label).toBe('F');
  });
});

describe('percentageOf (rules 0.1 and 0.2)', () => {
  it.each([
    [57, 100, 57],
    [7, 8, 87.5],
    [2, 3, 66.67],
    [1, 3, 33.33],
    [0, 10, 0],
    [10, 10, 100],
    [19.99, 20, 99.95],
    [0.1, 0.3, 33.33],
    [1.005, 1, 100.5],
    [11, 10, 110],
  ] as const)('%s of %s is %s percent', (score, maxScore, expected) => {
    expect(percentageOf(score, maxScore)).toBe(expected);
  });

  it.each([
    [1, 0],
    [1, -5],
    [-1, 10],
    [Number.NaN, 10],
    [1, Number.POSITIVE_INFINITY],
  ] as const)('rejects score %s of %s', (score, maxScore) => {
    expect(() => percentageOf(score, maxScore)).toThrow(RangeError);
  });
});

describe('rounding and formatting', () => {
  it.each([
    [1.005, 1.01],
    [2.675, 2.68],
    [89.995, 90],
    [89.9949, 89.99],
    [56.99999999999999, 57],
    [-1.005, -1.01],
    [3.4567, 3.46],
    [0, 0],
  ] as const)('roundToHundredths(%s) is %s', (value, expected) => {
    expect(roundToHundredths(value)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundToHundredths(-0), 0)).toBe(true);
    expect(Object.is(roundToHundredths(-0.001), 0)).toBe(true);
  });

  it.each([
    [87.5, '87.5%'],
    [100, '100%'],
    [66.666, '66.67%'],
    [0, '0%'],
    [90.1, '90.1%'],
    [89.999, '90%'],
    [5.05, '5.05%'],
  ] as const)('formatPercentage(%s) is %s', (value, expected) => {
    expect(formatPercentage(value)).toBe(expected);
  });

  it.each([
    [3.7, 1, '3.7'],
    [4, 1, '4.0'],
    [0, 1, '0.0'],
    [3.456, 2, '3.46'],
    [1.005, 2, '1.01'],
    [8.4, 2, '8.40'],
    [2.25, 1, '2.3'],
  ] as const)('formatGradePoints(%s, %s) is %s', (value, decimals, expected) => {
    expect(formatGradePoints(value, decimals)).toBe(expected);
  });
});

describe('gpa4For (the §4 table)', () => {
  it.each([
    [100, 4.0],
    [97, 4.0],
    [93, 4.0],
    [92.99, 3.7],
    [90, 3.7],
    [89.99, 3.3],
    [87, 3.3],
    [86.99, 3.0],
    [83, 3.0],
    [82.99, 2.7],
    [80, 2.7],
    [79.99, 2.3],
    [77, 2.3],
    [76.99, 2.0],
    [73, 2.0],
    [72.99, 1.7],
    [70, 1.7],
    [69.99, 1.3],
    [67, 1.3],
    [66.99, 1.0],
    [63, 1.0],
    [62.99, 0.7],
    [60, 0.7],
    [59.99, 0],
    [0, 0],
    [92.995, 4.0],
  ] as const)('%s percent gives %s', (p, points) => {
    expect(gpa4For(p)).toBe(points);
  });

  it('rejects a negative percentage', () => {
    expect(() => gpa4For(-1)).toThrow(RangeError);
  });
});

describe('scoreColor (rule 0.9)', () => {
  it.each([
    [100, 'green'],
    [90, 'green'],
    [89.995, 'green'],
    [89.99, 'blue'],
    [80, 'blue'],
    [79.99, 'yellow'],
    [72, 'yellow'], // a UK First still shows yellow, as the spec reads
    [70, 'yellow'],
    [69.99, 'orange'],
    [60, 'orange'],
    [59.99, 'red'],
    [0, 'red'],
  ] as const satisfies readonly (readonly [number, ScoreColor])[])('%s percent is %s', (p, color) => {
    expect(scoreColor(p)).toBe(color);
  });
});

describe('own grade points (rule 0.8, Appendix A)', () => {
  const OWN_GPA: Readonly<Record<(typeof REFERENCE_GRADING_SYSTEM_KEYS)[number], boolean>> = {
    percentage: false,
    letter: false,
    ects: false,
    gpa: false,
    uk_degree: false,
    uk_alevel: false,
    uk_gcse: false,
    uk_gcse_old: false,
    uk_gcse_new: false,
    us_k12: true,
    us_elementary: false,
    us_ap: false,
    us_ib: true,
    au_university: true,
    au_secondary: false,
    au_vce: false,
    india_cbse: true,
    india_university: true,
    india_cgpa: true,
  };

  it.each(REFERENCE_GRADING_SYSTEM_KEYS)('hasOwnGpa(%s)', (system) => {
    expect(hasOwnGpa(system)).toBe(OWN_GPA[system]);
  });

  it.each([
    [SAMPLE_CUSTOM_SCALE, true, 4],
    [
      [
        { label: 'A', minPercentage: 50, gradePoints: 5 },
        { label: 'B', minPercentage: 0 },
      ],
      false,
      null,
    ],
    [undefined, false, null],
  ] as const)('custom scale %# has own GPA: %s (max %s)', (scale, own, max) => {
    expect(hasOwnGpa('custom', scale)).toBe(own);
    expect(ownGpaMax('custom', scale)).toBe(max);
  });

  it.each([
    ['india_cbse', 25, 0], // E1 has no grade point; averages count it as 0 (§17)
    ['india_cbse', 95, 10],
    ['us_k12', 81, 3],
    ['india_cgpa', 80, 8.42],
    ['us_elementary', 95, null], // level numbers are never a GPA
    ['uk_alevel', 95, null], // Tariff points are summed, never averaged
    ['letter', 95, null], // its points are the 4.0 GPA itself
  ] as const satisfies readonly (readonly [GradingSystemKey, number, number | null])[])(
    'gradePointsForGpa in %s at %s percent is %s',
    (system, p, expected) => {
      expect(gradePointsForGpa(gradeFor(p, system))).toBe(expected);
    },
  );

  it.each([
    ['us_ib', 7],
    ['india_university', 10],
    ['au_university', 7],
    ['letter', null],
    ['ects', null],
  ] as const)('ownGpaMax(%s) is %s', (system, max) => {
    expect(ownGpaMax(system)).toBe(max);
  });
});
