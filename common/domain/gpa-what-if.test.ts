import { describe, expect, it } from 'vitest';
import { gpaWhatIf, type CalculatorCourse } from './gpa-what-if';

const COURSES: CalculatorCourse[] = [
  { id: 'math', name: 'Math', credits: 3, mark: 95 },
  { id: 'art', name: 'Art', credits: 1, mark: 70 },
  { id: 'new', name: 'New', credits: 2, mark: null },
];

describe('gpaWhatIf', () => {
  it.each([
    // [edits, added, gpa4 before, gpa4 after]; before: (3 × 4.0 + 1 × 1.7) / 4 = 3.425
    [{}, [], 3.43, 3.43],
    [{ art: { mark: 93 } }, [], 3.43, 4],
    [{ art: { credits: 0 } }, [], 3.43, 4],
    [{ new: { mark: 80 } }, [], 3.43, 3.18], // (3 × 4.0 + 1 × 1.7 + 2 × 2.7) / 6 = 3.183
    [{ math: { mark: null } }, [], 3.43, 1.7],
    [{}, [{ id: 'h1', name: 'Chem', credits: 4, mark: 60 }], 3.43, 2.06], // (12 + 1.7 + 4 × 0.7) / 8 = 2.0625
  ])('edits %j, added %j: %s → %s', (edits, added, before, after) => {
    const result = gpaWhatIf(COURSES, edits, added, 'letter');
    expect(result.before.gpa4).toBe(before);
    expect(result.after.gpa4).toBe(after);
  });

  it('names marks in the user’s system and flags what changed', () => {
    const result = gpaWhatIf(COURSES, { art: { mark: 88 } }, [{ id: 'h', name: 'Chem', credits: 2, mark: 75 }], 'us_ib');
    expect(result.rows.map((row) => [row.id, row.label, row.changed, row.hypothetical])).toEqual([
      ['math', '7', false, false],
      ['art', '6', true, false],
      ['new', null, false, false],
      ['h', '5', true, true],
    ]);
    expect(result.after.ownGpaMax).toBe(7);
    expect(result.after.ownGpa).not.toBe(result.before.ownGpa);
  });

  it('leaves its inputs untouched', () => {
    const copy = structuredClone(COURSES);
    gpaWhatIf(COURSES, { math: { mark: 10 } }, [], 'letter');
    expect(COURSES).toEqual(copy);
  });

  it('a custom system without its scale names nothing and has no GPA', () => {
    const result = gpaWhatIf(COURSES, {}, [], 'custom', []);
    expect(result.after.gpa4).toBeNull();
    expect(result.rows.every((row) => row.label === null)).toBe(true);
    expect(result.after.mark).toBe(88.75);
  });

  it.each([{ art: { mark: 101 } }, { art: { mark: -1 } }, { art: { credits: -2 } }, { art: { credits: Number.NaN } }])(
    'refuses %j',
    (edits) => {
      expect(() => gpaWhatIf(COURSES, edits, [], 'letter')).toThrow(RangeError);
    },
  );
});
