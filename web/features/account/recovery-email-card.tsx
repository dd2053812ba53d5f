import { useTranslation } from 'react-i18next';
import type { User } from '../../../common/schemas/auth.schema';
import { SectionCard } from '../../components/ui/card';
import { maskEmail } from './account-view';

/**
 * The recovery email as it stands, masked, and what it does today (docs/decisions/129): StudyPilot
 * sends no email, so it is kept for the operator's support to confirm the owner; it is edited under Profile.
 */
export function RecoveryEmailCard({ user }: { user: User }) {
  const { t } = useTranslation('account');
  return (
    <SectionCard headingId="recovery-title" title={t('recovery.title')} className="space-y-2">
      <p className="text-sm" data-testid="recovery-email">
        {user.recoveryEmail ? t('recovery.current', { email: maskEmail(user.recoveryEmail) }) : t('recovery.none')}
      </p>
      <p className="text-sm text-muted-foreground">{t('recovery.what')}</p>
    </SectionCard>
  );
}
