// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { interceptApi, writes, type Routes } from '../../test/component-harness';
import { useFocusTimer } from './use-focus-timer';

/**
 * The timer → the device's push alarm (docs/decisions/152-focus-phase-push.md). jsdom has no service
 * worker or Push API: the test gives the page a browser with (or without) a push subscription, and
 * `fetch` is the one interception point for the server.
 */
const THIS_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';
const devices = [
  {
    id: 'd1',
    endpoint: 'https://web.push.apple.com/other',
    label: null,
    language: 'en',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSuccessAt: null,
  },
  { id: 'd2', endpoint: THIS_ENDPOINT, label: null, language: 'en', createdAt: '2026-11-20T10:00:00.000Z', lastSuccessAt: null },
];

function browserWithPush(subscribed: boolean) {
  const getSubscription = vi.fn(async () => (subscribed ? { endpoint: THIS_ENDPOINT } : null));
  const registration = { active: {}, pushManager: { getSubscription } };
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission: 'granted' }),
  );
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { getSubscription };
}

function renderTimer() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useFocusTimer(() => {}), { wrapper });
}

const ALARM = '/api/push/subscriptions/d2/focus-alarm';
const routes: Routes = { 'GET /api/push/subscriptions': devices, [`PUT ${ALARM}`]: null, [`DELETE ${ALARM}`]: null };
const calls = (sent: ReturnType<typeof interceptApi>) => writes(sent).map(({ method, path }) => `${method} ${path}`);
const selection = { courseId: null, type: 'focus' };

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('useFocusTimer → the push alarm of this device', () => {
  it('start sets the alarm at the phase end; pause cancels it; resume sets the new end; reset cancels', async () => {
    browserWithPush(true);
    const sent = interceptApi(routes);
    const { result } = renderTimer();

    const before = Date.now();
    act(() => result.current.start(selection));
    await waitFor(() => expect(calls(sent)).toEqual([`PUT ${ALARM}`]));
    const put = writes(sent)[0]!.body as { phase: string; endsAt: string };
    expect(put.phase).toBe('focus');
    expect(put.endsAt).toBe(new Date(result.current.state.endsAt!).toISOString());
    expect(Date.parse(put.endsAt) - before).toBeGreaterThanOrEqual(25 * 60_000);
    expect(Object.keys(put).sort()).toEqual(['endsAt', 'phase']);

    act(() => result.current.pause());
    await waitFor(() => expect(calls(sent)).toEqual([`PUT ${ALARM}`, `DELETE ${ALARM}`]));
    act(() => result.current.resume());
    await waitFor(() => expect(calls(sent)).toHaveLength(3));
    expect(writes(sent)[2]).toMatchObject({ method: 'PUT', path: ALARM, body: { phase: 'focus' } });
    act(() => result.current.reset());
    await waitFor(() => expect(calls(sent)).toEqual([`PUT ${ALARM}`, `DELETE ${ALARM}`, `PUT ${ALARM}`, `DELETE ${ALARM}`]));
    // The device list was read once, for all four.
    expect(sent.filter((request) => request.method === 'GET')).toHaveLength(1);
  });

  it('a break sets its own phase; skip cancels; course or settings changes leave the alarm alone', async () => {
    browserWithPush(true);
    const sent = interceptApi(routes);
    const { result } = renderTimer();
    act(() => result.current.selectMode('shortBreak'));
    act(() => result.current.start(selection));
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(writes(sent)[0]!.body).toMatchObject({ phase: 'shortBreak' });
    act(() => result.current.selectForPhase({ courseId: 'c1', type: 'reading' }));
    act(() => result.current.updateSettings({ focusMinutes: 50, shortBreakMinutes: 10, longBreakMinutes: 20, longBreakEvery: 4 }));
    act(() => result.current.skip());
    await waitFor(() => expect(calls(sent)).toEqual([`PUT ${ALARM}`, `DELETE ${ALARM}`]));
  });

  it('a page opened on a running phase sets its alarm again', async () => {
    browserWithPush(true);
    const first = interceptApi(routes);
    const { result, unmount } = renderTimer();
    act(() => result.current.start(selection));
    await waitFor(() => expect(writes(first)).toHaveLength(1));
    const endsAt = (writes(first)[0]!.body as { endsAt: string }).endsAt;
    unmount();
    const sent = interceptApi(routes);
    renderTimer();
    await waitFor(() => expect(writes(sent)).toEqual([{ method: 'PUT', path: ALARM, body: { phase: 'focus', endsAt } }]));
  });

  it('sends nothing at all on a device without push', async () => {
    const browser = browserWithPush(false);
    const sent = interceptApi(routes);
    const { result } = renderTimer();
    act(() => result.current.start(selection));
    act(() => result.current.pause());
    expect(result.current.state.status).toBe('paused');
    // Both changes looked for this browser's subscription, found none, and stopped there.
    await waitFor(() => expect(browser.getSubscription).toHaveBeenCalledTimes(2));
    expect(sent).toEqual([]);
  });

  it('offline: the timer runs on, and nothing is thrown or retried in a loop', async () => {
    browserWithPush(true);
    const failed: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      failed.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      throw new TypeError('Failed to fetch');
    });
    const { result } = renderTimer();
    act(() => result.current.start(selection));
    await waitFor(() => expect(failed).toEqual(['GET /api/push/subscriptions']));
    expect(result.current.state.status).toBe('running');
    act(() => result.current.pause());
    await waitFor(() => expect(failed).toHaveLength(2));
    expect(result.current.state.status).toBe('paused');
  });
});
