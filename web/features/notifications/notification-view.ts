import type { TFunction } from 'i18next';
import { CHALLENGES } from '../../../common/domain/challenges';
import type { NotificationItem } from '../../../common/schemas/notifications.schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The class-group notices' sentences (notifications:kinds.<key>). */
const GROUP_KIND_KEYS = {
  item_posted: 'groupItemPosted',
  item_changed: 'groupItemChanged',
  class_changed: 'groupClassChanged',
  lesson_cancelled: 'groupLessonCancelled',
} as const;

export type NotificationText = { title: string; detail: string };

/**
 * The sentence of one bell item in the user's language (the server sends data, not English).
 * `when` formats an instant in the user's time zone; `now` decides "tomorrow" for the trial.
 */
export function notificationText(t: TFunction, item: NotificationItem, when: (instant: string) => string, now: Date): NotificationText {
  const data = item.data;
  const title = data.title ?? '';
  switch (item.kind) {
    case 'task_overdue':
      return {
        title: t('notifications:kinds.taskOverdue', { title }),
        detail: t('notifications:detail.wasDue', { when: when(data.dueDate ?? item.at) }),
      };
    case 'task_due_soon':
      return {
        title: t('notifications:kinds.taskDueSoon', { title }),
        detail: t(data.days === 0 ? 'notifications:detail.dueToday' : 'notifications:detail.dueTomorrow', {
          when: when(data.dueDate ?? item.at),
        }),
      };
    case 'task_reminder':
      return {
        title: t('notifications:kinds.taskReminder', { title }),
        detail: t('notifications:detail.due', { when: when(data.dueDate ?? item.at) }),
      };
    case 'trial_ending': {
      const end = data.trialEndDate ?? item.at;
      const withinDay = new Date(end).getTime() - now.getTime() <= DAY_MS;
      return {
        title: t(withinDay ? 'notifications:kinds.trialEndingDay' : 'notifications:kinds.trialEndingWeek'),
        detail: t('notifications:detail.trialEnds', { when: when(end) }),
      };
    }
    case 'support_reply':
      return { title: t('notifications:kinds.supportReply', { subject: data.subject ?? '' }), detail: when(item.at) };
    case 'achievement_unlocked':
      return { title: t('notifications:kinds.achievement'), detail: t(`rewards:achievements.items.${data.achievementId ?? ''}.name`) };
    case 'challenge_completed': {
      const target = CHALLENGES.find((entry) => entry.id === data.challengeId)?.target ?? 0;
      return {
        title: t('notifications:kinds.challenge'),
        detail: t(`rewards:challenges.items.${data.challengeId ?? ''}`, { count: target }),
      };
    }
    case 'release_notes':
      return {
        title: t('notifications:kinds.releaseNotes', { version: data.version ?? '' }),
        detail: t('notifications:detail.releaseNotes'),
      };
    // A class group's notice (docs/decisions/211): the member who acted by display name, and when.
    case 'item_posted':
    case 'item_changed':
    case 'class_changed':
    case 'lesson_cancelled': {
      const actor = data.actorName
        ? t('notifications:detail.byMember', { name: data.actorName })
        : t('notifications:detail.byFormerMember');
      return {
        title: t(`notifications:kinds.${GROUP_KIND_KEYS[item.kind]}`, { subject: data.subject ?? '' }),
        detail: `${actor} · ${when(item.at)}`,
      };
    }
  }
}
