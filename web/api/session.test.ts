import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { REWARD_QUERY_KEYS, POINTS_QUERY_KEY } from './rewards';
import { assessmentsQuery, gradingSystemQuery, isGradesQuery } from './grades';
import { coursesQuery } from './schedule';
import { sessionQuery } from './session';
import { studyStatsQuery } from './study';
import { tasksQuery } from './tasks';

const user = {
  id: 'u1',
  username: 'ada',
  isPremium: false,
  trialEndDate: '2026-12-01',
  createdAt: '2026-11-01T00:00:00.000Z',
  timeZone: 'UTC',
  language: null,
  roles: 'user',
  email: null,
  recoveryEmail: null,
  subscriptionTier: null,
};

/** The browser's fetch answering `status` with `body`; localStorage as a Map. Returns the fetch mock. */
function answer(status: number, body: object) {
  const storage = new Map<string, string>([[STORAGE_KEYS.homeCache, '{}']]);
  vi.stubGlobal('window', { location: { origin: 'http://app.test' } });
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  });
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return { fetch, storage };
}

afterEach(() => vi.unstubAllGlobals());

function client(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

describe('the session resource', () => {
  it('reads a 401 as "signed out": null, and forgets the cached user and dashboard', async () => {
    const { fetch, storage } = answer(401, { message: 'Not signed in', code: 'unauthorized' });
    storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    await expect(client().fetchQuery(sessionQuery)).resolves.toBeNull();
    expect(fetch).toHaveBeenCalledWith('http://app.test/api/auth/me', expect.objectContaining({ method: 'GET', credentials: 'include' }));
    expect(storage.has(STORAGE_KEYS.user)).toBe(false);
    expect(storage.has(STORAGE_KEYS.homeCache)).toBe(false);
  });

  it('answers the user and keeps the fields the premium display rule reads', async () => {
    const { storage } = answer(200, user);
    await expect(client().fetchQuery(sessionQuery)).resolves.toEqual(user);
    expect(JSON.parse(storage.get(STORAGE_KEYS.user)!)).toMatchObject({ id: 'u1', isPremium: false });
  });

  it('fails with the one client’s ApiError on any other failure (not "signed out")', async () => {
    answer(500, { message: 'boom', code: 'internal_error' });
    const error = await client()
      .fetchQuery(sessionQuery)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(500);
  });
});

describe('the session offline (docs/decisions/148)', () => {
  it('answers the remembered user when the request gets no answer at all', async () => {
    const { fetch, storage } = answer(200, user);
    storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client().fetchQuery(sessionQuery)).resolves.toEqual(user);
  });

  it('keeps no e-mail address in the record (offline they read as none)', async () => {
    const { fetch, storage } = answer(200, { ...user, email: 'ada@example.org', recoveryEmail: 'r@example.org' });
    await client().fetchQuery(sessionQuery);
    expect(storage.get(STORAGE_KEYS.user)).not.toContain('example.org');
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(client().fetchQuery(sessionQuery)).resolves.toEqual({ ...user, email: null, recoveryEmail: null });
    expect(storage.has(STORAGE_KEYS.user)).toBe(true);
  });

  it('fails offline when no whole user is remembered (an older partial record, or none)', async () => {
    const { fetch, storage } = answer(200, user);
    storage.set(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', isPremium: false }));
    fetch.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(client().fetchQuery(sessionQuery)).rejects.toBeInstanceOf(TypeError);
    storage.delete(STORAGE_KEYS.user);
    await expect(client().fetchQuery(sessionQuery)).rejects.toBeInstanceOf(TypeError);
  });
});

describe('every other resource', () => {
  it('is keyed by its GET path and fetched through the one client, so a 404 is an error, never "none yet"', async () => {
    expect(coursesQuery.queryKey).toEqual(['/api/courses']);
    const { fetch } = answer(404, { message: 'Not found', code: 'not_found' });
    const error = await client()
      .fetchQuery(coursesQuery)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledWith('http://app.test/api/courses', expect.objectContaining({ method: 'GET' }));
  });

  it('answers the JSON body', async () => {
    answer(200, [{ id: 't1' }]);
    await expect(client().fetchQuery(tasksQuery)).resolves.toEqual([{ id: 't1' }]);
  });

  it('shares its keys with the reward outcome (which writes points and refreshes the rest by key)', () => {
    expect(POINTS_QUERY_KEY).toEqual(['/api/points']);
    expect(REWARD_QUERY_KEYS).toEqual([['/api/achievements'], ['/api/challenges'], ['/api/points/history']]);
  });

  it('statistics keep the full GET path first and the shared path second (one predicate refreshes every range)', () => {
    const query = studyStatsQuery('2026-11-01', '2026-11-24');
    expect(query.queryKey).toEqual(['/api/study/stats?from=2026-11-01&to=2026-11-24', '/api/study/stats']);
    expect(studyStatsQuery(null, '2026-11-24').enabled).toBe(false);
  });

  it('the grading-system refresh matches the grades queries only', () => {
    expect(isGradesQuery({ queryKey: ['/api/grades'] })).toBe(true);
    expect(isGradesQuery(assessmentsQuery)).toBe(false);
    expect(isGradesQuery(gradingSystemQuery)).toBe(false);
  });
});
