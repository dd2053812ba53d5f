import { describe, expect, it } from 'vitest';
import {
  apiCacheName,
  apiCachesToDelete,
  cachedUser,
  changesSignedInUser,
  isOfflineRead,
  isSessionRead,
  userOfApiCache,
} from './api-cache';

const origin = 'https://studypilot.example';
const url = (path: string, base = origin) => new URL(path, base);

describe('isOfflineRead', () => {
  it.each([
    ['/api/tasks', true],
    ['/api/tasks?status=completed', true],
    ['/api/courses', true],
    ['/api/grades/summary', true],
    ['/api/study/stats?from=2026-11-01&to=2026-11-24', true],
    ['/api/study-sessions', true],
    ['/api/progress/summary', true],
    ['/api/auth/me', false],
    ['/api/auth/login', false],
    ['/api/account/profile', false],
    ['/api/calendar/feed', false],
    ['/api/files/abc/download', false],
    ['/api/admin/users', false],
    ['/api/push/subscriptions', false],
    ['/api/tasksX', false],
    // The live stream (decision 212) is never kept: it is no answer to replay.
    ['/api/live', false],
    ['/dashboard', false],
  ])('%s → %s', (path, expected) => {
    expect(isOfflineRead('GET', url(path), origin)).toBe(expected);
  });

  it('keeps no write and nothing of another origin', () => {
    expect(isOfflineRead('POST', url('/api/tasks'), origin)).toBe(false);
    expect(isOfflineRead('PATCH', url('/api/tasks/1'), origin)).toBe(false);
    expect(isOfflineRead('GET', url('/api/tasks', 'https://other.example'), origin)).toBe(false);
  });
});

describe('the session and sign-in writes', () => {
  it('reads the session from GET /api/auth/me only', () => {
    expect(isSessionRead('GET', url('/api/auth/me'), origin)).toBe(true);
    expect(isSessionRead('POST', url('/api/auth/me'), origin)).toBe(false);
    expect(isSessionRead('GET', url('/api/auth/me', 'https://other.example'), origin)).toBe(false);
  });

  it('treats every auth write and account deletion as a change of user', () => {
    for (const path of ['/api/auth/login', '/api/auth/register', '/api/auth/logout', '/api/user/delete', '/api/account']) {
      expect(changesSignedInUser(path === '/api/account' ? 'DELETE' : 'POST', url(path), origin)).toBe(true);
    }
    expect(changesSignedInUser('POST', url('/api/tasks'), origin)).toBe(false);
    expect(changesSignedInUser('GET', url('/api/auth/me'), origin)).toBe(false);
  });
});

describe('cache keying: one cache per user, another user’s never kept', () => {
  const names = ['workbox-precache-v2-https://studypilot.example/', apiCacheName('alice'), apiCacheName('bob')];

  it('names caches by user and reads the user back', () => {
    expect(apiCacheName('alice')).toBe('studypilot-api-alice');
    expect(userOfApiCache('studypilot-api-alice')).toBe('alice');
    expect(userOfApiCache('studypilot-api-')).toBeNull();
    expect(userOfApiCache('workbox-precache-v2')).toBeNull();
  });

  it('deletes every API cache but the signed-in user’s, and all of them when no one is signed in', () => {
    expect(apiCachesToDelete(names, 'alice')).toEqual([apiCacheName('bob')]);
    expect(apiCachesToDelete(names, 'carol')).toEqual([apiCacheName('alice'), apiCacheName('bob')]);
    expect(apiCachesToDelete(names, null)).toEqual([apiCacheName('alice'), apiCacheName('bob')]);
    expect(apiCachesToDelete([names[0]!], null)).toEqual([]);
  });

  it('knows the cached user only when exactly one API cache exists', () => {
    expect(cachedUser([names[0]!, apiCacheName('alice')])).toBe('alice');
    expect(cachedUser(names)).toBeNull();
    expect(cachedUser([names[0]!])).toBeNull();
  });
});
