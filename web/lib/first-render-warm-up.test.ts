// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from './storage-keys';

/** How many `Intl.NumberFormat` and `Intl.DateTimeFormat` `read` builds. */
function formattersBuiltBy(read: () => void): { numbers: number; dates: number } {
  const built = { numbers: 0, dates: 0 };
  const originals = { NumberFormat: Intl.NumberFormat, DateTimeFormat: Intl.DateTimeFormat };
  const counting = (name: keyof typeof originals, counter: keyof typeof built) =>
    function (...args: unknown[]) {
      built[counter] += 1;
      return new (originals[name] as unknown as new (...args: unknown[]) => object)(...args);
    };
  Intl.NumberFormat = counting('NumberFormat', 'numbers') as never;
  Intl.DateTimeFormat = counting('DateTimeFormat', 'dates') as never;
  try {
    read();
  } finally {
    Object.assign(Intl, originals);
  }
  return built;
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
  // West and east of UTC: the zone's formatter is what the local date is read with.
  it.each([
    ['Pacific/Honolulu', '2026-11-24'],
    ['Asia/Tokyo', '2026-11-25'],
  ])('builds the formatters the first render reads (%s), so the render builds none of them', async (zone, localDate) => {
    rememberUser(zone);
    const modules = await freshModules();
    for (const warmUp of modules.FIRST_RENDER_WARM_UPS) warmUp();
    const built = formattersBuiltBy(() => {
      expect(modules.formatNumber(1234)).toBe('1,234');
      expect(modules.localDateOf('2026-11-24T20:00:00Z', zone)).toBe(localDate);
    });
    expect(built).toEqual({ numbers: 0, dates: 0 });
  });

  it('without them the same reads build the formatters (what the render paid inside its slices)', async () => {
    rememberUser('Asia/Tokyo');
    const modules = await freshModules();
    const built = formattersBuiltBy(() => {
      modules.formatNumber(1234);
      modules.localDateOf('2026-11-24T20:00:00Z', 'Asia/Tokyo');
    });
    expect(built).toEqual({ numbers: 1, dates: 1 });
  });

  it('never throws: no remembered user, or a stored zone this engine does not know', async () => {
    for (const setUp of [() => localStorage.clear(), () => rememberUser('Mars/Olympus_Mons'), () => rememberUser(null)]) {
      setUp();
      const modules = await freshModules();
      for (const warmUp of modules.FIRST_RENDER_WARM_UPS) expect(() => warmUp()).not.toThrow();
    }
  });
});
