import { useQuery } from '@tanstack/react-query';
import type { Folder, StorageUsage, StoredFile } from '../../common/schemas/files.schema';
import { apiRequest } from '../lib/api-client';
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

/** GET /api/files/:id/download: the file's bytes (the server counts the download). */
export async function fetchFileDownload(id: string): Promise<Blob> {
  const response = await apiRequest('GET', `/api/files/${id}/download`);
  return response.blob();
}

/** The preview's address, for the elements that load it themselves (img, iframe, audio, video). */
export const filePreviewUrl = (id: string) => `/api/files/${id}/preview`;

/**
 * GET /api/files/:id/preview read by the page (a text shown as text, a HEIC converted): `range` asks for
 * only the first bytes of a long text; `signal` cancels it when the preview closes.
 */
export function fetchFilePreview(id: string, options: { range?: string; signal?: AbortSignal } = {}): Promise<Response> {
  return apiRequest('GET', filePreviewUrl(id), undefined, {
    signal: options.signal,
    headers: options.range ? { range: options.range } : undefined,
  });
}
