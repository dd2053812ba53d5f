import { noteApiResponse, noteNetworkFailure } from './offline-status';
import { noteApiStatus } from './service-unavailable';

/**
 * The one HTTP client (docs/product.md §7): paths resolve against the current origin, JSON in and out,
 * no-cache requests (revalidated with the ETag, decision 092), credentials always included (the HttpOnly session cookie). A non-OK response
 * throws `ApiError` (status and docs/api.md's body; read it through lib/api-errors.ts) — except the statuses a
 * call lists in `accept`, which are answers to it rather than failures (the session read's 401: "signed out").
 * Every request of the web goes through here (downloads and previews too: lint forbids `fetch(` in the
 * features and the app), so each failure reaches the 503 toast and the offline marker; the one exception
 * is lib/upload-client.ts, whose XMLHttpRequest reports upload progress, which `fetch` cannot.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  /** Sent as `Idempotency-Key`, so a repeated write (double click, retry) happens once (docs/api.md). */
  idempotencyKey?: string;
  /** Non-OK statuses this call reads as an answer instead of throwing (GET /api/auth/me: 401 is "signed out"). */
  accept?: readonly number[];
  /** Extra request headers (a text preview's `Range`). */
  headers?: Readonly<Record<string, string>>;
  /** Cancels the request (a preview closed before its bytes arrived). */
  signal?: AbortSignal;
};

export async function apiRequest(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const url = /^https?:\/\//.test(path) ? path : new URL(path, window.location.origin).toString();
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      // no-cache: the browser may keep an answer but asks the server every time, sending its ETag
      // (`Cache-Control: max-age=0` + If-None-Match); a list that has not changed comes back 304 without
      // a body (docs/decisions/092). A hand-set `Cache-Control: no-cache` or `Pragma` request header
      // would make Chromium skip its cache altogether, so none is set here.
      cache: 'no-cache',
      headers: {
        'Content-Type': 'application/json',
        ...(options.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {}),
        ...options.headers,
      },
      signal: options.signal,
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
    });
  } catch (error) {
    // Cancelled by its caller: nobody is waiting for the answer, and the network is not to blame.
    if (options.signal?.aborted) throw error;
    // No answer at all: offline (lib/offline-status.ts shows it; writes may be queued, web/api/offline-writes.ts).
    noteNetworkFailure();
    throw error;
  }
  noteApiResponse(response);
  noteApiStatus(response.status, { write: method !== 'GET' });
  if (!response.ok && !options.accept?.includes(response.status)) {
    const text = await response.text();
    throw new ApiError(response.status, text, response.statusText);
  }
  return response;
}

/** apiRequest + JSON body (null for 204). */
export async function apiJson<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const response = await apiRequest(method, path, body, options);
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}
