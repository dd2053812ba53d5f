import { useQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Folder, StorageUsage, StoredFile, FilePatch } from '../../common/schemas/files.schema';
import { apiRequest, apiJson } from '../lib/api-client';
import { resourceQuery } from './resource';
import { useCallback, useMemo, useRef, useState } from 'react';
import { saveBlob } from '../lib/save-blob';
import { UploadCancelled, uploadWithProgress } from '../lib/upload-client';

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

/** The list with `file` in place of the one with its id, or added when it is new. */
export function withFile(files: readonly StoredFile[], file: StoredFile): StoredFile[] {
  return files.some((item) => item.id === file.id) ? files.map((item) => (item.id === file.id ? file : item)) : [...files, file];
}

/**
 * The bytes of a file sent so far, from the request's progress: the request carries the multipart
 * envelope too (its total is larger than the file), so the share sent is applied to the file's size.
 */
export function sentOfFile(loaded: number, total: number, size: number): number {
  if (total <= 0) return 0;
  return Math.min(size, Math.floor((Math.min(loaded, total) / total) * size));
}

/**
 * After a write the cache takes the write's own answer (the changed file, or the id that went), so
 * the page does not read every file again after each rename, delete or upload: with 5,000 files that
 * read is the slowest request of the feature (docs/decisions/158). Folders (a short list) and the
 * storage meter (one row) are read again; the whole file list is read on the next visit or focus.
 */
function useFilesCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      updateFiles: (change: (files: StoredFile[]) => StoredFile[]) => updateFilesCache(queryClient, change),
      refreshFolders: () => queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey }),
      refreshStorage: () => queryClient.invalidateQueries({ queryKey: storageQuery.queryKey }),
    }),
    [queryClient],
  );
}

/**
 * Applies a write's answer to the cached list. A read of the list still under way began before the
 * write and would put back what it changed (a deleted file, a missing upload) when it lands: then the
 * list is read again instead (the invalidation cancels that read, page shown or not).
 */
export function updateFilesCache(queryClient: QueryClient, change: (files: StoredFile[]) => StoredFile[]): void {
  if (queryClient.isFetching({ queryKey: filesQuery.queryKey }) > 0) {
    void queryClient.invalidateQueries({ queryKey: filesQuery.queryKey, refetchType: 'all' });
    return;
  }
  queryClient.setQueryData<StoredFile[]>(filesQuery.queryKey, (files) => (files ? change(files) : files));
}

export function useCreateFolder() {
  const cache = useFilesCache();
  return useMutation({
    mutationFn: (name: string) => apiJson<Folder>('POST', '/api/folders', { name }),
    meta: { failureToast: { title: 'files:folders.createError', description: 'files:folders.tryAgain' } },
    onSuccess: cache.refreshFolders,
  });
}

export function useRenameFolder() {
  const cache = useFilesCache();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => apiJson<Folder>('PATCH', `/api/folders/${id}`, { name }),
    meta: { failureToast: { title: 'files:folders.renameError', description: 'files:folders.tryAgain' } },
    onSuccess: cache.refreshFolders,
  });
}

/** A folder goes with its files (the server deletes them in the same transaction). */
export function useDeleteFolder() {
  const cache = useFilesCache();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/folders/${id}`),
    meta: { failureToast: { title: 'files:list.deleteError', description: 'files:folders.tryAgain' } },
    onSuccess: (_result, id) => {
      cache.updateFiles((files) => files.filter((file) => file.folderId !== id));
      return Promise.all([cache.refreshFolders(), cache.refreshStorage()]);
    },
  });
}

export function usePatchFile() {
  const cache = useFilesCache();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: FilePatch }) => apiJson<StoredFile>('PATCH', `/api/files/${id}`, patch),
    meta: { failureToast: { title: 'files:list.updateError', description: 'files:list.tryAgain' } },
    onSuccess: (file) => cache.updateFiles((files) => withFile(files, file)),
  });
}

export function useDeleteFile() {
  const cache = useFilesCache();
  return useMutation({
    mutationFn: (id: string) => apiJson<null>('DELETE', `/api/files/${id}`),
    meta: { failureToast: { title: 'files:list.deleteError', description: 'files:list.tryAgain' } },
    onSuccess: (_result, id) => {
      cache.updateFiles((files) => files.filter((file) => file.id !== id));
      return cache.refreshStorage();
    },
  });
}

/**
 * Downloads a file (GET …/download counts it): the bytes as a blob saved under the original name, so
 * a failure can be told to the user ('Download Error') and the count refreshed once it happened.
 */
export function useDownloadFile() {
  const cache = useFilesCache();
  return useMutation({
    mutationFn: async (file: StoredFile) => saveBlob(await fetchFileDownload(file.id), file.name),
    meta: { failureToast: { title: 'files:list.downloadError', description: 'files:list.tryAgain' } },
    // The server counted this whole-file download once; the list shows the same count without a read.
    onSuccess: (_result, file) =>
      cache.updateFiles((files) => files.map((item) => (item.id === file.id ? { ...item, downloadCount: item.downloadCount + 1 } : item))),
  });
}

export type UploadState = 'uploading' | 'done' | 'failed' | 'cancelled';
export type UploadItem = { id: number; name: string; size: number; sent: number; state: UploadState; error: unknown };

/**
 * The uploads of this visit: each file its own request, with progress and a cancel. Files go up in
 * parallel; each finished one joins the list and refreshes the storage meter.
 */
export function useUploads() {
  const cache = useFilesCache();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);

  const update = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (files: readonly File[], fields: { folderId: string | null; description: string }) => {
      for (const file of files) {
        const id = nextId.current++;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        setItems((current) => [...current, { id, name: file.name, size: file.size, sent: 0, state: 'uploading', error: null }]);
        const form = new FormData();
        // The fields go first: the server checks the folder before it stores a byte.
        if (fields.folderId) form.append('folderId', fields.folderId);
        if (fields.description.trim()) form.append('description', fields.description.trim());
        form.append('file', file, file.name);
        uploadWithProgress<StoredFile>('/api/files', form, {
          signal: controller.signal,
          onProgress: (loaded, total) => update(id, { sent: sentOfFile(loaded, total, file.size) }),
        })
          .then(
            (stored) => {
              cache.updateFiles((list) => withFile(list, stored));
              update(id, { state: 'done', sent: file.size });
            },
            (error: unknown) => update(id, error instanceof UploadCancelled ? { state: 'cancelled' } : { state: 'failed', error }),
          )
          .finally(() => {
            controllers.current.delete(id);
            void cache.refreshStorage();
          });
      }
    },
    [cache, update],
  );

  const cancel = useCallback((id: number) => controllers.current.get(id)?.abort(), []);
  const clearFinished = useCallback(() => setItems((current) => current.filter((item) => item.state === 'uploading')), []);
  return { items, start, cancel, clearFinished };
}
