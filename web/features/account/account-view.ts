import type { TFunction } from 'i18next';
import type { AccountSession } from '../../../common/schemas/account.schema';

/**
 * An address shown without giving it away: the first character of the name, then dots, then the
 * domain ("b•••@example.org"). A value without "@" is dotted out whole.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** "Chrome on Windows", or what is known of it, in the user's language. */
export function deviceName(t: TFunction, device: AccountSession['device']): string {
  if (device.browser && device.os) return t('account:sessions.device', { browser: device.browser, os: device.os });
  return device.browser ?? device.os ?? t('account:sessions.unknownDevice');
}
