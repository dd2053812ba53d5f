import { useTranslation } from 'react-i18next';
import { isSsoError } from '../../common/schemas/sso.constants';
import { cn } from '../lib/class-names';

/**
 * Why a single sign-on did not finish (decision 205), from the address's `sso_error=<code>`: on /auth
 * (signing in) and on /account's Security tab (linking). Nothing for any other value.
 */
export function SsoErrorNotice({ code, className }: { code: string | null; className?: string }) {
  const { t } = useTranslation('auth');
  if (!isSsoError(code)) return null;
  return (
    <p role="alert" className={cn('rounded-md bg-destructive/10 p-3 text-sm text-destructive', className)} data-testid="sso-error">
      {t(`sso.errors.${code}`)}
    </p>
  );
}
