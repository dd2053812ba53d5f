import type * as TailwindMerge from 'tailwind-merge';
import { describe, expect, it, vi } from 'vitest';

// Fresh modules for each test: the configuration is module state.
async function freshClassNames() {
  vi.resetModules();
  return import('./class-names');
}

describe('cn', () => {
  it('lets a later class override an earlier one of its group, and keeps the rest', async () => {
    const { cn } = await freshClassNames();
    expect(cn('h-10 px-4 text-sm', 'h-11')).toBe('px-4 text-sm h-11');
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2');
    expect(cn('px-2', 'p-4')).toBe('p-4');
    expect(cn('text-sm text-muted-foreground', { 'text-destructive': true })).toBe('text-sm text-destructive');
    expect(cn('sp-event', undefined, false, 'sp-event-time')).toBe('sp-event sp-event-time');
  });

  it('merges with the configuration built ahead of it, not a second one (decision 255)', async () => {
    const built = vi.fn();
    vi.doMock('tailwind-merge', async (importOriginal) => {
      const actual = await importOriginal<typeof TailwindMerge>();
      return { ...actual, getDefaultConfig: () => (built(), actual.getDefaultConfig()) };
    });
    try {
      const { classMergeConfig, cn } = await freshClassNames();
      const config = classMergeConfig();
      expect(built).toHaveBeenCalledTimes(1);
      expect(cn('p-0', 'p-1')).toBe('p-1');
      expect(classMergeConfig()).toBe(config);
      expect(built).toHaveBeenCalledTimes(1);
    } finally {
      vi.doUnmock('tailwind-merge');
    }
  });
});
