import { Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClassName } from '../components/ui/button';

/** Any unknown path (docs/product.md §2). */
export function NotFoundPage() {
  const { t } = useTranslation('pages');
  const { pathname } = useLocation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <Compass aria-hidden="true" className="h-12 w-12 text-primary" />
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('notFound.description', { path: pathname })}</p>
      <div className="flex gap-3">
        <Link to="/dashboard" className={buttonClassName()}>
          {t('notFound.home')}
        </Link>
        <Link to="/" className={buttonClassName({ variant: 'outline' })}>
          {t('notFound.landing')}
        </Link>
      </div>
    </main>
  );
}
