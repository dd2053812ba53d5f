import { describe, expect, it } from 'vitest';
import { readWhatIfScore } from './grade-view';

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
