import { describe, expect, it } from 'vitest';
import type { NeededScore } from '../../common/domain/gpa';
import { neededNativeValue, neededScoreText } from './needed-score';

/** Echoes the key and its values, so the test reads which sentence was chosen and with what. */
const t = (key: string, options?: Record<string, unknown>) => `${key}${options ? ` ${JSON.stringify(options)}` : ''}`;

const achievable = { status: 'achievable', needed: 70.5, remainingWeight: 40 } as NeededScore;
const impossible = { status: 'impossible', needed: 120, maxFinalMark: 88 } as NeededScore;

describe('neededScoreText (Grades and Progress say the same)', () => {
  it.each([
    ['letter', achievable, 'grades:courses.needed.achievable {"needed":"70.5","weight":"40"}'],
    ['letter', impossible, 'grades:courses.needed.impossible {"needed":"120","max":"88"}'],
    ['letter', { status: 'no-target' } as NeededScore, 'grades:courses.needed.noTarget'],
    ['letter', { status: 'no-remaining-work', targetMet: true } as NeededScore, 'grades:courses.needed.met'],
    ['letter', { status: 'secured' } as NeededScore, 'grades:courses.needed.secured'],
    ['de_school', { status: 'secured' } as NeededScore, 'grades:courses.needed.securedNative'],
    ['de_school', { status: 'no-target' } as NeededScore, 'grades:courses.needed.noTarget'],
  ] as const)('%s: %j', (system, needed, expected) => {
    expect(neededScoreText(t, needed, system)).toBe(expected);
  });

  it('a German student reads a grade, rounded towards the better one, not a percentage', () => {
    const text = neededScoreText(t, achievable, 'de_school');
    expect(text.startsWith('grades:courses.needed.achievableNative')).toBe(true);
    expect(text).toContain(`"needed":"${neededNativeValue(70.5, 'de_school')!.toFixed(2)}"`);
    expect(text).toContain('"weight":"40"');
  });

  it('rounds towards the better grade: down on the German scale, up on the French one', () => {
    const german = neededNativeValue(70.5, 'de_school')!;
    const french = neededNativeValue(70.5, 'fr_20')!;
    expect(german).toBeLessThanOrEqual(6 - (5 * 70.5) / 100 + 1e-9);
    expect(french).toBeGreaterThanOrEqual((20 * 70.5) / 100 - 1e-9);
    expect(neededNativeValue(70.5, 'letter')).toBeNull();
  });
});
