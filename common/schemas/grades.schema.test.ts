import { describe, expect, it } from 'vitest';
import { assessmentCreateSchema, assessmentPatchSchema, customScaleBodySchema, gradeCreateSchema } from './grades.schema';

const valid = { name: 'Essay', type: 'assignment', maxScore: 20, weight: 25 };

describe('assessmentCreateSchema', () => {
  it.each([
    ['minimal', valid],
    ['with everything', { ...valid, courseId: null, date: '2026-02-28', feedback: 'Good', comments: null, score: 20 }],
    ['weight at the bounds', { ...valid, weight: 0 }],
    ['weight 100', { ...valid, weight: 100 }],
    ['score 0', { ...valid, score: 0 }],
  ])('accepts %s', (_name, body) => {
    expect(assessmentCreateSchema.safeParse(body).success).toBe(true);
  });

  it.each([
    ['blank name', { ...valid, name: '  ' }],
    ['unknown type', { ...valid, type: 'essay' }],
    ['maxScore 0', { ...valid, maxScore: 0 }],
    ['weight over 100', { ...valid, weight: 100.01 }],
    ['negative weight', { ...valid, weight: -0.01 }],
    ['impossible date', { ...valid, date: '2026-02-30' }],
    ['negative score', { ...valid, score: -1 }],
    ['read-only id', { ...valid, id: 'x' }],
    ['unknown field', { ...valid, grade: 3 }],
  ])('refuses %s', (_name, body) => {
    expect(assessmentCreateSchema.safeParse(body).success).toBe(false);
  });

  it('trims the name', () => {
    expect(assessmentCreateSchema.parse({ ...valid, name: '  Essay ' }).name).toBe('Essay');
  });
});

describe('assessmentPatchSchema and gradeCreateSchema', () => {
  it('takes any subset, an optional score (the one-request grade edit) and no unknown field', () => {
    expect(assessmentPatchSchema.safeParse({}).success).toBe(true);
    expect(assessmentPatchSchema.safeParse({ weight: 10 }).success).toBe(true);
    expect(assessmentPatchSchema.safeParse({ score: 1 }).success).toBe(true);
    expect(assessmentPatchSchema.safeParse({ score: -1 }).success).toBe(false);
    expect(assessmentPatchSchema.safeParse({ score: null }).success).toBe(false);
    expect(assessmentPatchSchema.safeParse({ gradeId: 'x' }).success).toBe(false);
    expect(gradeCreateSchema.safeParse({ assessmentId: 'not-a-uuid', score: 1 }).success).toBe(false);
  });
});

describe('customScaleBodySchema', () => {
  it('applies docs/grading.md §20 through validateCustomScale, with paths under bands', () => {
    expect(customScaleBodySchema.safeParse({ bands: [{ label: 'All', minPercentage: 0 }] }).success).toBe(true);
    const result = customScaleBodySchema.safeParse({
      bands: [
        { label: 'Top', minPercentage: 80 },
        { label: 'top', minPercentage: 50 },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? [];
    expect(paths.every((path) => path.startsWith('bands'))).toBe(true);
    expect(result.error?.issues.length).toBeGreaterThanOrEqual(2);
  });
});
