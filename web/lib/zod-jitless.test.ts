import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => vi.restoreAllMocks());

// Each test file gets its own module registry: zod is first evaluated here, after the setting.
describe('zod-jitless', () => {
  it('keeps zod from trying `new Function` (a CSP violation in the browser) when the app builds and parses its schemas', async () => {
    const { zodJitless } = await import('./zod-jitless');
    expect(zodJitless()).toBe(true);
    const fn = vi.spyOn(globalThis, 'Function');
    const { z } = await import('zod');
    const schema = z.object({ id: z.string(), tags: z.array(z.object({ name: z.string() })) });
    expect(schema.parse({ id: 'a', tags: [{ name: 'b' }] })).toEqual({ id: 'a', tags: [{ name: 'b' }] });
    expect(fn).not.toHaveBeenCalled();
  });
});
