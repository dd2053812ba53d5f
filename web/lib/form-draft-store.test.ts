import { describe, expect, it } from 'vitest';
import { clearFormDrafts, draftKey, mergeDraft, readDraft, removeDraft, writeDraft, type DraftStore } from './form-draft-store';

function memoryStore(initial: Record<string, string> = {}): DraftStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get length() {
      return data.size;
    },
    key: (index) => [...data.keys()][index] ?? null,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

describe('form drafts', () => {
  it('keys a draft by user, form and entity ("new" for a create form)', () => {
    expect(draftKey('u1', 'task', null)).toBe('studypilot_draft:u1:task:new');
    expect(draftKey('u1', 'task', 't9')).toBe('studypilot_draft:u1:task:t9');
  });

  it('writes, reads and removes a draft; a corrupt or foreign entry is no draft', () => {
    const store = memoryStore({ a: 'not json', b: JSON.stringify({ v: 99, values: {} }), c: JSON.stringify({ v: 1, values: [1] }) });
    writeDraft(store, 'k', { title: 'Essay' });
    expect(readDraft(store, 'k')).toEqual({ title: 'Essay' });
    for (const key of ['a', 'b', 'c', 'missing']) expect(readDraft(store, key)).toBeNull();
    removeDraft(store, 'k');
    expect(readDraft(store, 'k')).toBeNull();
  });

  it('merges only the fields the form has, with the same kind of value', () => {
    const defaults = { title: '', weekdays: [] as string[], noDue: false, slots: [{ day: '1' }] };
    const merged = mergeDraft(defaults, { title: 'Essay', weekdays: ['1', '3'], noDue: 'yes', slots: 'x', injected: 'evil' });
    expect(merged).toEqual({ title: 'Essay', weekdays: ['1', '3'], noDue: false, slots: [{ day: '1' }] });
    expect(Object.keys(merged)).toEqual(Object.keys(defaults));
  });

  it('clears every draft on sign-out and leaves other keys alone', () => {
    const store = memoryStore({ other: '1' });
    writeDraft(store, draftKey('u1', 'task', null), { title: 'a' });
    writeDraft(store, draftKey('u2', 'grade', 'g1'), { name: 'b' });
    clearFormDrafts(store);
    expect([...store.data.keys()]).toEqual(['other']);
  });
});
