import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../common/schemas/files.schema';
import { storageTexts, visibleFiles } from './files-view';

const file = (
  id: string,
  name: string,
  size: number,
  downloadCount: number,
  createdAt: string,
  folderId: string | null = null,
): StoredFile => ({
  id,
  name,
  type: 'text/plain',
  description: null,
  size,
  downloadCount,
  createdAt,
  folderId,
});

const FILES = [
  file('a', 'Essay 10.txt', 300, 1, '2026-01-03T00:00:00.000Z', 'f1'),
  file('b', 'essay 2.txt', 100, 5, '2026-01-01T00:00:00.000Z'),
  file('c', 'Notes.md', 200, 0, '2026-01-02T00:00:00.000Z', 'f1'),
];

describe('visibleFiles', () => {
  it('filters by folder and search, any case', () => {
    expect(visibleFiles(FILES, { kind: 'folder', id: 'f1' }, '', 'name', 'asc').map((f) => f.id)).toEqual(['a', 'c']);
    expect(visibleFiles(FILES, { kind: 'none' }, '', 'name', 'asc').map((f) => f.id)).toEqual(['b']);
    expect(visibleFiles(FILES, { kind: 'all' }, 'ESSAY', 'name', 'asc').map((f) => f.id)).toEqual(['b', 'a']);
  });

  it('sorts by name (numeric), date, size and downloads in either order', () => {
    expect(visibleFiles(FILES, { kind: 'all' }, '', 'name', 'asc').map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(visibleFiles(FILES, { kind: 'all' }, '', 'date', 'desc').map((f) => f.id)).toEqual(['a', 'c', 'b']);
    expect(visibleFiles(FILES, { kind: 'all' }, '', 'size', 'asc').map((f) => f.id)).toEqual(['b', 'c', 'a']);
    expect(visibleFiles(FILES, { kind: 'all' }, '', 'downloads', 'desc').map((f) => f.id)).toEqual(['b', 'a', 'c']);
  });
});

const GB = 1024 ** 3;
const MB = 1024 ** 2;

describe('storageTexts (the meter never says something untrue)', () => {
  it.each([
    // Issue 34: 48 MB left of 2 GB read "2 GB of 2 GB used".
    { used: 2 * GB - 48 * MB, used_: '1.96 GB', available: '48 MB' },
    // A few bytes short of full is not full: rounded down rather than up to the quota.
    { used: 2 * GB - 3, used_: '1.99 GB', available: '3 bytes' },
    { used: 2 * GB, used_: '2 GB', available: '0 bytes' },
    // Issue 34: "0 byte of 2 GB used".
    { used: 0, used_: '0 bytes', available: '2 GB' },
    { used: 1, used_: '1 byte', available: '1.99 GB' },
    // Usage rounds up: 1.001 MB is "1.01 MB", never "1 MB".
    { used: MB + 1024, used_: '1.01 MB', available: '1.99 GB' },
  ])('$used bytes used of 2 GB: "$used_ of 2 GB", $available left', ({ used, used_, available }) => {
    expect(storageTexts(used, 2 * GB, 'en')).toEqual({ used: used_, limit: '2 GB', available });
  });

  it('speaks the language', () => {
    // Intl writes a no-break space between number and unit in some languages: compare on plain spaces.
    const plain = (texts: Record<string, string>) =>
      Object.fromEntries(Object.entries(texts).map(([k, v]) => [k, v.replace(/[\u00a0\u202f]/g, ' ')]));
    expect(plain(storageTexts(2 * GB - 48 * MB, 2 * GB, 'de'))).toEqual({ used: '1,96 GB', limit: '2 GB', available: '48 MB' });
    expect(plain(storageTexts(0, 2 * GB, 'fr'))).toEqual({ used: '0 octet', limit: '2 Go', available: '2 Go' });
  });
});
