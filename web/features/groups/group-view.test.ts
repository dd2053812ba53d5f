import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../locales/en/groups.json';
import de from '../../locales/de/groups.json';
import { memberActions, mustHandOver, slotText, slotsText, sortMembers } from './group-view';

const t = i18next.t.bind(i18next);
beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { groups: en }, de: { groups: de } },
    interpolation: { escapeValue: false },
  });
});

describe('slot text', () => {
  it('writes a slot in the 12-hour clock in English and the 24-hour clock in German', () => {
    const slot = { day: 1, startTime: '09:00', endTime: '10:30', week: null };
    expect(slotText(t, slot, 'en')).toBe('Mon 9:00 AM–10:30 AM');
    expect(slotText(t, slot, 'de')).toMatch(/^Mo\.? 9:00–10:30$/);
  });

  it('names the week of an A/B slot, and says when there are no slots', () => {
    expect(slotText(t, { day: 3, startTime: '13:00', endTime: '14:00', week: 'B' }, 'en')).toBe('Wed 1:00 PM–2:00 PM (week B)');
    expect(slotsText(t, [], 'en')).toBe(en.slots.none);
  });
});

describe('member actions', () => {
  it('an owner changes every role and removes anyone but themselves', () => {
    expect(memberActions('owner', { role: 'moderator', isMe: false })).toEqual({ changeRole: true, remove: true });
    expect(memberActions('owner', { role: 'owner', isMe: true })).toEqual({ changeRole: true, remove: false });
  });

  it('a moderator removes plain members only and changes no role; a member does nothing', () => {
    expect(memberActions('moderator', { role: 'member', isMe: false })).toEqual({ changeRole: false, remove: true });
    expect(memberActions('moderator', { role: 'moderator', isMe: false })).toEqual({ changeRole: false, remove: false });
    expect(memberActions('moderator', { role: 'owner', isMe: false })).toEqual({ changeRole: false, remove: false });
    expect(memberActions('member', { role: 'member', isMe: false })).toEqual({ changeRole: false, remove: false });
  });
});

describe('members', () => {
  it('lists owners, then moderators, then members, by name', () => {
    const members = [
      { displayName: 'Zoe', role: 'member' as const },
      { displayName: 'amir', role: 'member' as const },
      { displayName: 'Kim', role: 'moderator' as const },
      { displayName: 'Ola', role: 'owner' as const },
    ];
    expect(sortMembers(members, 'en').map((member) => member.displayName)).toEqual(['Ola', 'Kim', 'amir', 'Zoe']);
  });

  it('the only owner of a group with others must hand over first; a second owner or being alone frees them', () => {
    const me = { role: 'owner' as const, isMe: true };
    expect(mustHandOver('owner', [me, { role: 'member', isMe: false }])).toBe(true);
    expect(mustHandOver('owner', [me, { role: 'owner', isMe: false }])).toBe(false);
    expect(mustHandOver('owner', [me])).toBe(false);
    expect(
      mustHandOver('moderator', [
        { role: 'moderator', isMe: true },
        { role: 'member', isMe: false },
      ]),
    ).toBe(false);
  });
});
