import type { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../common/schemas/auth.constants';

type TFunction = ReturnType<typeof useTranslation>['t'];

/** The password change's rules. Loaded at the form's first validation (lib/lazy-zod-resolver.ts). */
export function passwordSchema(t: TFunction) {
  return z
    .object({
      currentPassword: z.string().min(1, t('errors.currentRequired')),
      newPassword: z
        .string()
        .min(PASSWORD_MIN, t('errors.passwordMin', { min: PASSWORD_MIN }))
        .max(PASSWORD_MAX, t('errors.passwordMax', { max: PASSWORD_MAX })),
      confirmPassword: z.string(),
    })
    .refine((values) => values.newPassword === values.confirmPassword, { message: t('errors.mismatch'), path: ['confirmPassword'] });
}
