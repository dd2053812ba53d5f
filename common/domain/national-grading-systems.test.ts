/**
 * The national systems of issue 23 (docs/decisions/115–119), tested like docs/grading.md's
 * Appendix C: one row per percentage with the expected label in every national system, then band
 * edges, pass/fail, values, grade points and GPA, entry parsing, colours and the language defaults.
 * Expected values are worked out by hand from the decisions' tables, not read back from the code.
 */
import { describe, it, expect } from 'vitest';
import { emptyRewardFacts, evaluateAchievements } from './achievements';
import { weightedGpa, courseMark, neededScore } from './gpa';
import {
  BUILT_IN_GRADING_SYSTEM_KEYS,
  GRADING_SYSTEMS,
  GRADING_SYSTEM_GROUPS,
  GRADING_SYSTEM_KEYS,
  NATIONAL_GRADING_SYSTEM_KEYS,
  defaultGradingSystemForLanguage,
  gradeChartAxis,
  gradeFor,
  hasOwnGpa,
  isLowerBetter,
  nativeValueFor,
  parseNativeGrade,
  percentageForNativeValue,
  scoreColorIn,
  type GradingSystemKey,
  type ScoreColor,
} from './grading-systems';

const SYSTEMS = [
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

// prettier-ignore
const VECTORS: readonly (readonly [number, ...string[]])[] = [
  //  p      de_school de_oberstufe de_university fr_20      es_10   cn_percentage cn_five_level jp_university jp_school
  [0,       '6',      '0',  '5.0', '0/20',     '0',    '0',     '不及格', '不可 (F)', '1'],
  [6.25,    '6',      '1',  '5.0', '1.25/20',  '0.63', '6.25',  '不及格', '不可 (F)', '1'],
  [12.5,    '5−',     '2',  '5.0', '2.5/20',   '1.25', '12.5',  '不及格', '不可 (F)', '2'],
  [24.99,   '5+',     '4',  '4.0', '5/20',     '2.5',  '24.99', '不及格', '不可 (F)', '2'],
  [28.12,   '4−',     '4',  '4.0', '5.62/20',  '2.81', '28.12', '不及格', '不可 (F)', '2'],
  [29.99,   '4−',     '5',  '3.7', '6/20',     '3',    '29.99', '不及格', '不可 (F)', '2'],
  [50,      '3−',     '8',  '3.0', '10/20',    '5',    '50',    '不及格', '不可 (F)', '3'],
  [56.25,   '3',      '8',  '2.7', '11.25/20', '5.63', '56.25', '不及格', '不可 (F)', '3'],
  [60,      '3+',     '9',  '2.7', '12/20',    '6',    '60',    '及格',   '可 (C)',   '3'],
  [62.5,    '3+',     '9',  '2.3', '12.5/20',  '6.25', '62.5',  '及格',   '可 (C)',   '4'],
  [75,      '2',      '11', '2.0', '15/20',    '7.5',  '75',    '中',     '良 (B)',   '4'],
  [81.25,   '2+',     '12', '1.7', '16.25/20', '8.13', '81.25', '良',     '優 (A)',   '4'],
  [87.5,    '1−',     '13', '1.3', '17.5/20',  '8.75', '87.5',  '良',     '優 (A)',   '5'],
  [90,      '1−',     '14', '1.3', '18/20',    '9',    '90',    '优',     '秀 (S)',   '5'],
  [93.75,   '1',      '14', '1.3', '18.75/20', '9.38', '93.75', '优',     '秀 (S)',   '5'],
  [96.75,   '1',      '15', '1.0', '19.35/20', '9.68', '96.75', '优',     '秀 (S)',   '5'],
  [96.88,   '1+',     '15', '1.0', '19.38/20', '9.69', '96.88', '优',     '秀 (S)',   '5'],
  [100,     '1+',     '15', '1.0', '20/20',    '10',   '100',   '优',     '秀 (S)',   '5'],
];

describe('national system keys', () => {
  it('adds the nine national systems after the 19 of docs/grading.md and before custom', () => {
    expect(NATIONAL_GRADING_SYSTEM_KEYS).toEqual(SYSTEMS);
    expect(BUILT_IN_GRADING_SYSTEM_KEYS.slice(19)).toEqual(SYSTEMS);
    expect(GRADING_SYSTEM_KEYS.at(-1)).toBe('custom');
  });

  it('groups every key of the settings list by country exactly once', () => {
    const grouped = GRADING_SYSTEM_GROUPS.flatMap((group) => group.keys);
    expect([...grouped].sort()).toEqual([...GRADING_SYSTEM_KEYS].sort());
    expect(GRADING_SYSTEM_GROUPS.find((group) => group.id === 'de')?.keys).toEqual(['de_school', 'de_oberstufe', 'de_university']);
    expect(GRADING_SYSTEM_GROUPS.find((group) => group.id === 'jp')?.keys).toEqual(['jp_university', 'jp_school']);
  });

  it('has unique band keys and every band list ends at 0', () => {
    for (const key of SYSTEMS) {
      const { bands } = GRADING_SYSTEMS[key];
      expect(new Set(bands.map((b) => b.key)).size).toBe(bands.length);
      expect(bands.at(-1)?.min).toBe(0);
      for (let i = 1; i < bands.length; i += 1) expect(bands[i - 1]!.min).toBeGreaterThan(bands[i]!.min);
    }
  });
});

describe('national test vectors (Appendix C style)', () => {
  const cases = VECTORS.flatMap(([p, ...labels]) => SYSTEMS.map((system, index) => [p, system, labels[index]] as const));
  it('has a label for every system in every row', () => {
    for (const row of VECTORS) expect(row).toHaveLength(SYSTEMS.length + 1);
  });
  it.each(cases)('%s percent in %s is %s', (p, system, label) => {
    expect(gradeFor(p, system).label).toBe(label);
  });
});

describe('band edges on the German school scale (nearest third, a tie to the better grade)', () => {
  it.each([
    // value shown → label: the label follows the 2-decimal value beside it
    [0.83, '1+'],
    [0.84, '1'],
    [1.16, '1'],
    [1.17, '1−'],
    [1.5, '1−'], // halfway between 1− (1.33) and 2+ (1.67): the better grade
    [1.51, '2+'],
    [2.5, '2−'],
    [4.5, '4−'],
    [4.51, '5+'],
    [5.66, '5−'],
    [5.67, '6'],
  ] as const)('a %s is %s', (value, label) => {
    const p = percentageForNativeValue(value, 'de_school');
    expect(p).not.toBeNull();
    expect(gradeFor(p ?? 0, 'de_school')).toMatchObject({ label, value });
  });
});

describe('band edges of the other scales', () => {
  it.each([
    ['de_university', 1.15, '1.0'],
    ['de_university', 1.16, '1.3'],
    ['de_university', 1.5, '1.3'],
    ['de_university', 1.51, '1.7'],
    ['de_university', 3.85, '3.7'],
    ['de_university', 3.86, '4.0'],
    ['de_university', 4, '4.0'],
    ['de_university', 4.01, '5.0'], // worse than 4.0 fails: no rounding back to 4.0
    ['de_oberstufe', 4.49, '4'],
    ['de_oberstufe', 4.5, '5'],
    ['de_oberstufe', 14.5, '15'],
    ['jp_school', 4.49, '4'],
    ['jp_school', 4.5, '5'],
    ['jp_school', 1.49, '1'],
    ['jp_school', 1.5, '2'],
  ] as const)('%s %s is %s', (system, value, label) => {
    expect(gradeFor(percentageForNativeValue(value, system) ?? -1, system).label).toBe(label);
  });

  it.each([
    ['fr_20', 15.99, 'Bien'],
    ['fr_20', 16, 'Très bien'],
    ['fr_20', 13.99, 'Assez bien'],
    ['fr_20', 14, 'Bien'],
    ['fr_20', 11.99, 'Admis'],
    ['fr_20', 12, 'Assez bien'],
    ['fr_20', 9.99, 'Insuffisant'],
    ['fr_20', 10, 'Admis'],
    ['es_10', 4.99, 'Suspenso'],
    ['es_10', 5, 'Aprobado'],
    ['es_10', 6.99, 'Aprobado'],
    ['es_10', 7, 'Notable'],
    ['es_10', 8.99, 'Notable'],
    ['es_10', 9, 'Sobresaliente'],
    ['cn_percentage', 84.99, 'GPA 3.3'],
    ['cn_percentage', 85, 'GPA 3.7'],
    ['cn_percentage', 63.99, 'GPA 1.0'],
    ['cn_percentage', 64, 'GPA 1.5'],
  ] as const)('%s %s has the band %s (floors, no rounding up)', (system, value, meaning) => {
    expect(gradeFor(percentageForNativeValue(value, system) ?? -1, system).meaning).toBe(meaning);
  });

  it('shows a value graded as shown: 9.998/20 reads 10/20 and passes', () => {
    expect(gradeFor(49.99, 'fr_20')).toMatchObject({ label: '10/20', passed: true, value: 10 });
    expect(gradeFor(49.97, 'fr_20')).toMatchObject({ label: '9.99/20', passed: false, value: 9.99 });
  });
});

describe('pass marks', () => {
  it.each([
    ['de_school', '4−', true],
    ['de_school', '4', true],
    ['de_school', '5+', false],
    ['de_school', '6', false],
    ['de_oberstufe', '5', true],
    ['de_oberstufe', '4', false],
    ['de_university', '4.0', true],
    ['de_university', '4,3', false],
    ['de_university', '5.0', false],
    ['fr_20', '10', true],
    ['fr_20', '9.99', false],
    ['es_10', '5', true],
    ['es_10', '4.99', false],
    ['cn_percentage', '60', true],
    ['cn_percentage', '59.99', false],
    ['jp_school', '2', true],
    ['jp_school', '1', false],
  ] as const)('%s %s passes: %s', (system, entry, passed) => {
    const p = parseNativeGrade(entry, system);
    expect(p).not.toBeNull();
    expect(gradeFor(p ?? 0, system).passed).toBe(passed);
  });

  it.each([
    ['cn_five_level', 60, true],
    ['cn_five_level', 59.99, false],
    ['jp_university', 60, true],
    ['jp_university', 59.99, false],
  ] as const)('%s at %s percent passes: %s', (system, p, passed) => {
    expect(gradeFor(p, system).passed).toBe(passed);
  });
});

describe('values and own grade points', () => {
  it.each([
    ['de_school', 81.25, 1.67, 1.67],
    ['de_school', 100, 0.67, 0.67],
    ['de_school', 0, 6, 6],
    ['de_oberstufe', 80, 12, 12],
    ['de_university', 92.5, 1.3, 1.3],
    ['fr_20', 72.5, 14.5, 14.5],
    ['es_10', 85, 8.5, 8.5],
    ['cn_percentage', 86, 86, 3.7], // its own GPA is the 4.0 table, not the mark
    ['jp_school', 75, 4, 4],
  ] as const)('%s at %s percent has the value %s and the points %s', (system, p, value, points) => {
    expect(gradeFor(p, system)).toMatchObject({ value, points });
    expect(nativeValueFor(p, system)).toBe(value);
  });

  it.each([
    ['jp_university', 95, 4],
    ['jp_university', 85, 3],
    ['jp_university', 75, 2],
    ['jp_university', 65, 1],
    ['jp_university', 59, 0],
    ['cn_five_level', 95, 4],
    ['cn_five_level', 65, 1],
    ['cn_five_level', 10, 0],
  ] as const)('%s at %s percent has %s grade points', (system, p, points) => {
    expect(gradeFor(p, system).points).toBe(points);
  });

  it('every national system has its own average next to the 4.0 GPA', () => {
    for (const system of SYSTEMS) expect(hasOwnGpa(system)).toBe(true);
  });

  it('only the German scales run the wrong way round', () => {
    // Oberstufe points run the usual way (15 is best); school and university grades do not.
    expect(SYSTEMS.filter((system) => isLowerBetter(system))).toEqual(['de_school', 'de_university']);
    expect(isLowerBetter('letter')).toBe(false);
    expect(isLowerBetter('custom')).toBe(false);
  });
});

describe('own GPA of the national systems (rule 0.6, credit-weighted, 2 decimals)', () => {
  it.each<[GradingSystemKey, number[], (number | null)[], number]>([
    ['de_school', [81.25, 87.5, 56.25], [1, 1, 1], 2], // 2+, 1−, 3
    ['de_university', [92.5, 75], [5, 10], 1.77], // (1.3·5 + 2.0·10) / 15
    ['de_oberstufe', [80, 86.67, 53.33], [null, null, null], 11], // 12, 13, 8 points
    ['fr_20', [75, 60], [3, 1], 14.25],
    ['es_10', [85, 95], [1, 1], 9],
    ['cn_percentage', [95, 86, 61], [1, 1, 1], 2.9], // 4.0, 3.7, 1.0
    ['cn_five_level', [90, 80, 59], [1, 1, 1], 2.33],
    ['jp_university', [92, 85, 65, 40], [2, 2, 1, 1], 2.5],
    ['jp_school', [100, 75], [1, 1], 4.5],
  ])('%s: marks %j, credits %j → %s', (system, marks, credits, expected) => {
    const summary = weightedGpa(
      marks.map((mark, i) => ({ mark, credits: credits[i] })),
      system,
    );
    expect(summary.ownGpa).toBe(expected);
  });

  it('a German average of 2+, 1− and 3 (equal weights) is a 2.0, and reading it as a course mark agrees', () => {
    const assessments = ['2+', '1−', '3'].map((entry) => ({ weight: 20, maxScore: 100, score: parseNativeGrade(entry, 'de_school') }));
    const mark = courseMark(assessments);
    expect(mark).toBe(75);
    expect(gradeFor(mark ?? 0, 'de_school')).toMatchObject({ label: '2', value: 2, passed: true });
  });

  it('what a German student needs for a 2.0: weights 20/10/30 leave 40 % to come', () => {
    const assessments = [
      { weight: 20, maxScore: 100, score: parseNativeGrade('2+', 'de_school') },
      { weight: 10, maxScore: 100, score: parseNativeGrade('1−', 'de_school') },
      { weight: 30, maxScore: 100, score: parseNativeGrade('3', 'de_school') },
    ];
    // (1.67·20 + 1.33·10 + 3·30) / 60 = 2.28 (grade 2−); a 2.0 is 75 %.
    const mark = courseMark(assessments) ?? 0;
    expect(gradeFor(mark, 'de_school')).toMatchObject({ value: 2.28, label: '2−' });
    const needed = neededScore(assessments, percentageForNativeValue(2, 'de_school'));
    expect(needed).toMatchObject({ status: 'achievable', needed: 82.82, remainingWeight: 40 });
    // 82.82 % is a German 1.58 on the rest: (2.28·60 + 1.58·40) / 100 ≈ 2.0.
    expect(nativeValueFor(82.82, 'de_school')).toBe(1.58);
  });
});

describe('parseNativeGrade', () => {
  it.each<[string, GradingSystemKey, number | null]>([
    ['2+', 'de_school', 81.25],
    ['1−', 'de_school', 87.5],
    ['1-', 'de_school', 87.5],
    ['1–', 'de_school', 87.5],
    [' 3 ', 'de_school', 56.25],
    ['1,7', 'de_school', 80.63],
    ['0.5', 'de_school', null],
    ['7', 'de_school', null],
    ['', 'de_school', null],
    ['gut', 'de_school', null],
    ['15', 'de_oberstufe', 100],
    ['16', 'de_oberstufe', null],
    ['1.3', 'de_university', 92.5],
    ['5,0', 'de_university', 0],
    ['0.9', 'de_university', null],
    ['14,5', 'fr_20', 72.5],
    ['14.5/20', 'fr_20', 72.5],
    ['21', 'fr_20', null],
    ['MH', 'es_10', 100],
    ['mh', 'es_10', 100],
    ['10.5', 'es_10', null],
    ['87.5', 'cn_percentage', 87.5],
    ['4', 'jp_school', 75],
    ['S', 'jp_university', null], // a band system: no number scale to type into
    ['B+', 'letter', null],
  ])('%j in %s → %s', (text, system, expected) => {
    expect(parseNativeGrade(text, system)).toBe(expected);
  });
});

describe('colours of the national scales (decision 115)', () => {
  it.each<[GradingSystemKey, string, ScoreColor]>([
    ['de_school', '1', 'green'],
    ['de_school', '1−', 'green'],
    ['de_school', '2+', 'blue'],
    ['de_school', '2', 'blue'],
    ['de_school', '3', 'yellow'],
    ['de_school', '4', 'orange'],
    ['de_school', '4−', 'orange'],
    ['de_school', '5+', 'red'],
    ['de_university', '1.3', 'green'],
    ['de_university', '1.7', 'blue'],
    ['de_university', '4.0', 'orange'],
    ['de_university', '5.0', 'red'],
    ['de_oberstufe', '13', 'green'],
    ['de_oberstufe', '10', 'blue'],
    ['de_oberstufe', '5', 'orange'],
    ['de_oberstufe', '4', 'red'],
    ['fr_20', '16', 'green'],
    ['fr_20', '14', 'blue'],
    ['fr_20', '12', 'yellow'],
    ['fr_20', '10', 'orange'],
    ['fr_20', '9.99', 'red'],
    ['es_10', '9', 'green'],
    ['es_10', '7', 'blue'],
    ['es_10', '6', 'yellow'],
    ['es_10', '5', 'orange'],
    ['jp_school', '5', 'green'],
    ['jp_school', '2', 'orange'],
    ['jp_school', '1', 'red'],
  ])('%s %s is %s', (system, entry, color) => {
    expect(scoreColorIn(parseNativeGrade(entry, system) ?? -1, system)).toBe(color);
  });

  it('keeps rule 0.9 for the reference systems: a UK First at 72% is yellow', () => {
    expect(scoreColorIn(72, 'uk_degree')).toBe('yellow');
    expect(scoreColorIn(95, 'jp_university')).toBe('green');
  });
});

describe('defaultGradingSystemForLanguage (sign-up)', () => {
  it.each([
    ['de', 'de_school'],
    ['de-AT', 'de_school'],
    ['DE', 'de_school'],
    ['fr-CA', 'fr_20'],
    ['es', 'es_10'],
    ['zh-CN', 'cn_percentage'],
    ['ja', 'jp_school'],
    ['en', 'letter'],
    ['pt-BR', 'letter'],
    ['', 'letter'],
    [null, 'letter'],
    [undefined, 'letter'],
  ] as const)('%j → %s', (language, system) => {
    expect(defaultGradingSystemForLanguage(language)).toBe(system);
  });
});

describe('rewards read the percentage, so a lower-is-better scale earns them the right way round', () => {
  const month = (entries: readonly string[], system: GradingSystemKey) =>
    courseMark(entries.map((entry) => ({ weight: 1, maxScore: 100, score: parseNativeGrade(entry, system) })));
  const honorRoll = (average: number | null) =>
    evaluateAchievements({ ...emptyRewardFacts('UTC'), monthlyWeightedAverages: average === null ? [] : [average] }, '2026-03-20').find(
      (a) => a.id === 'honor_roll',
    )?.met;

  it.each<[GradingSystemKey, string[], boolean]>([
    ['de_school', ['1', '1+', '1−'], true], // German 1.0 average: 93.75 %
    ['de_school', ['1−', '2+'], false], // 1.5: 84.38 %, not over 85 %
    ['de_school', ['3', '4', '2'], false],
    ['de_university', ['1.0', '1.3'], true], // 1.15: 96.25 %
    ['de_university', ['2.0', '2.3'], false],
    ['fr_20', ['18', '17.5'], true],
    ['jp_school', ['5', '4'], true], // 4.5: (100 + 75) / 2 = 87.5 %
    ['jp_school', ['4', '4'], false], // 75 %
  ])('%s grades %j: Honor Roll %s', (system, entries, expected) => {
    expect(honorRoll(month(entries, system))).toBe(expected);
  });
});

describe('gradeChartAxis', () => {
  it.each<[GradingSystemKey, ReturnType<typeof gradeChartAxis>]>([
    ['letter', { kind: 'percentage', min: 0, max: 100 }],
    ['jp_university', { kind: 'percentage', min: 0, max: 100 }],
    ['custom', { kind: 'percentage', min: 0, max: 100 }],
    ['de_school', { kind: 'native', min: 2 / 3, max: 6, reversed: true }],
    ['de_university', { kind: 'native', min: 1, max: 5, reversed: true }],
    ['de_oberstufe', { kind: 'native', min: 0, max: 15, reversed: false }],
    ['fr_20', { kind: 'native', min: 0, max: 20, reversed: false }],
    ['jp_school', { kind: 'native', min: 1, max: 5, reversed: false }],
  ])('%s', (system, axis) => {
    expect(gradeChartAxis(system)).toEqual(axis);
  });

  it('puts the better of two German marks higher on the reversed axis', () => {
    const better = nativeValueFor(87.5, 'de_school') ?? 0; // 1−
    const worse = nativeValueFor(56.25, 'de_school') ?? 0; // 3
    expect(better).toBeLessThan(worse); // smaller number, drawn higher because the axis is reversed
  });
});
