import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import type { FilePatch, Folder, StoredFile } from '../../../common/schemas/files.schema';
import { filesQuery, foldersQuery, storageQuery } from '../../api/files';
import { apiJson } from '../../lib/api-client';
import { UploadCancelled, uploadWithProgress } from '../../lib/upload-client';

/** After any write: the lists and the storage meter read again. */
function useRefreshFiles() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: filesQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: foldersQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: storageQuery.queryKey }),
      ]),
    [queryClient],
  );
}

export function useCreateFolder() {
  const refresh = useRefreshFiles();
  return useMutation({ mutationFn: (name: string) => apiJson<Folder>('POST', '/api/folders', { name }), onSuccess: refresh });
}

export function useRenameFolder() {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) => apiJson<Folder>('PATCH', `/api/folders/${id}`, { name }),
    onSuccess: refresh,
  });
}

export function useDeleteFolder() {
  const refresh = useRefreshFiles();
  return useMutation({ mutationFn: (id: string) => apiJson<null>('DELETE', `/api/folders/${id}`), onSuccess: refresh });
}

export function usePatchFile() {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: FilePatch }) => apiJson<StoredFile>('PATCH', `/api/files/${id}`, patch),
    onSuccess: refresh,
  });
}

export function useDeleteFile() {
  const refresh = useRefreshFiles();
  return useMutation({ mutationFn: (id: string) => apiJson<null>('DELETE', `/api/files/${id}`), onSuccess: refresh });
}

/**
 * Downloads a file (GET …/download counts it): the bytes as a blob saved under the original name, so
 * a failure can be told to the user ('Download Error') and the count refreshed once it happened.
 */
export function useDownloadFile() {
  const refresh = useRefreshFiles();
  return useMutation({
    mutationFn: async (file: StoredFile) => {
      const response = await fetch(`/api/files/${file.id}/download`, { credentials: 'include' });
      if (!response.ok) throw new Error(`${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = file.name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    },
    onSettled: refresh,
  });
}

export type UploadState = 'uploading' | 'done' | 'failed' | 'cancelled';
export type UploadItem = { id: number; name: string; size: number; sent: number; state: UploadState; error: unknown };

/**
 * The uploads of this visit: each file its own request, with progress and a cancel. Files go up in
 * parallel; each finished one refreshes the list and the storage meter.
 */
export function useUploads() {
  const refresh = useRefreshFiles();
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
          onProgress: (sent) => update(id, { sent }),
        })
          .then(
            () => update(id, { state: 'done', sent: file.size }),
            (error: unknown) => update(id, error instanceof UploadCancelled ? { state: 'cancelled' } : { state: 'failed', error }),
          )
          .finally(() => {
            controllers.current.delete(id);
            void refresh();
          });
      }
    },
    [refresh, update],
  );

  const cancel = useCallback((id: number) => controllers.current.get(id)?.abort(), []);
  const clearFinished = useCallback(() => setItems((current) => current.filter((item) => item.state === 'uploading')), []);
  return { items, start, cancel, clearFinished };
}
