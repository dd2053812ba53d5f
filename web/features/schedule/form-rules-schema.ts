import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  COLOR_PATTERN,
  CREDITS_MAX,
  NAME_MAX,
  NAME_MIN,
  ROTATION_DAYS_MAX,
  ROTATION_DAYS_MIN,
  TEXT_MAX,
  TIME_PATTERN,
} from '../../../common/schemas/schedule.constants';

export type TFunction = ReturnType<typeof useTranslation>['t'];

/**
 * The server's rules (common/schemas/schedule.schema.ts) with translated messages, for inline errors: the
 * building blocks of the Schedule forms' rules (year-, term-, holiday- and course-schema.ts), which load
 * at a form's first validation, not with the page (decision 234).
 */
export function formRules(t: TFunction) {
  const name = z
    .string()
    .trim()
    .min(NAME_MIN, t('errors.nameLength', { min: NAME_MIN, max: NAME_MAX }))
    .max(NAME_MAX, t('errors.nameLength', { min: NAME_MIN, max: NAME_MAX }));
  const requiredDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, t('errors.dateRequired'));
  const optionalDate = z.union([z.literal(''), requiredDate]);
  const color = z.string().regex(COLOR_PATTERN, t('errors.color'));
  const time = z.string().regex(TIME_PATTERN, t('errors.time'));
  const optionalText = z
    .string()
    .trim()
    .max(TEXT_MAX, t('errors.textLength', { max: TEXT_MAX }));
  /** '' or a number in [min, max] (form inputs hold strings). */
  const optionalNumber = (min: number, max: number, message: string) =>
    z
      .string()
      .refine((value) => value.trim() === '' || (Number.isFinite(Number(value)) && Number(value) >= min && Number(value) <= max), message);
  const endAfterStart = { path: ['endDate'], message: t('errors.endDate') };
  return {
    name,
    requiredDate,
    optionalDate,
    color,
    time,
    optionalText,
    credits: optionalNumber(0, CREDITS_MAX, t('errors.credits', { max: CREDITS_MAX })),
    targetGrade: optionalNumber(0, 100, t('errors.targetGrade')),
    rotationDays: z.coerce
      .number()
      .int(t('errors.rotationDays', { min: ROTATION_DAYS_MIN, max: ROTATION_DAYS_MAX }))
      .min(ROTATION_DAYS_MIN, t('errors.rotationDays', { min: ROTATION_DAYS_MIN, max: ROTATION_DAYS_MAX }))
      .max(ROTATION_DAYS_MAX, t('errors.rotationDays', { min: ROTATION_DAYS_MIN, max: ROTATION_DAYS_MAX })),
    endAfterStart,
    endTimeMessage: t('errors.endTime'),
  };
}
