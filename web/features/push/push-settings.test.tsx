// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { interceptApi, renderWithProviders, writes } from '../../test/component-harness';
import { PushSettings } from './push-settings';

/**
 * The switch and device list → requests. jsdom has no service worker, Push API or Notification: the
 * test gives the page a browser that has them (a registration whose push manager subscribes), and
 * `fetch` stays the one interception point for the server.
 */
const THIS_ENDPOINT = 'https://fcm.googleapis.com/fcm/send/this-device';
const KEY = 'BPcM7Jy0bQ-YMq0AzwwOAoc8jhUgI_uyPpk4Xv5ddlVJdymeaH7kp1HuRxDeYqzgUBFDH0gqTKtPhvMj4HOrwZM';
const device = (id: string, endpoint: string, label: string | null) => ({
  id,
  endpoint,
  label,
  language: 'en',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastSuccessAt: null,
});

function fakeBrowser({ subscribed, permission = 'default' }: { subscribed: boolean; permission?: NotificationPermission }) {
  const unsubscribe = vi.fn(async () => true);
  let current: object | null = null;
  const makeSubscription = () => ({
    endpoint: THIS_ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: THIS_ENDPOINT, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
    unsubscribe,
  });
  if (subscribed) current = makeSubscription();
  const subscribe = vi.fn(async (_options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
    current = makeSubscription();
    return current;
  });
  const registration = { active: {}, pushManager: { getSubscription: async () => current, subscribe } };
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission }),
  );
  return { subscribe, unsubscribe, requestPermission };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushSettings → requests', () => {
  it('turns push on from the click only: permission, the server key, subscribe, then POST with name and language', async () => {
    const browser = fakeBrowser({ subscribed: false });
    const sent = interceptApi({
      'GET /api/push/subscriptions': [],
      'GET /api/push/vapid-public-key': { publicKey: KEY },
      'POST /api/push/subscriptions': device('d1', THIS_ENDPOINT, null),
    });
    await renderWithProviders(<PushSettings />);
    const toggle = await screen.findByRole('switch', { name: 'Push reminders on this device' });
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('No device receives push reminders yet.')).toBeTruthy();
    expect(browser.requestPermission).not.toHaveBeenCalled();

    fireEvent.click(toggle);
    await waitFor(() => expect(writes(sent)).toHaveLength(1));
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const [options] = browser.subscribe.mock.calls[0]!;
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(writes(sent)[0]).toEqual({
      method: 'POST',
      path: '/api/push/subscriptions',
      body: { endpoint: THIS_ENDPOINT, keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) }, label: null, language: 'en' },
    });
  });

  it('lists the devices, marks this one, and turning the switch off removes this device and ends its subscription', async () => {
    const browser = fakeBrowser({ subscribed: true, permission: 'granted' });
    const sent = interceptApi({
      'GET /api/push/subscriptions': [
        device('d1', THIS_ENDPOINT, 'Chrome · Android'),
        device('d2', 'https://web.push.apple.com/x', 'Safari · iOS'),
      ],
      'DELETE /api/push/subscriptions/d1': null,
    });
    await renderWithProviders(<PushSettings />);
    const toggle = await screen.findByRole('switch', { name: 'Push reminders on this device' });
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(screen.getByText('This device')).toBeTruthy();
    expect(screen.getByText('Safari · iOS')).toBeTruthy();
    await waitFor(() => expect(toggle.hasAttribute('disabled')).toBe(false));
    fireEvent.click(toggle);
    await waitFor(() => expect(writes(sent).map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/push/subscriptions/d1']));
    await waitFor(() => expect(browser.unsubscribe).toHaveBeenCalledTimes(1));
  });

  it("removes another device by its id without touching this browser's subscription", async () => {
    const browser = fakeBrowser({ subscribed: false, permission: 'granted' });
    const sent = interceptApi({
      'GET /api/push/subscriptions': [
        device('d2', 'https://web.push.apple.com/x', 'Safari · iOS'),
        device('d3', 'https://fcm.googleapis.com/y', null),
      ],
      'DELETE /api/push/subscriptions/d3': null,
    });
    await renderWithProviders(<PushSettings />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Unnamed device' }));
    await waitFor(() => expect(writes(sent).map(({ method, path }) => `${method} ${path}`)).toEqual(['DELETE /api/push/subscriptions/d3']));
    expect(browser.unsubscribe).not.toHaveBeenCalled();
  });

  it('a browser without the Push API gets a disabled switch that says why', async () => {
    interceptApi({ 'GET /api/push/subscriptions': [] });
    await renderWithProviders(<PushSettings />);
    const toggle = await screen.findByRole('switch', { name: 'Push reminders on this device' });
    expect(toggle.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This browser cannot receive push reminders. Reminders appear while StudyPilot is open.')).toBeTruthy();
  });
});
