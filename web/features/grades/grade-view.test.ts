import { describe, expect, it } from 'vitest';
import { colorFor, nativeEntryText, neededNativeValue, readNativeWhatIf, readWhatIfScore, scored } from './grade-view';

describe('readWhatIfScore', () => {
  it.each([
    ['', 100, { kind: 'empty' }],
    ['  ', 100, { kind: 'empty' }],
    ['95', 100, { kind: 'score', score: 95 }],
    ['0', 100, { kind: 'score', score: 0 }],
    ['100', 100, { kind: 'score', score: 100 }],
    ['7.5', 10, { kind: 'score', score: 7.5 }],
    // Issue 12: the what-if took 150/100 as a 150 % mark.
    ['150', 100, { kind: 'invalid', reason: 'range' }],
    ['10.5', 10, { kind: 'invalid', reason: 'range' }],
    ['-1', 100, { kind: 'invalid', reason: 'range' }],
    ['abc', 100, { kind: 'invalid', reason: 'number' }],
    ['Infinity', 100, { kind: 'invalid', reason: 'number' }],
  ] as const)('%j out of %d → %j', (text, max, expected) => {
    expect(readWhatIfScore(text, max)).toEqual(expected);
  });
});

describe('national scales on the grades screen (decision 115)', () => {
  it.each([
    // 82.82 % is 1.58293 on the German scale: shown as 1.58 (the better side), never 1.59.
    [82.82, 'de_school', 1.58],
    [75, 'de_school', 2],
    [92.51, 'de_university', 1.29],
    // Higher-is-better scales round up: 72.51 % is 14.502/20 → 14.51.
    [72.51, 'fr_20', 14.51],
    [60, 'fr_20', 12],
    [50, 'letter', null],
  ] as const)('%s %% needed in %s reads %s', (needed, system, value) => {
    expect(neededNativeValue(needed, system)).toBe(value);
  });

  it('reaching the shown value reaches the target', () => {
    const shown = neededNativeValue(82.82, 'de_school') ?? 0;
    // A 1.58 is (6 − 1.58) · 18.75 = 82.875 % ≥ 82.82 %.
    expect((6 - shown) * 18.75).toBeGreaterThanOrEqual(82.82);
  });

  it.each([
    [81.25, 'de_school', '2+'],
    [87.5, 'de_school', '1−'],
    [80.63, 'de_school', '1.7'],
    [92.5, 'de_university', '1.3'],
    [80, 'de_oberstufe', '12'],
    [72.5, 'fr_20', '14.5'],
    [100, 'es_10', '10'],
    [95, 'letter', ''],
  ] as const)('a stored %s %% in %s opens as %j', (percentage, system, text) => {
    expect(nativeEntryText(percentage, system)).toBe(text);
  });

  it.each([
    ['', 'de_school', 100, { kind: 'empty' }],
    ['2+', 'de_school', 100, { kind: 'score', score: 81.25 }],
    ['1−', 'de_school', 20, { kind: 'score', score: 17.5 }],
    ['7', 'de_school', 100, { kind: 'invalid', reason: 'number' }],
    ['14,5', 'fr_20', 40, { kind: 'score', score: 29 }],
  ] as const)('what-if %j in %s out of %d → %j', (text, system, max, expected) => {
    expect(readNativeWhatIf(text, system, max)).toEqual(expected);
  });

  it.each([
    [75, 'de_school', 'blue'],
    [56.25, 'de_school', 'yellow'],
    [72, 'uk_degree', 'yellow'],
  ] as const)('%s %% in %s is %s', (percentage, system, color) => {
    expect(colorFor(percentage, system)).toBe(color);
    expect(scored(percentage, 100, system).color).toBe(color);
  });
});
