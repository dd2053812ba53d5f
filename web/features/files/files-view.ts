import type { FileSort, SortOrder, StoredFile } from '../../../common/schemas/files.schema';
import { formatNumber } from '../../lib/format';

/** Which files the list shows: every file, those outside any folder, or one folder's. */
export type FolderFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'folder'; id: string };

const DEFAULT_ORDER: Record<FileSort, SortOrder> = { name: 'asc', date: 'desc', size: 'desc', downloads: 'desc' };

export function defaultOrder(sort: FileSort): SortOrder {
  return DEFAULT_ORDER[sort];
}

/**
 * The list as shown: the folder's files whose name contains the search (any case), sorted by name,
 * date, size or downloads (ties by name, so the order is stable). Pure: the page and its test share it.
 */
export function visibleFiles(
  files: readonly StoredFile[],
  folder: FolderFilter,
  search: string,
  sort: FileSort,
  order: SortOrder,
): StoredFile[] {
  const needle = search.trim().toLocaleLowerCase();
  const shown = files.filter((file) => {
    if (folder.kind === 'none' && file.folderId !== null) return false;
    if (folder.kind === 'folder' && file.folderId !== folder.id) return false;
    return needle === '' || file.name.toLocaleLowerCase().includes(needle);
  });
  const byName = (a: StoredFile, b: StoredFile) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true });
  const compare: Record<FileSort, (a: StoredFile, b: StoredFile) => number> = {
    name: byName,
    date: (a, b) => a.createdAt.localeCompare(b.createdAt),
    size: (a, b) => a.size - b.size,
    downloads: (a, b) => a.downloadCount - b.downloadCount,
  };
  const sign = order === 'asc' ? 1 : -1;
  return shown.sort((a, b) => sign * compare[sort](a, b) || byName(a, b));
}

/** The list with `file` in place of the one with its id, or added when it is new. */
export function withFile(files: readonly StoredFile[], file: StoredFile): StoredFile[] {
  return files.some((item) => item.id === file.id) ? files.map((item) => (item.id === file.id ? file : item)) : [...files, file];
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** A size in the user's language with binary steps (1 KB = 1,024 bytes), e.g. "2 GB", "1.5 MB". */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return formatNumber(value, { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 });
}
