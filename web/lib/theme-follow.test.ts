// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage-keys';
import { followSystemMode } from './theme';

/** A controllable `prefers-color-scheme: dark` query. */
function fakeSystemMode(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', () => ({
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  }));
  return {
    set(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener());
    },
    listenerCount: () => listeners.size,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  document.documentElement.classList.remove('dark');
});

describe('followSystemMode', () => {
  it.each([
    ['system', true, true],
    ['system', false, false],
    ['light', true, false],
    ['dark', false, true],
  ] as const)('stored mode %s, system switches to dark=%s: <html> dark is %s', (mode, systemDark, expected) => {
    localStorage.setItem(STORAGE_KEYS.themeMode, mode);
    document.documentElement.classList.toggle('dark', mode === 'dark');
    const system = fakeSystemMode(!systemDark);
    const stop = followSystemMode();
    system.set(systemDark);
    expect(document.documentElement.classList.contains('dark')).toBe(expected);
    stop();
    expect(system.listenerCount()).toBe(0);
  });

  it('reads the mode at each change: a mode picked meanwhile wins', () => {
    localStorage.setItem(STORAGE_KEYS.themeMode, 'system');
    const system = fakeSystemMode(false);
    const stop = followSystemMode();
    system.set(true);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    localStorage.setItem(STORAGE_KEYS.themeMode, 'dark');
    system.set(false);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    stop();
  });
});
