import { describe, expect, it } from 'vitest';
import { csvField, csvRecord, csvValue } from './csv';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['=HYPERLINK("x","y")', '"\'=HYPERLINK(""x"",""y"")"'],
    ['日本語', '日本語'],
    ['', ''],
  ])('text %j → %j', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('writes null empty, numbers and booleans as they are (a negative number is not text), instants ISO, JSON for objects', () => {
    expect(csvValue(null)).toBe('');
    expect(csvValue(-50)).toBe('-50');
    expect(csvValue(2.5)).toBe('2.5');
    expect(csvValue(true)).toBe('true');
    expect(csvValue(new Date('2030-03-01T10:00:00.000Z'))).toBe('2030-03-01T10:00:00.000Z');
    expect(csvField([{ day: 1, startTime: '09:00' }])).toBe('"[{""day"":1,""startTime"":""09:00""}]"');
  });

  it('ends a record with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});
