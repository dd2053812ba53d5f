import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';

/** docs/product.md §6: without premium or a trial, files are read-only; the way to unlock them. */
export function PremiumNotice() {
  const { t } = useTranslation('files');
  return (
    <Card className="flex flex-col gap-3 border-primary/40 sm:flex-row sm:items-center">
      <Lock aria-hidden="true" className="h-6 w-6 shrink-0 text-primary" />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{t('premium.notice')}</p>
        <p className="text-sm text-muted-foreground">{t('premium.readOnly')}</p>
      </div>
      <Link
        to="/premium"
        className="inline-flex h-10 items-center justify-center rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {t('premium.unlock')}
      </Link>
    </Card>
  );
}
