import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../components/ui/page-state';
import { useSession } from '../api/session';
import { STORAGE_KEYS, safeStorage } from '../lib/storage-keys';

export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center">
      <LoadingState label={t('loading')} />
    </div>
  );
}

/**
 * Signed-out visitors on guarded pages go to /auth (and come back after signing in). While the session
 * is asked, a browser that was signed in sees the shell (which waits for the session before its page):
 * the same markup as the frame the server wrote into the page, so the first render changes nothing on
 * screen (docs/decisions/169-prerendered-shell-frame.md); any other browser sees the spinner.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return mayBeSignedIn() ? children : <FullPageLoading />;
  if (!session.data) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/**
 * Whether this browser may hold a session: the user cached at sign-in (web/api/session.ts), removed at
 * sign-out, account deletion and on any 401 of the session query.
 */
export function mayBeSignedIn(): boolean {
  return safeStorage.get(STORAGE_KEYS.user) !== null;
}

/**
 * Signed-in visitors to / and /auth go to /dashboard (docs/product.md §2). A visitor this browser never
 * signed in (or who signed out) is not asked about: the session query would answer 401, which the
 * browser logs as a failed request on the public page (docs/decisions/075-trust-polish.md).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  if (!mayBeSignedIn()) return children;
  return <RedirectWhenSessionAnswers>{children}</RedirectWhenSessionAnswers>;
}

function RedirectWhenSessionAnswers({ children }: { children: ReactNode }) {
  const session = useSession();
  // Public pages render at once; the redirect follows when the session answers.
  if (session.data) return <Navigate to="/dashboard" replace />;
  return children;
}

/** A signed-in non-admin on /admin goes to /dashboard. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <FullPageLoading />;
  if (session.data?.roles !== 'admin') return <Navigate to="/dashboard" replace />;
  return children;
}
