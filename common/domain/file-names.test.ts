import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX } from '../schemas/files.schema';
import { cleanFileName, fileExtension } from './file-names';

describe('cleanFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['..', 'file'],
    ['', 'file'],
    ['   ', 'file'],
    ['a\u0000b.txt', 'ab.txt'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['\u200Fname\u2066.png', 'name.png'],
    ['e\u0301te\u0301.txt', 'été.txt'],
    ['  spaced name.md  ', 'spaced name.md'],
  ])('%j → %j', (raw, clean) => {
    expect(cleanFileName(raw)).toBe(clean);
  });

  it('shortens a 300-character name to the limit and keeps its extension', () => {
    const name = cleanFileName(`${'a'.repeat(300)}.jpeg`);
    expect(Array.from(name)).toHaveLength(FILE_NAME_MAX);
    expect(name.endsWith('.jpeg')).toBe(true);
  });

  it('counts characters, not UTF-16 units', () => {
    const name = cleanFileName(`${'😀'.repeat(300)}.txt`);
    expect(Array.from(name)).toHaveLength(FILE_NAME_MAX);
  });
});

describe('fileExtension', () => {
  it.each([
    ['Report.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['.bashrc', ''],
    ['README', ''],
  ])('%s → %s', (name, extension) => expect(fileExtension(name)).toBe(extension));
});
