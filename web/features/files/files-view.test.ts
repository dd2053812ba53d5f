import { describe, expect, it } from 'vitest';
import type { StoredFile } from '../../../common/schemas/files.schema';
import { formatBytes, visibleFiles, withFile } from './files-view';

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

describe('formatBytes', () => {
  it('uses binary steps', () => {
    expect(formatBytes(512)).toBe('512 byte');
    expect(formatBytes(1536)).toBe('1.5 kB');
    expect(formatBytes(2 * 1024 ** 3)).toBe('2 GB');
  });
});

describe("withFile (a write's answer into the cached list)", () => {
  const a = file('a', 'a.txt', 1, 0, '2026-01-01T00:00:00.000Z');
  const b = file('b', 'b.txt', 2, 0, '2026-01-02T00:00:00.000Z');

  it('replaces the file with the same id, keeping the others and their order', () => {
    const renamed = { ...a, name: 'renamed.txt', folderId: 'f1' };
    expect(withFile([a, b], renamed)).toEqual([renamed, b]);
  });

  it('adds a file it does not hold (an upload)', () => {
    expect(withFile([a], b)).toEqual([a, b]);
  });
});
