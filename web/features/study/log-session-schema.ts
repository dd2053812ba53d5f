import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { utcMillisOf } from '../../../common/domain/local-time';
import { STUDY_DURATION_MAX, STUDY_DURATION_MIN, STUDY_SESSION_TYPES } from '../../../common/schemas/study.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/**
 * The log session form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). Its date and time are
 * wall-clock values in the profile's zone (as the server counts them).
 */
export function logSchema(t: TFunction, timeZone: string) {
  return (
    z
      .object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('errors.date')),
        time: z.string().regex(/^\d{2}:\d{2}$/, t('errors.time')),
        durationMinutes: z.coerce
          .number<string>()
          .int(t('errors.duration', { min: STUDY_DURATION_MIN, max: STUDY_DURATION_MAX }))
          .min(STUDY_DURATION_MIN, t('errors.duration', { min: STUDY_DURATION_MIN, max: STUDY_DURATION_MAX }))
          .max(STUDY_DURATION_MAX, t('errors.duration', { min: STUDY_DURATION_MIN, max: STUDY_DURATION_MAX })),
        type: z.enum(STUDY_SESSION_TYPES),
        courseId: z.string(),
      })
      .refine((values) => utcMillisOf(values.date, values.time, timeZone) <= Date.now(), {
        message: t('errors.future'),
        path: ['time'],
      })
      // The server refuses a session that would end in the future (time not yet spent, issue 34).
      .refine((values) => utcMillisOf(values.date, values.time, timeZone) + values.durationMinutes * 60_000 <= Date.now(), {
        message: t('errors.endsInFuture'),
        path: ['durationMinutes'],
      })
  );
}
