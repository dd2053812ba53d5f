import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { LoadingState } from '../components/ui/page-state';
import { usePremiumCheck } from '../api/premium';
import { useSession } from '../api/session';
import { showsPremium } from '../features/premium/premium.api';
import { STORAGE_KEYS, safeStorage } from '../lib/storage-keys';
import { toast } from '../lib/toast';

export function FullPageLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen items-center justify-center">
      <LoadingState label={t('loading')} />
    </div>
  );
}

/** Signed-out visitors on guarded pages go to /auth (and come back after signing in). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <FullPageLoading />;
  if (!session.data) return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/**
 * Whether this browser may hold a session: the user cached at sign-in (auth.api.ts), removed at
 * sign-out, account deletion and on any 401 of the session query.
 */
export function mayBeSignedIn(): boolean {
  return safeStorage.get(STORAGE_KEYS.user) !== null;
}

/**
 * Signed-in visitors to / and /auth go to /dashboard (DECISIONS.md). A visitor this browser never
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

/** Premium or trial, else the 'Premium Access Required' toast and /premium (SPEC.md §2). */
export function RequirePremium({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const check = usePremiumCheck();
  const allowed = check.isPending ? null : showsPremium(check.data);
  useEffect(() => {
    if (allowed === false) {
      toast({ title: t('premiumRequired.title'), description: t('premiumRequired.description'), variant: 'destructive' });
    }
  }, [allowed, t]);
  if (allowed === null) return <FullPageLoading />;
  if (!allowed) return <Navigate to="/premium" replace />;
  return children;
}
