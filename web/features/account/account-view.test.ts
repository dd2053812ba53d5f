import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { deviceName, maskEmail } from './account-view';

describe('maskEmail', () => {
  it.each([
    ['backup@example.org', 'b•••@example.org'],
    ['a@b.co', 'a•••@b.co'],
    ['first.last+tag@mail.example.com', 'f•••@mail.example.com'],
    ['no-at-sign', '•••'],
    ['@example.org', '•••'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});

describe('deviceName', () => {
  const t = ((key: string, values?: Record<string, string>) =>
    values ? `${key}:${values.browser}/${values.os}` : key) as unknown as TFunction;
  it('names browser and system, either one alone, or an unknown device', () => {
    expect(deviceName(t, { browser: 'Chrome', os: 'Windows', mobile: false })).toBe('account:sessions.device:Chrome/Windows');
    expect(deviceName(t, { browser: 'Firefox', os: null, mobile: false })).toBe('Firefox');
    expect(deviceName(t, { browser: null, os: 'Android', mobile: true })).toBe('Android');
    expect(deviceName(t, { browser: null, os: null, mobile: false })).toBe('account:sessions.unknownDevice');
  });
});
