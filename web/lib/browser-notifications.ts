/**
 * The one owner of the browser's Notification API (docs/product.md §5): support, permission (asked for only
 * inside a user gesture — setting a reminder, the Enable button, the focus timer's Start) and showing
 * one. Every feature goes through here so the guards and the service-worker fallback live once.
 */
import { NOTIFICATION_BADGE, NOTIFICATION_ICON } from './notification-icons';

export type NotificationState = NotificationPermission | 'unsupported';

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notificationPermission(): NotificationState {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

/** Asks for permission when it has not been decided yet; resolves to the resulting permission. */
export async function ensureNotificationPermission(): Promise<NotificationState> {
  if (!notificationsSupported()) return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/**
 * Shows a notification when permission is granted; `tag` replaces an earlier one with the same tag.
 * Never throws: some browsers (Android Chrome) only allow notifications from a service worker, and the
 * callers always have another signal (a toast, a chime).
 */
export function showNotification(title: string, options: { body: string; tag: string }): void {
  if (notificationPermission() !== 'granted') return;
  try {
    new Notification(title, { ...options, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE });
  } catch {
    // See above: no notification, the other signal still tells the user.
  }
}
