import { describe, expect, it } from 'vitest';
import { contentDisposition, parseByteRange } from './http-file';

describe('parseByteRange', () => {
  it.each([
    [undefined, 100, undefined],
    ['bytes=0-9', 100, { start: 0, end: 9 }],
    ['bytes=90-', 100, { start: 90, end: 99 }],
    ['bytes=-10', 100, { start: 90, end: 99 }],
    ['bytes=-500', 100, { start: 0, end: 99 }],
    ['bytes=50-5000', 100, { start: 50, end: 99 }],
    ['bytes=100-', 100, 'unsatisfiable'],
    ['bytes=-0', 100, 'unsatisfiable'],
    ['bytes=0-1,5-6', 100, undefined],
    ['items=0-1', 100, undefined],
    ['bytes=9-3', 100, undefined],
    ['bytes=0-', 0, 'unsatisfiable'],
  ])('%s of %i bytes → %j', (header, size, range) => expect(parseByteRange(header, size)).toEqual(range));
});

describe('contentDisposition', () => {
  it('keeps the original name in filename* and an ASCII fallback', () => {
    expect(contentDisposition('attachment', 'Übung "1"; ok.pdf')).toBe(
      `attachment; filename="_bung _1__ ok.pdf"; filename*=UTF-8''%C3%9Cbung%20%221%22%3B%20ok.pdf`,
    );
  });
  it('encodes characters RFC 5987 reserves', () => {
    expect(contentDisposition('inline', "it's (1).txt")).toBe(`inline; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`);
  });
});
