import { GraduationCap } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { LoadingState } from '../../components/ui/page-state';
import { useSession } from '../../api/session';
import { FullPageLoading, mayBeSignedIn } from '../guards';

const AppShell = lazy(async () => ({ default: (await import('./app-shell')).AppShell }));

/**
 * Pages anyone may read (the legal pages): inside the shell for a signed-in user, with a plain header
 * for everyone else. A browser that never signed in is not asked about its session (no 401 logged on
 * a public page, docs/decisions/075-trust-polish.md).
 */
export function PublicOrShellLayout() {
  if (!mayBeSignedIn()) return <PublicLayout />;
  return <ShellWhenSignedIn />;
}

function ShellWhenSignedIn() {
  const session = useSession();
  if (session.isPending) return <FullPageLoading />;
  if (!session.data) return <PublicLayout />;
  return (
    <Suspense fallback={<FullPageLoading />}>
      <AppShell />
    </Suspense>
  );
}

function PublicLayout() {
  const { t } = useTranslation('legal');
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-2 px-3">
          <Link to="/" className="flex items-center gap-2 rounded-md font-bold focus-visible:outline-2 focus-visible:outline-ring">
            <GraduationCap aria-hidden="true" className="h-7 w-7 text-primary" />
            <span className="text-lg">StudyPilot</span>
          </Link>
          <Link to="/auth" className="rounded-md px-3 py-2 font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring">
            {t('signIn')}
          </Link>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 pb-16 pt-6 sm:px-4">
        <Suspense fallback={<LoadingState label={t('common:loading')} />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
