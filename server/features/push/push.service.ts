import { asc, eq, sql } from 'drizzle-orm';
import { PUSH_ENDPOINT_MESSAGE, type PushSubscriptionBody, type PushSubscriptionView } from '../../../common/schemas/push.schema';
import type { DbOrTx } from '../../db/client';
import { deleteOwned } from '../../lib/owned';
import { pickColumns } from '../../db/pick-columns';
import { pushSubscriptions } from '../../db/schema';
import type { AppConfig } from '../../env';
import { badRequest } from '../../lib/http-error';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

function view(row: SubscriptionRow): PushSubscriptionView {
  return {
    ...pickColumns(row, ['id', 'endpoint', 'label']),
    language: row.language as PushSubscriptionView['language'],
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

/**
 * Whether the server may deliver to this endpoint: https, to a known push service (exact host or a
 * subdomain of one). Anything else is refused so a user cannot make the server POST to a URL of their
 * choosing (an internal address, another site). Tests allow http for their local stand-in.
 */
export function isAllowedPushEndpoint(endpoint: string, push: AppConfig['push']): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (push.allowInsecureEndpoints) return url.protocol === 'https:' || url.protocol === 'http:';
  // Only the default port: push services listen on 443, and any other port of an allowed host is not
  // their push service (URL() drops an explicit :443, so `url.port` is '' for every allowed endpoint).
  if (url.protocol !== 'https:' || url.username || url.password || url.port !== '') return false;
  const host = url.hostname.toLowerCase();
  return push.serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/**
 * Saves this browser's subscription for the user. Subscribing again (new keys after the browser
 * renewed them, another language) updates the row; an endpoint another account registered (the same
 * browser, signed in as someone else now) moves to this user, so the previous account's reminders stop.
 */
export async function subscribe(
  db: DbOrTx,
  userId: string,
  body: PushSubscriptionBody,
  push: AppConfig['push'],
): Promise<PushSubscriptionView> {
  if (!isAllowedPushEndpoint(body.endpoint, push)) {
    throw badRequest(PUSH_ENDPOINT_MESSAGE, [{ path: 'endpoint', message: PUSH_ENDPOINT_MESSAGE }], 'push_endpoint_not_allowed');
  }
  const values = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    label: body.label ?? null,
    language: body.language,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        ...values,
        // A browser moving to another account is a new device for that account.
        createdAt: sql`CASE WHEN ${pushSubscriptions.userId} = excluded.user_id THEN ${pushSubscriptions.createdAt} ELSE now() END`,
        lastSuccessAt: sql`CASE WHEN ${pushSubscriptions.userId} = excluded.user_id THEN ${pushSubscriptions.lastSuccessAt} ELSE NULL END`,
      },
    })
    .returning();
  return view(row!);
}

/** The user's devices, oldest first. */
export async function listSubscriptions(db: DbOrTx, userId: string): Promise<PushSubscriptionView[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(view);
}

/** Stops pushes to one of the user's devices; another user's id or an unknown one is a 404. */
export async function unsubscribe(db: DbOrTx, userId: string, id: string): Promise<void> {
  await deleteOwned(db, pushSubscriptions, userId, id, 'Device not found');
}
