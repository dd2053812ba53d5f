// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createQueryClient } from '../lib/query-client';
import { firstRouteNeeds } from '../../common/domain/first-route-needs';
import { firstRoute, isShellPath } from './first-route';

function requestedPaths(): string[] {
  const fetch = vi.fn(async () => new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } }));
  vi.stubGlobal('fetch', fetch);
  return fetch.mock.calls as unknown as string[];
}
const paths = (calls: unknown[]) => (calls as [string][]).map(([url]) => new URL(url).pathname).sort();

afterEach(() => {
  localStorage.clear();
  document.head.querySelector('meta[name="studypilot-session"]')?.remove();
  vi.unstubAllGlobals();
});

describe('isShellPath', () => {
  it('is true for the signed-in pages and false for the public ones', () => {
    for (const path of ['/dashboard', '/tasks', '/help/some-article', '/feedback/mine']) expect(isShellPath(path), path).toBe(true);
    for (const path of ['/', '/auth', '/privacy-policy', '/terms-conditions', '/no-such-page']) expect(isShellPath(path), path).toBe(false);
  });
});

const startAll = (requests: ReturnType<typeof firstRoute>['requests']) => {
  const queryClient = createQueryClient();
  for (const start of requests) void start(queryClient);
};

// docs/decisions/102-first-route-data.md
describe('firstRoute', () => {
  it('asks for nothing in a browser that never signed in (no 401 on a public page, decision 075)', () => {
    const calls = requestedPaths();
    const first = firstRoute('/dashboard');
    startAll(first.requests);
    expect(first.namespaces).toEqual([]);
    expect(calls).toHaveLength(0);
  });

  it('starts the session, the shell and the dashboard together for a returning student on /dashboard', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada' }));
    const calls = requestedPaths();
    const first = firstRoute('/dashboard');
    startAll(first.requests);
    expect(first.namespaces).toEqual(expect.arrayContaining(['shell', 'settings', 'notifications', 'home']));
    expect(paths(calls)).toEqual(
      [
        '/api/auth/me',
        '/api/courses',
        '/api/holidays',
        '/api/points',
        '/api/premium/check',
        '/api/study-streak',
        '/api/tasks',
        '/api/terms',
      ].sort(),
    );
  });

  it('starts the same requests without the stored user when the server marked the page as asked with a session cookie', () => {
    const mark = document.createElement('meta');
    mark.name = 'studypilot-session';
    mark.content = 'cookie';
    document.head.append(mark);
    const calls = requestedPaths();
    const first = firstRoute('/dashboard');
    startAll(first.requests);
    expect(first.namespaces).toEqual(expect.arrayContaining(['shell', 'settings', 'notifications', 'home']));
    expect(paths(calls)).toContain('/api/auth/me');
    expect(paths(calls)).toContain('/api/tasks');
    expect(paths(calls)).toHaveLength(8);
  });

  it('starts only the session on a public page, and the shell on another shell page', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada' }));
    const calls = requestedPaths();
    startAll(firstRoute('/privacy-policy').requests);
    expect(paths(calls)).toEqual(['/api/auth/me']);
    const first = firstRoute('/tasks');
    startAll(first.requests);
    expect(first.namespaces).not.toContain('home');
    expect(paths(calls)).toEqual(['/api/auth/me', '/api/auth/me', '/api/points', '/api/premium/check']);
  });

  // shell.html preloads what common/domain/first-route-needs.ts lists (decision 165): a path the client
  // does not ask for would be downloaded for nothing, one it asks for that is not listed comes late.
  it.each(['/dashboard', '/tasks', '/help/some-article'])('asks on %s for exactly what shell.html preloads', (pathname) => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada' }));
    const calls = requestedPaths();
    const first = firstRoute(pathname);
    startAll(first.requests);
    const needs = firstRouteNeeds(pathname);
    expect(paths(calls)).toEqual([...needs.requests].sort());
    // initI18n loads common and shell besides the namespaces it is given.
    expect([...new Set(['common', 'shell', ...first.namespaces])].sort()).toEqual([...needs.namespaces].sort());
  });
});
