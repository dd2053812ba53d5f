import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { TIMER_LIMITS } from '../../../common/domain/focus-timer';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The focus timer settings form's rules, loaded at its first validation (lib/lazy-zod-resolver.ts). */
export function settingsSchema(t: TFunction) {
  const field = (key: keyof typeof TIMER_LIMITS) =>
    z.coerce
      .number<string>()
      .int(t('errors.range', TIMER_LIMITS[key]))
      .min(TIMER_LIMITS[key].min, t('errors.range', TIMER_LIMITS[key]))
      .max(TIMER_LIMITS[key].max, t('errors.range', TIMER_LIMITS[key]));
  return z.object({
    focusMinutes: field('focusMinutes'),
    shortBreakMinutes: field('shortBreakMinutes'),
    longBreakMinutes: field('longBreakMinutes'),
    longBreakEvery: field('longBreakEvery'),
  });
}
