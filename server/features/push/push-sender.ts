import type { FastifyBaseLogger } from 'fastify';
import { and, eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { PushPayload } from '../../../common/schemas/push.schema';
import type { DbOrTx } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { AppConfig } from '../../env';
import { isAllowedPushEndpoint } from './push.service';
import type { VapidKeys } from './vapid';
import type { Language } from '../../../common/domain/languages';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;
export type DeliveryResult = 'sent' | 'gone' | 'failed';

/** A push service that does not answer in this long is given up on for this reminder. */
const PUSH_TIMEOUT_MS = 10_000;
/** The longest a push service keeps an undelivered message (4 weeks, what they allow). */
const MAX_TTL_SECONDS = 28 * 24 * 60 * 60;

export type PushSenderDeps = { db: DbOrTx; vapid: VapidKeys; push: AppConfig['push']; log: FastifyBaseLogger };

/**
 * Sends one push message to one device (RFC 8030 + RFC 8291 aes128gcm, signed with VAPID, RFC 8292).
 * web-push encrypts and signs; the request itself goes through fetch (with a timeout, no redirects).
 * The push service's answer decides: 2xx → `sent` (the device's "last success" moves); 404 or 410 →
 * the subscription is gone (expired, unsubscribed, app data cleared) and its row is removed; anything
 * else → `failed`, logged, the row kept. `expiresAt`: the message is useless after it (the due instant),
 * so the push service drops it rather than deliver it late to a device that was off.
 */
export async function deliverPush(
  { db, vapid, push, log }: PushSenderDeps,
  subscription: SubscriptionRow,
  payload: PushPayload,
  expiresAt: Date,
  now: Date = new Date(),
): Promise<DeliveryResult> {
  if (!isAllowedPushEndpoint(subscription.endpoint, push)) {
    log.warn({ subscriptionId: subscription.id }, 'push endpoint no longer allowed (PUSH_SERVICE_HOSTS); not sent');
    return 'failed';
  }
  const ttl = Math.min(MAX_TTL_SECONDS, Math.max(60, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)));
  let status: number;
  try {
    const request = webPush.generateRequestDetails(
      { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
        TTL: ttl,
        contentEncoding: 'aes128gcm',
        urgency: 'high',
      },
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : undefined,
      redirect: 'error',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    // Bad keys (the browser's key does not decode) or no answer: this device is skipped this time.
    log.warn({ subscriptionId: subscription.id, err: error }, 'push not sent');
    return 'failed';
  }
  if (status >= 200 && status < 300) {
    await db.update(pushSubscriptions).set({ lastSuccessAt: now }).where(eq(pushSubscriptions.id, subscription.id));
    return 'sent';
  }
  if (status === 404 || status === 410) {
    // Only this exact row: the browser may have subscribed again (a new endpoint) meanwhile.
    await db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.id, subscription.id), eq(pushSubscriptions.endpoint, subscription.endpoint)));
    log.info({ subscriptionId: subscription.id, status }, 'push subscription gone; removed');
    return 'gone';
  }
  log.warn({ subscriptionId: subscription.id, status }, 'push service refused the message');
  return 'failed';
}

/**
 * Sends one message to each of the user's devices, written in the device's language; the results in
 * the devices' order. A device whose push service failed is not retried (at most once: decision 150).
 */
export async function deliverToUserDevices(
  deps: PushSenderDeps,
  userId: string,
  payloadFor: (language: Language) => PushPayload,
  expiresAt: Date,
  now: Date = new Date(),
): Promise<DeliveryResult[]> {
  const devices = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  return Promise.all(devices.map((device) => deliverPush(deps, device, payloadFor(device.language as Language), expiresAt, now)));
}
