import type { TFunction } from 'i18next';
import type { GroupMember, GroupRole } from '../../../common/schemas/groups.schema';
import type { TimeSlot } from '../../../common/schemas/schedule.schema';
import { formatClock, weekdayNames } from '../../lib/format';
import type { Language } from '../../lib/i18n';

/** One weekly slot as the user's language writes it: "Mon 9:00 AM–10:00 AM" (week A/B named when set). */
export function slotText(t: TFunction, slot: Pick<TimeSlot, 'day' | 'startTime' | 'endTime' | 'week'>, language?: Language): string {
  const day = weekdayNames('short', language)[slot.day] ?? '';
  const time = `${day} ${formatClock(slot.startTime, language)}–${formatClock(slot.endTime, language)}`;
  return slot.week ? t('groups:slots.inWeek', { slot: time, week: slot.week }) : time;
}

/** The slots of a class, joined; "No weekly lessons" when there are none. */
export function slotsText(
  t: TFunction,
  slots: readonly Pick<TimeSlot, 'day' | 'startTime' | 'endTime' | 'week'>[],
  language?: Language,
): string {
  return slots.length === 0 ? t('groups:slots.none') : slots.map((slot) => slotText(t, slot, language)).join(', ');
}

/**
 * What the current member may do to `member` (the server decides again): an owner changes every role
 * and removes anyone; a moderator removes plain members only; nobody removes themselves here (that is
 * "Leave group").
 */
export function memberActions(myRole: GroupRole, member: Pick<GroupMember, 'role' | 'isMe'>): { changeRole: boolean; remove: boolean } {
  const owner = myRole === 'owner';
  return {
    changeRole: owner,
    remove: !member.isMe && (owner || (myRole === 'moderator' && member.role === 'member')),
  };
}

/** Owners first, then moderators, then members; by name within a role (the list's order). */
const ROLE_ORDER: Readonly<Record<GroupRole, number>> = { owner: 0, moderator: 1, member: 2 };
export function sortMembers<T extends Pick<GroupMember, 'role' | 'displayName'>>(members: readonly T[], language?: string): T[] {
  const collator = new Intl.Collator(language);
  return [...members].sort((a, b) => ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || collator.compare(a.displayName, b.displayName));
}

/** Whether the user is the only owner of a group with other members: leaving is refused (409 last_owner), so the page says why first. */
export function mustHandOver(myRole: GroupRole, members: readonly Pick<GroupMember, 'role' | 'isMe'>[]): boolean {
  if (myRole !== 'owner') return false;
  const otherOwners = members.filter((member) => member.role === 'owner' && !member.isMe).length;
  return otherOwners === 0 && members.length > 1;
}
