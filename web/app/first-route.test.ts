// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { createQueryClient } from '../lib/query-client';
import { firstRouteNeeds, PAGE_NEEDS } from '../../common/domain/first-route-needs';
import { filesQuery, foldersQuery, storageQuery } from '../api/files';
import { assessmentsQuery, customScaleQuery, gradesQuery, gradingSystemQuery } from '../api/grades';
import { progressSummaryQuery } from '../api/progress';
import { shopQuery } from '../api/rewards';
import { attendanceQuery, calendarFeedQuery, coursesQuery, holidaysQuery, termsQuery } from '../api/schedule';
import { studyStreakQuery } from '../api/study';
import { studyPlanQuery } from '../api/study-plan';
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

  it('starts only the session on a public page, and the shell on a shell page without needs of its own', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada' }));
    const calls = requestedPaths();
    startAll(firstRoute('/privacy-policy').requests);
    expect(paths(calls)).toEqual(['/api/auth/me']);
    const first = firstRoute('/help/some-article');
    startAll(first.requests);
    expect(first.namespaces).not.toContain('home');
    expect(paths(calls)).toEqual(['/api/auth/me', '/api/auth/me', '/api/points', '/api/premium/check']);
  });

  // shell.html preloads what common/domain/first-route-needs.ts lists (decision 165): a path the client
  // does not ask for would be downloaded for nothing, one it asks for that is not listed comes late.
  it.each([...Object.keys(PAGE_NEEDS), '/help/some-article'])('asks on %s for exactly what shell.html preloads', (pathname) => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada' }));
    const calls = requestedPaths();
    const first = firstRoute(pathname);
    startAll(first.requests);
    const needs = firstRouteNeeds(pathname);
    expect(paths(calls)).toEqual([...needs.requests].sort());
    // initI18n loads common and shell besides the namespaces it is given.
    expect([...new Set(['common', 'shell', ...first.namespaces])].sort()).toEqual([...needs.namespaces].sort());
  });

  // The prefetch of a page's read is the plain resource of its path (first-route.ts): it must store
  // under the page's own query's key what that query would, else the page fetches again or reads
  // another shape. The task list's query is the page's own object (OWN_QUERIES).
  const PAGES_OWN_QUERIES: Record<string, { queryKey: readonly unknown[] }> = Object.fromEntries(
    [
      coursesQuery,
      termsQuery,
      holidaysQuery,
      studyStreakQuery,
      assessmentsQuery,
      attendanceQuery,
      studyPlanQuery,
      calendarFeedQuery,
      gradesQuery,
      gradingSystemQuery,
      customScaleQuery,
      progressSummaryQuery,
      shopQuery,
      filesQuery,
      foldersQuery,
      storageQuery,
    ].map((query) => [query.queryKey[0], query]),
  );

  it.each(Object.keys(PAGE_NEEDS))("stores on %s each read under the page's own query, as that query would", async (pathname) => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada' }));
    // Each path answers a body of its own, so that a read stored under another key shows.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        Response.json({ path: new URL(url).pathname, items: [1, 2] }, { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    const prefetched = createQueryClient();
    await Promise.all(firstRoute(pathname).requests.map((start) => start(prefetched)));
    for (const path of PAGE_NEEDS[pathname]?.requests ?? []) {
      if (path === '/api/tasks') continue;
      const own = PAGES_OWN_QUERIES[path];
      expect(own, `the page's query of ${path}`).toBeDefined();
      expect(own?.queryKey).toEqual([path]);
      const fresh = createQueryClient();
      expect(prefetched.getQueryData([path]), path).toEqual(await fresh.fetchQuery(own as Parameters<typeof fresh.fetchQuery>[0]));
    }
  });
});
