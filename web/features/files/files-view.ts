import type { FileSort, SortOrder, StoredFile } from '../../../common/schemas/files.schema';
import { formatSize } from '../../lib/format';
import type { Language } from '../../lib/i18n';

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

/**
 * The storage meter's figures, none of them wrong: the space used rounds up, but never to the full
 * quota while there is room left (2 GB less 48 MB is "1.96 GB", or "1.99 GB" a few bytes short, not
 * "2 GB"); the space left rounds down.
 */
export function storageTexts(used: number, limit: number, language?: Language): { used: string; limit: string; available: string } {
  const limitText = formatSize(limit, 'nearest', language);
  let usedText = formatSize(used, 'up', language);
  if (used < limit && usedText === limitText) usedText = formatSize(used, 'down', language);
  return { used: usedText, limit: limitText, available: formatSize(Math.max(0, limit - used), 'down', language) };
}
