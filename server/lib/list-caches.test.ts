import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/factories';
import { counted } from '../test/row-cache-counts';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadConfig } from '../env';
import { sizeListCaches } from './list-caches';
import { lastRenderCache, rowTextCache } from './row-cache';

/** LIST_CACHE_MB (decision 252): one setting bounds the three list caches of the process. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
// The caches are the process's, and other test files share this worker: the default comes back after each test.
const DEFAULT_MB = loadConfig({}).listCacheMb;
afterEach(() => {
  sizeListCaches(DEFAULT_MB);
});

describe('sizeListCaches', () => {
  it('shares the megabytes out as the 72 MB default always was: 24 MB of bodies, 32 MB of row texts, 16 MB of last renders', () => {
    const MB = 1024 * 1024;
    expect(sizeListCaches(72)).toEqual({ bodyBytes: 24 * MB, rowTextBytes: 32 * MB, lastRenderBytes: 16 * MB });
    const shares = sizeListCaches(100);
    expect(shares.bodyBytes + shares.rowTextBytes + shares.lastRenderBytes).toBe(100 * MB);
  });

  it('bounds the live caches at once: shrunk below one list, a read renders every row again, with the same text', async () => {
    const user = await signUp(t);
    // Study sessions: a list with all three caches (a body, row texts, and a last render that reads its changes).
    for (let index = 0; index < 5; index += 1) {
      const response = await t.request({
        method: 'POST',
        url: '/api/study-sessions',
        token: user.token,
        payload: {
          startedAt: new Date(Date.UTC(2026, 0, 1 + index, 9)).toISOString(),
          durationMinutes: 25,
          type: 'focus',
          technique: 'pomodoro',
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const read = async () => {
      const response = await t.request({ method: 'GET', url: '/api/study-sessions', token: user.token });
      expect(response.statusCode).toBe(200);
      return response.json<unknown[]>();
    };
    const warm = await read();
    expect(rowTextCache.usedBytes).toBeGreaterThan(0);
    expect(lastRenderCache.size).toBeGreaterThan(0);

    // No room at all (the setting itself refuses less than 8 MB): nothing stays.
    sizeListCaches(0);
    expect(rowTextCache.size).toBe(0);
    expect(lastRenderCache.size).toBe(0);
    const cold = await counted(read);
    expect(cold.built).toBe(5);
    expect(cold.result).toEqual(warm);
    // Nothing was kept for the next read either.
    expect((await counted(read)).built).toBe(5);

    sizeListCaches(DEFAULT_MB);
    await read();
    expect((await counted(read)).built).toBe(0);
  });
});
