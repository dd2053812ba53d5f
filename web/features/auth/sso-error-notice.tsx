import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isSsoError } from '../../../common/schemas/sso.schema';

/** Why a single sign-on did not finish, from /auth?sso_error=<code> (decision 205); nothing for any other value. */
export function SsoErrorNotice() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const code = params.get('sso_error');
  if (!isSsoError(code)) return null;
  return (
    <p role="alert" className="mb-4 rounded-md bg-destructive/10 p-3 text-sm text-destructive" data-testid="sso-error">
      {t(`sso.errors.${code}`)}
    </p>
  );
}
