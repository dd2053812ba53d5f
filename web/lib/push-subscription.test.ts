import { afterEach, describe, expect, it, vi } from 'vitest';
import { deviceLabel, findThisPushDevice, thisPushDevice } from './push-subscription';

const DEVICES = [
  { id: 'd1', endpoint: 'https://push.example/one' },
  { id: 'd2', endpoint: 'https://push.example/two' },
];

/** A browser with an active service worker whose push subscription is `endpoint` (null: none). */
function browserSubscribedAs(endpoint: string | null) {
  const subscription = endpoint ? { endpoint, unsubscribe: async () => true } : null;
  vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('navigator', {
    serviceWorker: { getRegistration: async () => ({ active: {}, pushManager: { getSubscription: async () => subscription } }) },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('this browser among the user’s push devices', () => {
  it('is the device with its subscription’s endpoint; none without an endpoint or when not listed', () => {
    expect(thisPushDevice(DEVICES, 'https://push.example/two')?.id).toBe('d2');
    expect(thisPushDevice(DEVICES, 'https://push.example/other')).toBeUndefined();
    expect(thisPushDevice(DEVICES, null)).toBeUndefined();
    expect(thisPushDevice(DEVICES, undefined)).toBeUndefined();
    expect(thisPushDevice(undefined, 'https://push.example/one')).toBeUndefined();
  });

  it('found from the subscription: the devices are read only when there is one', async () => {
    const readDevices = vi.fn(async () => DEVICES);
    browserSubscribedAs('https://push.example/one');
    const found = await findThisPushDevice(readDevices);
    expect(found?.device?.id).toBe('d1');
    expect(found?.subscription.endpoint).toBe('https://push.example/one');

    browserSubscribedAs('https://push.example/gone');
    expect((await findThisPushDevice(readDevices))?.device).toBeUndefined();
    expect(readDevices).toHaveBeenCalledTimes(2);

    browserSubscribedAs(null);
    expect(await findThisPushDevice(readDevices)).toBeNull();
    expect(readDevices).toHaveBeenCalledTimes(2);
  });
});

describe('deviceLabel', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge · Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox · Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome · macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet · Android',
    ],
    ['curl/8.0', null],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});
