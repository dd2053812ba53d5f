import type { useTranslation } from 'react-i18next';
import { apiErrorMessage, readApiError } from '../../lib/api-errors';

export type TFunction = ReturnType<typeof useTranslation>['t'];

/** Turns a failed auth call into a sentence in the user's language (docs/product.md §8 fallbacks). */
export function authErrorMessage(t: TFunction, error: unknown, mode: 'login' | 'register'): string {
  const refusal = readApiError(error);
  if (refusal?.code === 'account_locked') return t('auth:errors.locked');
  if (refusal?.code === 'rate_limited') return t('auth:errors.rateLimited');
  if (refusal?.status === 401) return t('auth:errors.invalidCredentials');
  if (refusal?.status === 409) return t('auth:errors.usernameTaken');
  // Empty credentials never reach the server: both forms refuse them first (credentialsRequired).
  return apiErrorMessage(t, error, mode === 'login' ? t('auth:errors.loginFailed') : t('auth:errors.registrationFailed'));
}
