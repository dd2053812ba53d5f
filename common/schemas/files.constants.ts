/**
 * Files and folders (docs/api.md "Files", docs/product.md §3, §6, §8, §9). Names are the user's data only: the
 * server cleans them (common/domain/file-names.ts) and stores the bytes under a random key. The limits, messages
 * and sorts without zod: the web's pages import them (decision 234).
 */
export const FOLDER_NAME_MAX = 100;
export const FILE_NAME_MAX = 255;
export const FILE_DESCRIPTION_MAX = 1000;
/** docs/product.md §9 "File storage 2GB": 2 GiB per user. */
export const STORAGE_LIMIT_BYTES = 2 * 1024 * 1024 * 1024;
/** One upload at most (docs/decisions/137). */
export const MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The low-storage warning shows below this share of the quota left (docs/product.md §8). */
export const LOW_STORAGE_SHARE = 0.1;

export const FOLDER_NAME_REQUIRED = 'Folder name is required';
export const FOLDER_NAME_MESSAGE = `Folder name must be at most ${FOLDER_NAME_MAX} characters`;
export const FILE_NAME_MESSAGE = `File name must be 1–${FILE_NAME_MAX} characters`;
export const FILE_DESCRIPTION_MESSAGE = `Description must be at most ${FILE_DESCRIPTION_MAX} characters`;
export const FILE_TOO_LARGE_MESSAGE = 'This file is larger than the 100 MB limit for one file.';
export const QUOTA_EXCEEDED_MESSAGE = 'This file does not fit in your 2 GB of storage. Delete some files and try again.';
export const PREVIEW_NOT_AVAILABLE_MESSAGE = 'Preview not available';

export const FILE_SORTS = ['name', 'date', 'size', 'downloads'] as const;
export type FileSort = (typeof FILE_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** `folderId=none`: the files outside any folder. */
export const NO_FOLDER = 'none';
