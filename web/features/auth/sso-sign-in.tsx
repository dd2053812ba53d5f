import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ssoStartUrl, useSsoConfig } from '../../api/session';
import { buttonClassName } from '../../components/ui/button';

/**
 * "Sign in with <school>" (decision 204): shown only when the server has a provider configured. A plain
 * link: the browser goes to the server's start, then the provider, and comes back signed in on
 * /dashboard, or on /auth?sso_error=… (components/sso-error-notice.tsx).
 */
export function SsoSignIn() {
  const { t } = useTranslation('auth');
  const config = useSsoConfig();
  if (!config.data?.enabled || !config.data.providerName) return null;
  return (
    <div className="mt-5 space-y-3" data-testid="sso-sign-in">
      <div className="flex items-center gap-3 text-xs uppercase text-muted-foreground">
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
        {t('sso.or')}
        <span aria-hidden="true" className="h-px flex-1 bg-border" />
      </div>
      <a href={ssoStartUrl()} className={buttonClassName({ variant: 'outline', className: 'w-full' })}>
        <KeyRound aria-hidden="true" className="h-4 w-4" />
        {t('sso.signInWith', { provider: config.data.providerName })}
      </a>
    </div>
  );
}
