import { describe, it, expect } from 'vitest';
import {
  CUSTOM_SCALE_LIMITS,
  customScaleHasOwnPoints,
  findCustomBandIndex,
  isValidCustomScale,
  normalizeCustomScale,
  validateCustomScale,
  type CustomScaleBand,
  type CustomScaleIssueCode,
} from './custom-scale';

const VALID: readonly CustomScaleBand[] = [
  { label: 'Distinction', minPercentage: 85, gradePoints: 4 },
  { label: 'Merit', minPercentage: 70, gradePoints: 3 },
  { label: 'Pass', minPercentage: 50, gradePoints: 2 },
  { label: 'Fail', minPercentage: 0, gradePoints: 0 },
];

const bands = (count: number): CustomScaleBand[] => Array.from({ length: count }, (_, i) => ({ label: `Band ${i}`, minPercentage: i * 5 }));

/** Compact form of an issue for table-driven expectations. */
const summary = (input: unknown) => validateCustomScale(input).map((issue) => [issue.code, issue.path.join('.')] as const);

describe('validateCustomScale (§20)', () => {
  it.each([
    ['the sample scale', VALID],
    ['one band at 0', [{ label: 'All', minPercentage: 0 }]],
    ['20 bands', bands(20)],
    ['bands in any order', [...VALID].reverse()],
    [
      'points left out or null',
      [
        { label: 'A', minPercentage: 50 },
        { label: 'B', minPercentage: 0, gradePoints: null },
      ],
    ],
    ['a 20-character label', [{ label: 'x'.repeat(20), minPercentage: 0 }]],
    ['a label padded with spaces', [{ label: '  Pass  ', minPercentage: 0 }]],
    ['20 emoji (one character each)', [{ label: '⭐'.repeat(19) + '😀', minPercentage: 0 }]],
    [
      'decimal minimums and points 0–100',
      [
        { label: 'Top', minPercentage: 99.5, gradePoints: 100 },
        { label: 'Rest', minPercentage: 0, gradePoints: 0 },
      ],
    ],
    [
      'minimum exactly 100',
      [
        { label: 'Perfect', minPercentage: 100 },
        { label: 'Rest', minPercentage: 0 },
      ],
    ],
  ] as const)('accepts %s', (_name, input) => {
    expect(validateCustomScale(input)).toEqual([]);
    expect(isValidCustomScale(input)).toBe(true);
  });

  it.each<[string, unknown, (readonly [CustomScaleIssueCode, string])[]]>([
    ['not a list', { bands: [] }, [['not_an_array', '']]],
    ['null', null, [['not_an_array', '']]],
    ['no bands', [], [['too_few_bands', '']]],
    ['21 bands', bands(21), [['too_many_bands', '']]],
    ['a band that is not an object', [null, { label: 'A', minPercentage: 0 }], [['band_not_an_object', '0']]],
    ['a missing label', [{ minPercentage: 0 }], [['label_not_a_string', '0.label']]],
    ['an empty label', [{ label: '', minPercentage: 0 }], [['label_too_short', '0.label']]],
    ['a blank label', [{ label: '   ', minPercentage: 0 }], [['label_too_short', '0.label']]],
    ['a 21-character label', [{ label: 'x'.repeat(21), minPercentage: 0 }], [['label_too_long', '0.label']]],
    [
      'labels equal ignoring case and spaces',
      [
        { label: 'Pass', minPercentage: 50 },
        { label: ' pASS ', minPercentage: 0 },
      ],
      [['label_duplicate', '1.label']],
    ],
    [
      'a missing minimum',
      [{ label: 'A' }],
      [
        ['min_percentage_not_a_number', '0.minPercentage'],
        ['missing_zero_band', ''],
      ],
    ],
    [
      'a string minimum',
      [{ label: 'A', minPercentage: '0' }],
      [
        ['min_percentage_not_a_number', '0.minPercentage'],
        ['missing_zero_band', ''],
      ],
    ],
    [
      'a NaN minimum',
      [
        { label: 'A', minPercentage: Number.NaN },
        { label: 'B', minPercentage: 0 },
      ],
      [['min_percentage_not_a_number', '0.minPercentage']],
    ],
    [
      'a minimum above 100',
      [
        { label: 'A', minPercentage: 100.01 },
        { label: 'B', minPercentage: 0 },
      ],
      [['min_percentage_out_of_range', '0.minPercentage']],
    ],
    [
      'a negative minimum',
      [
        { label: 'A', minPercentage: -1 },
        { label: 'B', minPercentage: 0 },
      ],
      [['min_percentage_out_of_range', '0.minPercentage']],
    ],
    [
      'two bands with the same minimum',
      [
        { label: 'A', minPercentage: 50 },
        { label: 'B', minPercentage: 50 },
        { label: 'C', minPercentage: 0 },
      ],
      [['min_percentage_duplicate', '1.minPercentage']],
    ],
    [
      'two bands at 0 (-0 counts as 0)',
      [
        { label: 'A', minPercentage: 0 },
        { label: 'B', minPercentage: -0 },
      ],
      [['min_percentage_duplicate', '1.minPercentage']],
    ],
    ['no band at 0', [{ label: 'A', minPercentage: 50 }], [['missing_zero_band', '']]],
    ['points above 100', [{ label: 'A', minPercentage: 0, gradePoints: 101 }], [['grade_points_out_of_range', '0.gradePoints']]],
    ['negative points', [{ label: 'A', minPercentage: 0, gradePoints: -0.5 }], [['grade_points_out_of_range', '0.gradePoints']]],
    ['points as a string', [{ label: 'A', minPercentage: 0, gradePoints: '4' }], [['grade_points_not_a_number', '0.gradePoints']]],
    [
      'several problems at once',
      [
        { label: '', minPercentage: 120, gradePoints: 200 },
        { label: 'B', minPercentage: 40 },
      ],
      [
        ['label_too_short', '0.label'],
        ['min_percentage_out_of_range', '0.minPercentage'],
        ['grade_points_out_of_range', '0.gradePoints'],
        ['missing_zero_band', ''],
      ],
    ],
  ])('rejects %s', (_name, input, expected) => {
    expect(summary(input)).toEqual(expected);
    expect(isValidCustomScale(input)).toBe(false);
  });

  it('gives every issue an English message', () => {
    for (const issue of validateCustomScale([{ label: '', minPercentage: 120 }])) {
      expect(issue.message.length).toBeGreaterThan(0);
    }
  });

  it('exposes the §20 limits for the zod schema and the form', () => {
    expect(CUSTOM_SCALE_LIMITS).toEqual({
      minBands: 1,
      maxBands: 20,
      labelMinLength: 1,
      labelMaxLength: 20,
      minPercentage: 0,
      maxPercentage: 100,
      minGradePoints: 0,
      maxGradePoints: 100,
    });
  });
});

describe('normalizeCustomScale', () => {
  it('sorts highest minimum first, trims labels and fills missing points with null', () => {
    const input: CustomScaleBand[] = [
      { label: ' Fail ', minPercentage: 0 },
      { label: 'Top', minPercentage: 90, gradePoints: 4 },
      { label: 'Mid', minPercentage: 50, gradePoints: null },
    ];
    const copy = structuredClone(input);
    expect(normalizeCustomScale(input)).toEqual([
      { label: 'Top', minPercentage: 90, gradePoints: 4 },
      { label: 'Mid', minPercentage: 50, gradePoints: null },
      { label: 'Fail', minPercentage: 0, gradePoints: null },
    ]);
    expect(input).toEqual(copy);
  });
});

describe('customScaleHasOwnPoints', () => {
  it.each([
    ['every band has points', VALID, true],
    [
      'one band lacks points',
      [
        { label: 'A', minPercentage: 50, gradePoints: 4 },
        { label: 'B', minPercentage: 0 },
      ],
      false,
    ],
    ['a band has null points', [{ label: 'A', minPercentage: 0, gradePoints: null }], false],
    ['points of 0 still count', [{ label: 'A', minPercentage: 0, gradePoints: 0 }], true],
    ['no bands', [], false],
  ] as const)('%s → %s', (_name, input, expected) => {
    expect(customScaleHasOwnPoints(input)).toBe(expected);
  });
});

describe('findCustomBandIndex (rule 0.3)', () => {
  const sorted = normalizeCustomScale(VALID);
  it.each([
    [100, 0],
    [85, 0],
    [84.99, 1],
    [70, 1],
    [69.99, 2],
    [50, 2],
    [49.99, 3],
    [0, 3],
    [-1, -1],
  ] as const)('%s falls in band %s', (p, index) => {
    expect(findCustomBandIndex(p, sorted)).toBe(index);
  });

  it('finds nothing in a scale without a band at 0', () => {
    expect(findCustomBandIndex(10, normalizeCustomScale([{ label: 'A', minPercentage: 50 }]))).toBe(-1);
  });
});
