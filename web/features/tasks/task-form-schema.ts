import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isReminderInPast } from '../../../common/domain/task-reminders';
import { ESTIMATE_MAX_MINUTES } from '../../../common/domain/study-plan';
import {
  RECURRENCE_INTERVAL_MAX,
  TASK_DESCRIPTION_MAX,
  TASK_PRIORITIES,
  TASK_TITLE_MAX,
  TASK_TYPES,
} from '../../../common/schemas/tasks.constants';
import { notificationsSupported } from '../../lib/browser-notifications';
import { dueInputMillis } from '../../lib/due-input';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The task form's rules, loaded at its first validation (web/lib/lazy-zod-resolver.ts). */
export function taskFormSchema(t: TFunction, timeZone: string) {
  return z
    .object({
      title: z
        .string()
        .trim()
        .min(1, t('form.errors.titleRequired'))
        .max(TASK_TITLE_MAX, t('form.errors.titleMax', { max: TASK_TITLE_MAX })),
      description: z.string().max(TASK_DESCRIPTION_MAX, t('form.errors.descriptionMax', { max: TASK_DESCRIPTION_MAX })),
      due: z.string(),
      noDue: z.boolean(),
      courseId: z.string(),
      taskType: z.enum(TASK_TYPES),
      priority: z.enum(TASK_PRIORITIES),
      reminder: z.string(),
      estimate: z.string(),
      repeat: z.enum(['none', 'daily', 'weekly']),
      interval: z.string(),
      weekdays: z.array(z.string()),
      until: z.string(),
      share: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const due = new Date(values.noDue ? Number.NaN : dueInputMillis(values.due, timeZone));
      if (!values.noDue && Number.isNaN(due.getTime()))
        ctx.addIssue({ code: 'custom', path: ['due'], message: t('form.errors.dueRequired') });
      if (values.reminder) {
        // A reminder is an offset before the due date: say so rather than drop the choice silently.
        if (values.noDue) ctx.addIssue({ code: 'custom', path: ['reminder'], message: t('form.errors.reminderNeedsDue') });
        else if (!notificationsSupported()) {
          ctx.addIssue({ code: 'custom', path: ['reminder'], message: t('reminders.unsupported') });
        } else if (!Number.isNaN(due.getTime()) && isReminderInPast(due, Number(values.reminder), Date.now())) {
          ctx.addIssue({ code: 'custom', path: ['reminder'], message: t('reminders.inPast') });
        }
      }
      if (values.estimate.trim() !== '') {
        const estimate = Number(values.estimate);
        if (!Number.isInteger(estimate) || estimate < 5 || estimate > ESTIMATE_MAX_MINUTES) {
          ctx.addIssue({ code: 'custom', path: ['estimate'], message: t('form.errors.estimate', { max: ESTIMATE_MAX_MINUTES }) });
        }
      }
      if (values.repeat !== 'none' && values.noDue) {
        ctx.addIssue({ code: 'custom', path: ['repeat'], message: t('form.errors.repeatNeedsDue') });
      }
      if (values.repeat !== 'none') {
        if (!values.until) ctx.addIssue({ code: 'custom', path: ['until'], message: t('form.errors.untilRequired') });
        else if (!values.noDue && values.due && values.until < values.due.slice(0, 10)) {
          ctx.addIssue({ code: 'custom', path: ['until'], message: t('form.errors.untilBeforeDue') });
        }
      }
      if (values.repeat === 'weekly') {
        if (values.weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['weekdays'], message: t('form.errors.weekdaysRequired') });
        const interval = Number(values.interval);
        if (!Number.isInteger(interval) || interval < 1 || interval > RECURRENCE_INTERVAL_MAX) {
          ctx.addIssue({ code: 'custom', path: ['interval'], message: t('form.errors.interval', { max: RECURRENCE_INTERVAL_MAX }) });
        }
      }
    });
}

/** The task form's values. */
export type TaskFormValues = z.infer<ReturnType<typeof taskFormSchema>>;
