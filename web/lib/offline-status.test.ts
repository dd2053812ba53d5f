import { describe, expect, it } from 'vitest';
import { CACHED_AT_HEADER } from '../service-worker/api-cache';
import { noteApiResponse, noteConnectivity, noteNetworkFailure, offlineStatus } from './offline-status';

const answer = (cachedAt?: string) => ({ headers: new Headers(cachedAt ? { [CACHED_AT_HEADER]: cachedAt } : {}) });

describe('offline status', () => {
  it('goes offline on a fetch without an answer, and online on any answer from the server', () => {
    noteApiResponse(answer());
    expect(offlineStatus()).toEqual({ offline: false, dataFrom: null });
    noteNetworkFailure();
    expect(offlineStatus()).toEqual({ offline: true, dataFrom: null });
    noteApiResponse(answer());
    expect(offlineStatus()).toEqual({ offline: false, dataFrom: null });
  });

  it('reads a kept answer as offline and shows the oldest kept time', () => {
    noteApiResponse(answer('2026-11-24T10:05:00.000Z'));
    noteApiResponse(answer('2026-11-24T09:30:00.000Z'));
    noteApiResponse(answer('2026-11-24T11:00:00.000Z'));
    expect(offlineStatus()).toEqual({ offline: true, dataFrom: '2026-11-24T09:30:00.000Z' });
    noteConnectivity(true);
    expect(offlineStatus()).toEqual({ offline: false, dataFrom: null });
  });

  it('follows the browser going offline, keeping the time of the data shown', () => {
    noteApiResponse(answer('2026-11-24T10:05:00.000Z'));
    noteConnectivity(false);
    expect(offlineStatus()).toEqual({ offline: true, dataFrom: '2026-11-24T10:05:00.000Z' });
  });
});
