import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  GOAL_DESCRIPTION_MAX,
  GOAL_NOTES_MAX,
  GOAL_PRIORITIES,
  GOAL_PROGRESS_MAX,
  GOAL_PROGRESS_MIN,
  GOAL_STATUSES,
  GOAL_TARGET_MAX,
  GOAL_TITLE_MAX,
} from '../../../common/schemas/academic-goals.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The goal form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function goalFormSchema(t: TFunction) {
  const progressMessage = t('goals.form.progressRange', { min: GOAL_PROGRESS_MIN, max: GOAL_PROGRESS_MAX });
  return z.object({
    title: z
      .string()
      .trim()
      .min(1, t('goals.form.titleRequired'))
      .max(GOAL_TITLE_MAX, t('goals.form.tooLong', { max: GOAL_TITLE_MAX })),
    description: z.string().max(GOAL_DESCRIPTION_MAX, t('goals.form.tooLong', { max: GOAL_DESCRIPTION_MAX })),
    targetDate: z.string(),
    target: z
      .string()
      .trim()
      .max(GOAL_TARGET_MAX, t('goals.form.tooLong', { max: GOAL_TARGET_MAX })),
    progress: z.coerce
      .number({ error: progressMessage })
      .int(progressMessage)
      .min(GOAL_PROGRESS_MIN, progressMessage)
      .max(GOAL_PROGRESS_MAX, progressMessage),
    priority: z.enum(GOAL_PRIORITIES),
    status: z.enum(GOAL_STATUSES),
    notes: z.string().max(GOAL_NOTES_MAX, t('goals.form.tooLong', { max: GOAL_NOTES_MAX })),
  });
}
