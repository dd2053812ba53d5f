import { useQuery } from '@tanstack/react-query';
import type { Folder, StorageUsage, StoredFile } from '../../common/schemas/files.schema';
import { resourceQuery } from './resource';

export type { Folder, StorageUsage, StoredFile };

/** GET /api/folders: the user's folders by name. */
export const foldersQuery = resourceQuery<Folder[]>('/api/folders');
/** GET /api/files: every file of the user (the page filters, searches and sorts them itself). */
export const filesQuery = resourceQuery<StoredFile[]>('/api/files');
/** GET /api/storage: `{ used, limit }` in bytes. */
export const storageQuery = resourceQuery<StorageUsage>('/api/storage');

export const useFolders = () => useQuery(foldersQuery);
export const useFiles = () => useQuery(filesQuery);
export const useStorage = () => useQuery(storageQuery);
