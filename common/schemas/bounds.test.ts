import { describe, expect, it } from 'vitest';
import { LONE_SURROGATE_MESSAGE, anyText, isWellFormedText, multiLineText, singleLineText } from './bounds';

describe('isWellFormedText', () => {
  it.each([
    ['', true],
    ['plain', true],
    ['é ü ß', true],
    ['日本語のテキスト', true],
    ['😀 a pair of surrogates', true],
    ['\ud83d\ude00', true],
    ['\ud800', false],
    ['\udfff', false],
    ['A\ud800', false],
    ['\udc00A', false],
    ['\ude00\ud83d', false], // a pair in the wrong order is two lone ones
    ['😀\ud83d', false],
    ['ok\ud83d\ude00ok\udbff', false],
  ])('%j → %s', (value, expected) => {
    expect(isWellFormedText(value)).toBe(expected);
  });
});

describe('the text helpers refuse a lone surrogate, keep everything else they allowed', () => {
  const helpers = [
    ['singleLineText', singleLineText(20)],
    ['singleLineText trimmed', singleLineText(20, { trim: true, min: 1 })],
    ['multiLineText', multiLineText(20)],
    ['anyText', anyText(20)],
  ] as const;
  it.each(helpers)('%s', (_name, schema) => {
    for (const value of ['A\ud800', '\udc00', 'x😀\ude00']) {
      const result = schema.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(LONE_SURROGATE_MESSAGE);
    }
    for (const value of ['A+', '😀😀', 'Ünïcödé']) expect(schema.safeParse(value).success, value).toBe(true);
  });
  it('anyText keeps control characters (passwords may hold any character)', () => {
    expect(anyText(20).safeParse('a\u0001\u0000b').success).toBe(true);
    expect(singleLineText(20).safeParse('a\u0001b').success).toBe(false);
  });
});
