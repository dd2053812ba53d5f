/**
 * The one owner of the browser's Push API on the page (docs/decisions/150-push-reminders.md): whether
 * this browser can receive pushes, this device's subscription, subscribing (only from a click: it asks
 * for notification permission) and unsubscribing. The service worker that receives the pushes is
 * registered by the app shell (web/service-worker); its push side is web/service-worker/push.ts.
 */
import { useEffect, useState } from 'react';
import { apiJson } from './api-client';
import { ensureNotificationPermission, notificationPermission } from './browser-notifications';

export type PushSupport = 'supported' | 'unsupported' | 'denied';

/** How long to wait for the app's service worker before saying it is not running. */
const SERVICE_WORKER_WAIT_MS = 5000;

export function pushSupport(): PushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window)) return 'unsupported';
  const permission = notificationPermission();
  if (permission === 'unsupported') return 'unsupported';
  return permission === 'denied' ? 'denied' : 'supported';
}

/** The app's service worker registration, or null when none is active (not installed yet, or disabled). */
async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing?.active) return existing;
  if (!existing) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), SERVICE_WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This browser's push subscription, or null. Never asks for anything. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  try {
    const registration = await serviceWorkerRegistration();
    return (await registration?.pushManager.getSubscription()) ?? null;
  } catch {
    return null;
  }
}

/** This browser's entry among the user's push devices (the one with its subscription's endpoint), or undefined. */
export function thisPushDevice<D extends { endpoint: string }>(
  devices: readonly D[] | undefined,
  endpoint: string | null | undefined,
): D | undefined {
  return endpoint ? devices?.find((device) => device.endpoint === endpoint) : undefined;
}

/**
 * This browser's subscription and its entry among the user's devices, or null when it has no
 * subscription (the devices are not read then); `device` is undefined when the server does not list it.
 */
export async function findThisPushDevice<D extends { id: string; endpoint: string }>(
  readDevices: () => Promise<D[]>,
): Promise<{ subscription: PushSubscription; device: D | undefined } | null> {
  const subscription = await currentPushSubscription();
  if (!subscription) return null;
  return { subscription, device: thisPushDevice(await readDevices(), subscription.endpoint) };
}

/**
 * This browser's push endpoint for a component: undefined while it is read, null when not subscribed.
 * Read again when `revision` changes (the device list was read again) and on `refresh()` (after a change here).
 */
export function usePushEndpoint(revision?: unknown): [endpoint: string | null | undefined, refresh: () => void] {
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void currentPushSubscription().then((subscription) => {
      if (!cancelled) setEndpoint(subscription?.endpoint ?? null);
    });
    return () => {
      cancelled = true;
    };
  }, [version, revision]);
  return [endpoint, () => setVersion((value) => value + 1)];
}

/** What the server stores of a subscription (POST /api/push/subscriptions without the language). */
export type PushSubscriptionKeys = { endpoint: string; keys: { p256dh: string; auth: string } };

export type SubscribeResult =
  { status: 'subscribed'; subscription: PushSubscriptionKeys } | { status: 'denied' | 'unsupported' | 'no-service-worker' };

function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function keysOf(subscription: PushSubscription): PushSubscriptionKeys | null {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  return json.endpoint && p256dh && auth ? { endpoint: json.endpoint, keys: { p256dh, auth } } : null;
}

/**
 * Asks for notification permission (call it from a click only) and subscribes this browser with the
 * server's VAPID public key. A subscription made with another key (the server's keys changed) is
 * replaced.
 */
export async function subscribeToPush(vapidPublicKey: string): Promise<SubscribeResult> {
  if (pushSupport() === 'unsupported') return { status: 'unsupported' };
  const permission = await ensureNotificationPermission();
  if (permission === 'unsupported') return { status: 'unsupported' };
  if (permission !== 'granted') return { status: 'denied' };
  const registration = await serviceWorkerRegistration();
  if (!registration) return { status: 'no-service-worker' };
  const applicationServerKey = base64UrlToBytes(vapidPublicKey);
  let subscription = await registration.pushManager.getSubscription();
  const existingKey = subscription?.options.applicationServerKey;
  if (subscription && existingKey && !sameBytes(new Uint8Array(existingKey), applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const keys = keysOf(subscription);
  return keys ? { status: 'subscribed', subscription: keys } : { status: 'unsupported' };
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/** Ends this browser's subscription (the server's row is removed by the caller). */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  await subscription?.unsubscribe();
}

/**
 * A name for this device in the list, from the user agent: browser and system as proper nouns only
 * ("Chrome · Android"), so it reads the same in every language; null when neither is recognised.
 */
export function deviceLabel(userAgent: string): string | null {
  const browser = (
    [
      [/Edg\//, 'Edge'],
      [/OPR\/|Opera/, 'Opera'],
      [/SamsungBrowser/, 'Samsung Internet'],
      [/Firefox\/|FxiOS/, 'Firefox'],
      [/Chrome\/|CriOS/, 'Chrome'],
      [/Safari\//, 'Safari'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = (
    [
      [/Android/, 'Android'],
      [/iPhone|iPad|iPod/, 'iOS'],
      [/Windows/, 'Windows'],
      [/Mac OS X|Macintosh/, 'macOS'],
      [/CrOS/, 'ChromeOS'],
      [/Linux/, 'Linux'],
    ] as const
  ).find(([pattern]) => pattern.test(userAgent))?.[1];
  const parts = [browser, system].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** How long signing out waits for this device's push subscription to be removed. */
const SIGN_OUT_WAIT_MS = 3000;

/**
 * Before signing out: this browser stops receiving the account's reminders — its row on the server is
 * removed while the session still exists, and the browser's subscription ends — so the next person on
 * a shared computer never sees them. Bounded in time and never throws: signing out always goes on.
 */
export async function forgetThisDeviceOnSignOut(): Promise<void> {
  const forget = async () => {
    const found = await findThisPushDevice(() => apiJson<Array<{ id: string; endpoint: string }>>('GET', '/api/push/subscriptions'));
    if (!found) return;
    if (found.device) await apiJson<null>('DELETE', `/api/push/subscriptions/${found.device.id}`);
    await found.subscription.unsubscribe();
  };
  await Promise.race([forget().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, SIGN_OUT_WAIT_MS))]);
}
