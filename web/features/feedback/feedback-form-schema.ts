import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  FEEDBACK_CATEGORIES,
  FEEDBACK_MESSAGE_MAX,
  FEEDBACK_MESSAGE_MIN,
  FEEDBACK_SUBJECT_MAX,
  FEEDBACK_SUBJECT_MIN,
} from '../../../common/schemas/feedback.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/**
 * The feedback form's rules: the contract's limits, with translated messages (the server checks them
 * again). Loaded at the form's first validation (lib/lazy-zod-resolver.ts).
 */
export function feedbackFormSchema(t: TFunction) {
  const subject = t('form.subjectLength', { min: FEEDBACK_SUBJECT_MIN, max: FEEDBACK_SUBJECT_MAX });
  const message = t('form.messageLength', { min: FEEDBACK_MESSAGE_MIN, max: FEEDBACK_MESSAGE_MAX });
  return z.object({
    category: z.enum(FEEDBACK_CATEGORIES, t('form.categoryRequired')),
    subject: z.string().trim().min(FEEDBACK_SUBJECT_MIN, subject).max(FEEDBACK_SUBJECT_MAX, subject),
    message: z.string().trim().min(FEEDBACK_MESSAGE_MIN, message).max(FEEDBACK_MESSAGE_MAX, message),
  });
}
