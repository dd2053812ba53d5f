import { describe, it, expect } from 'vitest';
import type { CustomScaleBand } from './custom-scale';
import {
  courseGrade,
  courseMark,
  creditWeightedMark,
  gradePointsTotal,
  neededScore,
  remainingWeight,
  unassignedWeight,
  weightedGpa,
  whatIf,
  type AssessmentScore,
  type CourseForGpa,
  type NeededScore,
  type WhatIfCourse,
} from './gpa';
import type { GradingSystemKey } from './grading-systems';

/** An assessment scored out of 100, so the score is the percentage. */
const pct = (percentage: number, weight: number): AssessmentScore => ({
  weight,
  maxScore: 100,
  score: percentage,
});
const ungraded = (weight: number): AssessmentScore => ({ weight, maxScore: 100, score: null });

const SAMPLE_CUSTOM_SCALE: readonly CustomScaleBand[] = [
  { label: 'Distinction', minPercentage: 85, gradePoints: 4 },
  { label: 'Merit', minPercentage: 70, gradePoints: 3 },
  { label: 'Pass', minPercentage: 50, gradePoints: 2 },
  { label: 'Fail', minPercentage: 0, gradePoints: 0 },
];

describe('courseMark (rule 0.4)', () => {
  it.each<[string, AssessmentScore[], number | null]>([
    ['no assessments', [], null],
    ['nothing graded', [ungraded(50), { weight: 50, maxScore: 10 }], null],
    ['one assessment', [{ weight: 20, maxScore: 50, score: 45 }], 90],
    ['a weighted average', [pct(90, 30), pct(70, 70)], 76],
    ['weights not adding to 100 are normalised', [pct(80, 10), pct(60, 10)], 70],
    ['only graded weight counts', [pct(80, 30), ungraded(70)], 80],
    ['all weights 0 → plain mean', [pct(80, 0), pct(61, 0)], 70.5],
    ['a 0 weight next to weighted work counts for nothing', [pct(100, 0), pct(50, 50)], 50],
    ['a score of 0 is graded', [pct(0, 50), ungraded(50)], 0],
    ['mark rounded to 2 decimals', [{ weight: 1, maxScore: 3, score: 2 }, pct(100, 2)], 88.89],
    // Each percentage is rounded first (66.67, rule 0.2), then the mark: 33.335 → 33.34, where the
    // unrounded 66.666…/2 would give 33.33.
    ['uses the rounded percentages', [{ weight: 1, maxScore: 3, score: 2 }, pct(0, 1)], 33.34],
    ['multiplies before dividing (rule 0.1)', [{ weight: 1, maxScore: 100, score: 57 }], 57],
    ['extra credit above maxScore is kept', [{ weight: 1, maxScore: 10, score: 11 }], 110],
  ])('%s', (_name, assessments, expected) => {
    expect(courseMark(assessments)).toBe(expected);
  });

  it.each<[string, AssessmentScore[]]>([
    ['a negative weight', [pct(50, -1)]],
    ['a NaN weight', [pct(50, Number.NaN)]],
    ['a maxScore of 0', [{ weight: 1, maxScore: 0, score: 0 }]],
    ['a negative score', [{ weight: 1, maxScore: 10, score: -1 }]],
  ])('rejects %s', (_name, assessments) => {
    expect(() => courseMark(assessments)).toThrow(RangeError);
  });
});

describe('courseGrade (rule 0.5)', () => {
  it('grades the current mark, not the average of per-assessment grades', () => {
    // 95 (A, 4.0) and 50 (F, 0.0): averaging points would say 2.0 (C); the mark 72.5 is a C-.
    expect(courseGrade([pct(95, 50), pct(50, 50)], 'letter')).toMatchObject({
      label: 'C-',
      percentage: 72.5,
      points: 1.7,
    });
  });

  it.each<[GradingSystemKey, string]>([
    ['letter', 'C'],
    ['uk_degree', 'First'],
    ['percentage', '76%'],
    ['india_cgpa', '8.00'],
  ])('in %s the 76%% mark is %s', (system, label) => {
    expect(courseGrade([pct(90, 30), pct(70, 70)], system)?.label).toBe(label);
  });

  it('uses the custom scale', () => {
    expect(courseGrade([pct(72, 1)], 'custom', SAMPLE_CUSTOM_SCALE)?.label).toBe('Merit');
  });

  it('is null when nothing is graded', () => {
    expect(courseGrade([ungraded(100)], 'letter')).toBeNull();
  });
});

describe('remainingWeight', () => {
  it.each<[AssessmentScore[], number]>([
    [[pct(80, 30), ungraded(50), ungraded(20)], 70],
    [[pct(80, 30), pct(90, 70)], 0],
    // Weight not given to any assessment is still to come (decision 075): 35 % graded leaves 65 %.
    [[pct(90, 35)], 65],
    [[pct(90, 35), ungraded(0)], 65],
    [[ungraded(0), ungraded(0)], 100],
    [[], 100],
    // Weights adding to more than 100 count out of their sum.
    [[pct(80, 60), ungraded(60)], 60],
    [[pct(80, 100), pct(80, 20)], 0],
    [[pct(1, 0.1), pct(1, 0.2)], 99.7],
  ])('%# → %s', (assessments, expected) => {
    expect(remainingWeight(assessments)).toBe(expected);
  });
});

describe('unassignedWeight', () => {
  it.each<[AssessmentScore[], number]>([
    [[pct(90, 35)], 65],
    [[pct(80, 30), ungraded(70)], 0],
    [[pct(80, 60), ungraded(60)], 0],
    [[pct(1, 0.1), ungraded(0.2)], 99.7],
    [[], 100],
  ])('%# → %s', (assessments, expected) => {
    expect(unassignedWeight(assessments)).toBe(expected);
  });
});

describe('weightedGpa (rules 0.6–0.8)', () => {
  // Columns: name, courses, system, gpa4, ownGpa, countedCourses, totalCredits.
  // prettier-ignore
  it.each<[string, CourseForGpa[], GradingSystemKey, number | null, number | null, number, number]>([
    ['credit-weighted 4.0 GPA', [{ mark: 95, credits: 3 }, { mark: 85, credits: 4 }], 'letter', 3.43, null, 2, 7],
    ['2 decimals', [{ mark: 93, credits: 1 }, { mark: 90, credits: 1 }, { mark: 87, credits: 1 }], 'letter', 3.67, null, 3, 3],
    ['missing credits count as 1 (rule 0.7)', [{ mark: 95, credits: null }, { mark: 80 }], 'letter', 3.35, null, 2, 2],
    ['0 credits drop out', [{ mark: 95, credits: 0 }, { mark: 80, credits: 3 }], 'letter', 2.7, null, 1, 3],
    ['ungraded courses drop out', [{ mark: null, credits: 3 }, { mark: 80, credits: 3 }], 'letter', 2.7, null, 1, 3],
    ['nothing graded', [{ mark: null, credits: 3 }], 'us_k12', null, null, 0, 0],
    ['only 0-credit courses', [{ mark: 90, credits: 0 }], 'letter', null, null, 0, 0],
    ['no courses', [], 'letter', null, null, 0, 0],
    // §10: 81% is B (3.0) in us_k12 but B- (2.7) on the 4.0 table; 91% is A (4.0) vs A- (3.7).
    ['us_k12 own GPA next to the 4.0 GPA', [{ mark: 81, credits: 1 }, { mark: 91, credits: 1 }], 'us_k12', 3.2, 3.5, 2, 2],
    ['au_university 7-point GPA', [{ mark: 90, credits: 6 }, { mark: 70, credits: 6 }, { mark: 55, credits: 12 }], 'au_university', 1.35, 5, 3, 24],
    ['india_cbse counts E1/E2 as 0', [{ mark: 95, credits: 1 }, { mark: 25, credits: 1 }], 'india_cbse', 2, 5, 2, 2],
    ['india_university 10-point GPA', [{ mark: 85, credits: 4 }, { mark: 35, credits: 2 }], 'india_university', 2, 7.33, 2, 6],
    ['india_cgpa averages the 2-decimal CGPAs', [{ mark: 80, credits: 2 }, { mark: 90, credits: 1 }], 'india_cgpa', 3.03, 8.77, 2, 3],
    ['us_ib average out of 7', [{ mark: 95, credits: 1 }, { mark: 65, credits: 1 }], 'us_ib', 2.5, 5.5, 2, 2],
    ['no own GPA for ECTS', [{ mark: 95, credits: 1 }], 'ects', 4, null, 1, 1],
    ['no own average of A-Level Tariff points', [{ mark: 95, credits: 1 }], 'uk_alevel', 4, null, 1, 1],
    ['no own average of GCSE point scores', [{ mark: 95, credits: 1 }], 'uk_gcse_new', 4, null, 1, 1],
  ])('%s', (_name, courses, system, gpa4, ownGpa, countedCourses, totalCredits) => {
    expect(weightedGpa(courses, system)).toMatchObject({ gpa4, ownGpa, countedCourses, totalCredits });
  });

  it.each<[GradingSystemKey, number | null]>([
    ['letter', null],
    ['gpa', null],
    ['us_k12', 4],
    ['us_ib', 7],
    ['au_university', 7],
    ['india_cgpa', 10],
    ['percentage', null],
  ])('reports the own scale maximum for %s as %s', (system, max) => {
    expect(weightedGpa([{ mark: 80, credits: 1 }], system).ownGpaMax).toBe(max);
  });

  it('averages a custom scale’s points when every band has them', () => {
    const courses = [
      { mark: 72, credits: 1 },
      { mark: 90, credits: 1 },
    ];
    expect(weightedGpa(courses, 'custom', SAMPLE_CUSTOM_SCALE)).toMatchObject({
      gpa4: 2.7, // (1.7 + 3.7) / 2
      ownGpa: 3.5,
      ownGpaMax: 4,
    });
    const partial = [
      { label: 'Good', minPercentage: 50, gradePoints: 1 },
      { label: 'Bad', minPercentage: 0 },
    ];
    expect(weightedGpa(courses, 'custom', partial)).toMatchObject({
      ownGpa: null,
      ownGpaMax: null,
    });
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('rejects %s credits', (credits) => {
    expect(() => weightedGpa([{ mark: 80, credits }], 'letter')).toThrow(RangeError);
  });
});

describe('creditWeightedMark', () => {
  it.each<[CourseForGpa[], number | null]>([
    [
      [
        { mark: 72, credits: 3 },
        { mark: 65, credits: 1 },
      ],
      70.25,
    ],
    [[{ mark: 72 }, { mark: 65, credits: null }], 68.5],
    [
      [
        { mark: 72, credits: 0 },
        { mark: 65, credits: 2 },
      ],
      65,
    ],
    [[{ mark: null, credits: 3 }], null],
    [[], null],
  ])('%# → %s', (courses, expected) => {
    expect(creditWeightedMark(courses)).toBe(expected);
  });
});

describe('gradePointsTotal', () => {
  it('adds A-Level UCAS Tariff points: BBC = 112 (§6)', () => {
    expect(gradePointsTotal([75, 72, 65, null], 'uk_alevel')).toBe(112);
  });

  it('adds IB subject points', () => {
    expect(gradePointsTotal([95, 85, 75, 65, 55, 45], 'us_ib')).toBe(27);
  });

  it('is null when nothing is graded', () => {
    expect(gradePointsTotal([null], 'uk_alevel')).toBeNull();
    expect(gradePointsTotal([], 'us_ib')).toBeNull();
  });
});

describe('neededScore', () => {
  it.each<[string, AssessmentScore[], number | null | undefined, NeededScore]>([
    ['no target', [pct(80, 50), ungraded(50)], null, { status: 'no-target', currentMark: 80 }],
    ['undefined target', [], undefined, { status: 'no-target', currentMark: null }],
    [
      'half done, needs a perfect score',
      [pct(80, 50), ungraded(50)],
      90,
      { status: 'achievable', currentMark: 80, needed: 100, remainingWeight: 50 },
    ],
    ['a plain case', [pct(80, 60), ungraded(40)], 85, { status: 'achievable', currentMark: 80, needed: 92.5, remainingWeight: 40 }],
    [
      'spread over several remaining assessments',
      [pct(80, 40), ungraded(30), ungraded(30)],
      85,
      { status: 'achievable', currentMark: 80, needed: 88.34, remainingWeight: 60 },
    ],
    [
      // exact 83.333… is rounded up, never down: 83.34 reaches 80, even if 83.33 would round to it.
      'rounds the needed figure up',
      [pct(70, 25), ungraded(75)],
      80,
      { status: 'achievable', currentMark: 70, needed: 83.34, remainingWeight: 75 },
    ],
    [
      'ignores float noise in the weights (0.1 + 0.2)',
      [pct(90, 0.1), pct(90, 0.2), ungraded(99.7)],
      80,
      { status: 'achievable', currentMark: 90, needed: 79.97, remainingWeight: 99.7 },
    ],
    [
      'nothing graded yet: the target itself',
      [ungraded(60), ungraded(40)],
      73,
      { status: 'achievable', currentMark: null, needed: 73, remainingWeight: 100 },
    ],
    ['all weights 0: nothing says how much is to come', [pct(80, 0), ungraded(0)], 90, { status: 'no-weights', currentMark: 80 }],
    ['all graded weights 0', [pct(80, 0), pct(90, 0)], 90, { status: 'no-weights', currentMark: 85 }],
    [
      'graded weights 0, remaining weighted: the remaining work is the whole mark',
      [pct(40, 0), ungraded(40)],
      70,
      { status: 'achievable', currentMark: 40, needed: 70, remainingWeight: 100 },
    ],
    [
      // Issue 12: one graded 35 % and nothing else entered was "Target reached. Nothing is left to grade".
      'weight not given to any assessment is still to come',
      [pct(90, 35)],
      80,
      { status: 'achievable', currentMark: 90, needed: 74.62, remainingWeight: 65 },
    ],
    [
      'a 0-weight assessment left next to unassigned weight',
      [pct(90, 35), ungraded(0)],
      80,
      { status: 'achievable', currentMark: 90, needed: 74.62, remainingWeight: 65 },
    ],
    [
      'weights over 100 count out of their sum',
      [pct(80, 60), ungraded(60)],
      85,
      { status: 'achievable', currentMark: 80, needed: 90, remainingWeight: 60 },
    ],
    [
      // exact figure 100.01, but 100% gives 89.995, which rounds to the 90 target (rule 0.2)
      'achievable at 100 when rounding reaches the target',
      [pct(79.99, 50), ungraded(50)],
      90,
      { status: 'achievable', currentMark: 79.99, needed: 100, remainingWeight: 50 },
    ],
    [
      'impossible',
      [pct(50, 80), ungraded(20)],
      90,
      { status: 'impossible', currentMark: 50, needed: 250, maxFinalMark: 60, remainingWeight: 20 },
    ],
    [
      'impossible by a hair',
      [pct(79.98, 50), ungraded(50)],
      90,
      {
        status: 'impossible',
        currentMark: 79.98,
        needed: 100.02,
        maxFinalMark: 89.99,
        remainingWeight: 50,
      },
    ],
    [
      'secured: even 0 keeps the target',
      [pct(100, 80), ungraded(20)],
      75,
      { status: 'secured', currentMark: 100, needed: 0, minFinalMark: 80 },
    ],
    [
      'secured exactly at the target',
      [pct(100, 75), ungraded(25)],
      75,
      { status: 'secured', currentMark: 100, needed: 0, minFinalMark: 75 },
    ],
    ['a target of 0 is always secured', [ungraded(100)], 0, { status: 'secured', currentMark: null, needed: 0, minFinalMark: 0 }],
    [
      'ahead of target but still needs something',
      [pct(95, 50), ungraded(50)],
      90,
      { status: 'achievable', currentMark: 95, needed: 85, remainingWeight: 50 },
    ],
    ['all graded, target met', [pct(85, 50), pct(85, 50)], 80, { status: 'no-remaining-work', currentMark: 85, targetMet: true }],
    ['all graded, target missed', [pct(85, 50), pct(85, 50)], 90, { status: 'no-remaining-work', currentMark: 85, targetMet: false }],
    [
      'only a 0-weight assessment left',
      [pct(80, 100), ungraded(0)],
      90,
      { status: 'no-remaining-work', currentMark: 80, targetMet: false },
    ],
    ['no assessments: the whole weight is to come', [], 50, { status: 'achievable', currentMark: null, needed: 50, remainingWeight: 100 }],
    [
      'half the weight graded and nothing else entered is not secured',
      [pct(100, 50)],
      60,
      { status: 'achievable', currentMark: 100, needed: 20, remainingWeight: 50 },
    ],
  ])('%s', (_name, assessments, target, expected) => {
    expect(neededScore(assessments, target)).toEqual(expected);
  });

  it('rejects a non-finite target', () => {
    expect(() => neededScore([ungraded(100)], Number.NaN)).toThrow(RangeError);
  });
});

describe('whatIf', () => {
  const courses: WhatIfCourse[] = [
    {
      id: 'maths',
      credits: 3,
      targetGrade: 90,
      assessments: [
        { id: 'm1', weight: 40, maxScore: 50, score: 40 }, // 80%
        { id: 'm2', weight: 60, maxScore: 100, score: null },
      ],
    },
    {
      id: 'history',
      credits: null,
      targetGrade: null,
      assessments: [
        { id: 'h1', weight: 50, maxScore: 20, score: 14 }, // 70%
        { id: 'h2', weight: 50, maxScore: 20, score: 18 }, // 90%
      ],
    },
    { id: 'art', credits: 2, assessments: [{ id: 'a1', weight: 100, maxScore: 10, score: null }] },
  ];

  it('recomputes marks, grades, needed scores and GPA from hypothetical scores', () => {
    const result = whatIf(courses, { m2: 95, h1: 20 }, 'letter');

    expect(result.courses.map((c) => [c.id, c.previousMark, c.mark])).toEqual([
      ['maths', 80, 89], // 80·40 + 95·60 = 8900 / 100
      ['history', 80, 95],
      ['art', null, null],
    ]);
    expect(result.courses[0]?.previousGrade?.label).toBe('B-');
    expect(result.courses[0]?.grade?.label).toBe('B+');
    expect(result.courses[0]?.needed).toEqual({
      status: 'no-remaining-work',
      currentMark: 89,
      targetMet: false,
    });
    expect(result.courses[1]?.needed).toEqual({ status: 'no-target', currentMark: 95 });
    expect(result.courses[2]?.grade).toBeNull();

    // before: maths 80 (2.7) × 3, history 80 (2.7) × 1 → 2.7; after: 89 (3.3) × 3, 95 (4.0) × 1 → 3.475
    expect(result.previousGpa).toMatchObject({ gpa4: 2.7, countedCourses: 2, totalCredits: 4 });
    expect(result.gpa).toMatchObject({ gpa4: 3.48, countedCourses: 2, totalCredits: 4 });
    expect(result.unknownAssessmentIds).toEqual([]);
  });

  it('does not mutate its input', () => {
    const before = structuredClone(courses);
    const hypothetical = { m2: 95, a1: 3 };
    whatIf(courses, hypothetical, 'us_k12');
    expect(courses).toEqual(before);
    expect(hypothetical).toEqual({ m2: 95, a1: 3 });
  });

  it('returns the current picture when there are no hypothetical scores', () => {
    const result = whatIf(courses, {}, 'letter');
    for (const course of result.courses) expect(course.mark).toBe(course.previousMark);
    expect(result.gpa).toEqual(result.previousGpa);
    expect(result.courses[0]?.needed).toEqual({
      status: 'achievable',
      currentMark: 80,
      needed: 96.67,
      remainingWeight: 60,
    });
  });

  it('un-grades an assessment given null, and fills an ungraded course', () => {
    const result = whatIf(courses, { h2: null, a1: 5 }, 'letter');
    expect(result.courses[1]?.mark).toBe(70);
    expect(result.courses[2]?.mark).toBe(50);
    expect(result.gpa.countedCourses).toBe(3);
  });

  it('shows the system’s own GPA before and after', () => {
    const result = whatIf(courses, { m2: 100 }, 'us_k12');
    // before: maths 80 (B, 3) × 3 + history 80 (B, 3) × 1 → 3; after: maths 92 (A, 4) × 3 + 3 × 1 → 3.75
    expect(result.previousGpa.ownGpa).toBe(3);
    expect(result.gpa.ownGpa).toBe(3.75);
  });

  it('reports ids that match no assessment and ignores inherited property names', () => {
    const withOddIds: WhatIfCourse[] = [{ id: 'c', credits: 1, assessments: [{ id: 'toString', weight: 1, maxScore: 10, score: 5 }] }];
    const result = whatIf(withOddIds, { nope: 10, constructor: 1 }, 'letter');
    expect(result.courses[0]?.mark).toBe(50);
    expect(result.unknownAssessmentIds).toEqual(['nope', 'constructor']);
  });

  it('rejects a negative hypothetical score', () => {
    expect(() => whatIf(courses, { m2: -5 }, 'letter')).toThrow(RangeError);
  });

  it('rejects a hypothetical score above the maximum (150/100 is not a score)', () => {
    expect(() => whatIf(courses, { m2: 150 }, 'letter')).toThrow(RangeError);
    expect(() => whatIf(courses, { m1: 50.01 }, 'letter')).toThrow(RangeError);
    expect(whatIf(courses, { m2: 100 }, 'letter').courses[0]?.mark).toBe(92);
  });
});
