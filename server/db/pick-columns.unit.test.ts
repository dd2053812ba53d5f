import { describe, expect, it } from 'vitest';
import { pickColumns } from './pick-columns';

describe('pickColumns', () => {
  it('copies exactly the named columns, in the order named, nulls included', () => {
    const row = { id: 'a', title: 'T', notes: null, userId: 'secret', createdAt: new Date(0) };
    const picked = pickColumns(row, ['title', 'id', 'notes']);
    expect(picked).toEqual({ title: 'T', id: 'a', notes: null });
    expect(Object.keys(picked)).toEqual(['title', 'id', 'notes']);
    expect(picked).not.toHaveProperty('userId');
  });
});
