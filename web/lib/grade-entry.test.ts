import { describe, expect, it } from 'vitest';
import { NATIONAL_GRADING_SYSTEM_KEYS, nativeScaleOf, parseNativeGrade, type GradingSystemKey } from '../../common/domain/grading-systems';
import { NATIVE_GRADE_EXAMPLES, markEntryText, nativeMarkParts, nativeMarkText, readMarkEntry } from './grade-entry';

describe('readMarkEntry: a mark typed in the student’s own system', () => {
  it.each([
    ['2+', 'de_school', 81.25],
    ['2', 'de_school', 75],
    ['1−', 'de_school', 87.5],
    ['1-', 'de_school', 87.5],
    ['1,7', 'de_school', 80.63],
    ['6', 'de_school', 0],
    ['1,3', 'de_university', 92.5],
    ['12', 'de_oberstufe', 80],
    ['14,5', 'fr_20', 72.5],
    ['14,5/20', 'fr_20', 72.5],
    ['7,5', 'es_10', 75],
    ['4', 'jp_school', 75],
    ['85', 'letter', 85],
    ['85,5', 'percentage', 85.5],
    ['0', 'ects', 0],
    ['100', 'ects', 100],
  ] as const)('%j in %s is %s %%', (text, system, percentage) => {
    expect(readMarkEntry(text, system)).toBe(percentage);
  });

  it.each([
    ['7', 'de_school'],
    ['0,5', 'de_school'],
    ['85', 'de_school'],
    ['21', 'fr_20'],
    ['2+', 'letter'],
    ['150', 'letter'],
    ['-1', 'percentage'],
    ['', 'de_school'],
    ['   ', 'letter'],
  ] as const)('%j in %s is no mark', (text, system) => {
    expect(readMarkEntry(text, system)).toBeNull();
  });

  it('reads each example shown next to a grade field as a grade of its system', () => {
    const examples = Object.entries(NATIVE_GRADE_EXAMPLES);
    expect(examples.length).toBeGreaterThan(5);
    for (const [system, example] of examples) expect(readMarkEntry(example, system as GradingSystemKey), system).not.toBeNull();
  });
});

describe('markEntryText: what a mark field shows for a stored percentage', () => {
  it.each([
    [81.25, 'de_school', '2+'],
    [75, 'de_school', '2'],
    [80.63, 'de_school', '1.7'],
    [72.5, 'fr_20', '14.5'],
    [85, 'letter', '85'],
    [null, 'de_school', ''],
  ] as const)('%s %% in %s reads %j', (percentage, system, text) => {
    expect(markEntryText(percentage, system)).toBe(text);
  });

  it('round-trips every named grade of every national scale', () => {
    for (const system of NATIONAL_GRADING_SYSTEM_KEYS) {
      for (const entry of nativeScaleOf(system)?.entries ?? []) {
        const percentage = parseNativeGrade(entry.label, system);
        expect(percentage, `${system} ${entry.label}`).not.toBeNull();
        expect(readMarkEntry(markEntryText(percentage, system), system), `${system} ${entry.label}`).toBe(percentage);
      }
    }
  });
});

describe('nativeMarkText and nativeMarkParts: a percentage shown as a grade', () => {
  it.each([
    [75, 'de_school', 'de', '2'],
    [81.25, 'de_school', 'de', '2+'],
    [68.5, 'de_school', 'de', '2,35'],
    [68.5, 'de_school', 'en', '2.35'],
    [72.5, 'fr_20', 'fr', '14,5/20'],
    [85, 'letter', 'en', null],
    [85, 'custom', 'en', null],
  ] as const)('%s %% in %s (%s) shows %j', (percentage, system, language, text) => {
    expect(nativeMarkText(percentage, system, language)).toBe(text);
  });

  it('gives a course mark as Grades shows it: the value to 2 decimals and its band', () => {
    expect(nativeMarkParts(69.75, 'de_school', 'de')).toEqual({ value: '2,28', label: '2−' });
    expect(nativeMarkParts(85, 'letter', 'en')).toBeNull();
  });

  it('writes every decimal of the band or meaning in the language, as Grades and Progress both show it', () => {
    // German university bands are decimals; a Chinese percentage's meaning names its GPA ("GPA 4.0").
    expect(nativeMarkParts(95, 'de_university', 'de')).toEqual({ value: '1,20', label: '1,3' });
    expect(nativeMarkParts(95, 'cn_percentage', 'de')).toEqual({ value: '95,00', label: 'GPA 4,0' });
    expect(nativeMarkParts(95, 'cn_percentage', 'en')).toEqual({ value: '95.00', label: 'GPA 4.0' });
    expect(nativeMarkParts(70, 'fr_20', 'fr')).toEqual({ value: '14,00/20', label: 'Bien' });
  });
});
