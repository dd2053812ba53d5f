import { afterEach, describe, expect, it, vi } from 'vitest';
import { NAVIGATION_TIMEOUT_MS, networkFirstNavigation } from './navigation';

/**
 * A page opened under the service worker (decision 220): the server's document (a signed-in page's
 * frame) first, the precached index.html when the network fails, errs or stays silent.
 */
const page = (body: string, status = 200) => new Response(body, { status });
const precached = () => Promise.resolve(page('precached index.html'));

describe('networkFirstNavigation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers with the server's document when it comes", async () => {
    const fallback = vi.fn(precached);
    const response = await networkFirstNavigation(() => Promise.resolve(page('shell.html with the frame')), fallback);
    expect(await response.text()).toBe('shell.html with the frame');
    expect(fallback).not.toHaveBeenCalled();
  });

  it('keeps a refusal of the server that is not its failure (a redirect, a 404 page)', async () => {
    const response = await networkFirstNavigation(() => Promise.resolve(page('not found page', 404)), precached);
    expect(response.status).toBe(404);
  });

  it('answers with the precached index.html offline and when the server fails (5xx)', async () => {
    const offline = await networkFirstNavigation(() => Promise.reject(new TypeError('Failed to fetch')), precached);
    expect(await offline.text()).toBe('precached index.html');
    const failing = await networkFirstNavigation(() => Promise.resolve(page('overloaded', 503)), precached);
    expect(await failing.text()).toBe('precached index.html');
  });

  it('answers with the precached index.html once the network has been silent for the timeout', async () => {
    vi.useFakeTimers();
    const fallback = vi.fn(precached);
    let settled = false;
    const answer = networkFirstNavigation(() => new Promise<Response>(() => {}), fallback).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(NAVIGATION_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    expect(fallback).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await (await answer).text()).toBe('precached index.html');
  });
});
