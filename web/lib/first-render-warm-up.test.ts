// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage-keys';

/** Counts what is built with `Intl[name]` from now on, until the returned function restores it. */
function countConstructions(name: 'NumberFormat' | 'DateTimeFormat'): { count: () => number; restore: () => void } {
  const original = Intl[name] as unknown as new (...args: unknown[]) => object;
  let built = 0;
  const counting = function (...args: unknown[]) {
    built += 1;
    return new original(...args);
  };
  Intl[name] = counting as never;
  return { count: () => built, restore: () => void (Intl[name] = original as never) };
}

// Fresh modules for each test: the formatter caches are module state.
async function freshModules() {
  vi.resetModules();
  const [{ FIRST_RENDER_WARM_UPS }, format, localTime] = await Promise.all([
    import('./first-render-warm-up'),
    import('./format'),
    import('../../common/domain/local-time'),
  ]);
  return { FIRST_RENDER_WARM_UPS, ...format, ...localTime };
}

const rememberUser = (timeZone: string | null) =>
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', username: 'ada', roles: 'student', timeZone }));

afterEach(() => {
  localStorage.clear();
});

// docs/decisions/171-app-start-in-short-tasks.md
describe('FIRST_RENDER_WARM_UPS', () => {
  it('builds the formatters the first render reads, so the render builds none of them', async () => {
    rememberUser('Asia/Kolkata');
    const modules = await freshModules();
    for (const warmUp of modules.FIRST_RENDER_WARM_UPS) warmUp();
    const numbers = countConstructions('NumberFormat');
    const dates = countConstructions('DateTimeFormat');
    try {
      expect(modules.formatNumber(1234)).toBe('1,234');
      expect(modules.localDateOf('2026-11-24T20:00:00Z', 'Asia/Kolkata')).toBe('2026-11-25');
      expect(numbers.count()).toBe(0);
      expect(dates.count()).toBe(0);
    } finally {
      numbers.restore();
      dates.restore();
    }
  });

  it('without them the same reads build the formatters (what the render paid inside its slices)', async () => {
    rememberUser('Asia/Kolkata');
    const modules = await freshModules();
    const numbers = countConstructions('NumberFormat');
    const dates = countConstructions('DateTimeFormat');
    try {
      modules.formatNumber(1234);
      modules.localDateOf('2026-11-24T20:00:00Z', 'Asia/Kolkata');
      expect(numbers.count()).toBe(1);
      expect(dates.count()).toBe(1);
    } finally {
      numbers.restore();
      dates.restore();
    }
  });

  it('never throws: no remembered user, or a stored zone this engine does not know', async () => {
    for (const setUp of [() => localStorage.clear(), () => rememberUser('Mars/Olympus_Mons'), () => rememberUser(null)]) {
      setUp();
      const modules = await freshModules();
      for (const warmUp of modules.FIRST_RENDER_WARM_UPS) expect(() => warmUp()).not.toThrow();
    }
  });
});
