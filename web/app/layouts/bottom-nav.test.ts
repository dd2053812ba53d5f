import { describe, expect, it } from 'vitest';
import { NAV_ITEMS, isActiveNavPath } from './bottom-nav';

describe('isActiveNavPath', () => {
  it.each([
    ['/dashboard', '/dashboard', true],
    ['/dashboard', '/home', true],
    ['/dashboard', '/', false],
    ['/tasks', '/tasks', true],
    ['/tasks', '/tasks/', true],
    ['/tasks', '/tasks/123', false],
    ['/schedule', '/tasks', false],
  ])('%s is active on %s: %s', (itemPath, pathname, expected) => {
    expect(isActiveNavPath(itemPath, pathname)).toBe(expected);
  });

  it('has the seven items of docs/product.md §2 in order', () => {
    expect(NAV_ITEMS.map((item) => item.id)).toEqual(['home', 'schedule', 'tasks', 'grades', 'progress', 'study', 'rewards']);
  });
});
