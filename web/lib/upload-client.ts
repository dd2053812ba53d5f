import { ApiError } from './api-client';
import { noteApiStatus } from './service-unavailable';

/** Thrown when the user cancels an upload (not a failure to report). */
export class UploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelled';
  }
}

/**
 * POSTs multipart form data with upload progress (fetch has no upload progress in browsers yet, so
 * this is the one place that uses XMLHttpRequest). Same contract as lib/api-client.ts: credentials
 * included, a non-OK answer becomes `ApiError` with the status and docs/api.md's body. `signal` cancels:
 * the request is aborted and the promise rejects with `UploadCancelled`.
 */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  { onProgress, signal }: { onProgress?: (sent: number, total: number) => void; signal?: AbortSignal } = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', new URL(path, window.location.origin).toString());
    request.withCredentials = true;
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    request.onload = () => {
      noteApiStatus(request.status, { write: true });
      if (request.status >= 200 && request.status < 300) {
        try {
          resolve(JSON.parse(request.responseText) as T);
        } catch (error) {
          reject(error instanceof Error ? error : new Error('Invalid response'));
        }
        return;
      }
      reject(new ApiError(request.status, request.responseText, request.statusText));
    };
    // A server that refuses early (413 before reading the body) may close the connection mid-send.
    request.onerror = () => reject(new ApiError(0, '', 'Network error'));
    request.onabort = () => reject(new UploadCancelled());
    if (signal?.aborted) {
      reject(new UploadCancelled());
      return;
    }
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
