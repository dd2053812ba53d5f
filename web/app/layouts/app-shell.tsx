import { GraduationCap, HelpCircle, Trophy } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LoadingState } from '../../components/ui/page-state';
import { usePremiumCheck } from '../../api/premium';
import { usePoints } from '../../api/rewards';
import { useReleaseSeen } from '../../api/release-notes';
import { useSession } from '../../api/session';
import { useDeleteAccount, useLogout } from '../../features/auth/auth.api';
import { showsPremium } from '../../features/premium/premium.api';
import { SettingsDialog } from '../../features/settings/settings-dialog';
import { formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { BottomNav } from './bottom-nav';
import { NotificationsBell } from './notifications-bell';
import { PromoBanner } from './promo-banner';
import { UserMenu } from './user-menu';

// Task reminders run in every signed-in tab; their code loads after the shell, off the critical path.
const TaskReminders = lazy(async () => ({ default: (await import('../../features/tasks/task-reminders')).TaskReminders }));
// The release notes (and their six-language content) load the first time they are opened.
const ReleaseNotesDialog = lazy(async () => ({
  default: (await import('../../features/release-notes/release-notes-dialog')).ReleaseNotesDialog,
}));

/** The shell around every signed-in page (SPEC.md §2): banner, header, content, bottom navigation. */
export function AppShell() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const session = useSession();
  const premium = usePremiumCheck(Boolean(session.data));
  const points = usePoints();
  const logout = useLogout();
  const deleteAccount = useDeleteAccount();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const releaseSeen = useReleaseSeen(Boolean(session.data));
  const [releaseNotesOpen, setReleaseNotesOpen] = useState(false);
  const [releaseNotesLoaded, setReleaseNotesLoaded] = useState(false);
  const userMenuButton = useRef<HTMLButtonElement>(null);
  const openReleaseNotes = () => {
    setReleaseNotesLoaded(true);
    setReleaseNotesOpen(true);
  };

  const signOut = () => logout.mutate(undefined, { onSettled: () => navigate('/auth', { replace: true }) });
  const removeAccount = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        setConfirmDelete(false);
        toast({ title: t('deleteAccount.done'), variant: 'success' });
        navigate('/auth', { replace: true });
      },
      onError: () => toast({ title: t('deleteAccount.errorTitle'), description: t('deleteAccount.error'), variant: 'destructive' }),
    });

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-background focus:p-2"
      >
        {t('skipToContent')}
      </a>
      <PromoBanner />
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-3">
          <Link to="/" className="flex items-center gap-2 rounded-md font-bold focus-visible:outline-2 focus-visible:outline-ring">
            <GraduationCap aria-hidden="true" className="h-7 w-7 text-primary" />
            <span className="text-lg">StudyPilot</span>
          </Link>
          <div className="ml-auto flex items-center gap-1">
            {points.data ? (
              <Link
                to="/rewards"
                className="flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-sm font-semibold text-accent-foreground hover:opacity-90 focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={t('pointsLink', { count: points.data.points })}
                data-testid="shell-points"
              >
                <Trophy aria-hidden="true" className="h-4 w-4" />
                <span className="tabular-nums">{formatNumber(points.data.points)}</span>
              </Link>
            ) : null}
            <Link
              to="/help"
              aria-label={t('helpButton')}
              className="rounded-md p-2 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <HelpCircle aria-hidden="true" className="h-5 w-5" />
            </Link>
            <NotificationsBell />
            {session.data ? (
              <UserMenu
                username={session.data.username}
                onOpenSettings={() => setSettingsOpen(true)}
                onSignOut={signOut}
                onDeleteAccount={() => setConfirmDelete(true)}
                releaseNotesUnseen={releaseSeen.data?.unseen ?? false}
                onOpenReleaseNotes={openReleaseNotes}
                triggerRef={userMenuButton}
              />
            ) : null}
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 pb-24 pt-4 sm:px-4">
        <Suspense fallback={<LoadingState label={t('common:loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <BottomNav />
      <Suspense fallback={null}>
        <TaskReminders />
      </Suspense>
      {releaseNotesLoaded ? (
        <Suspense fallback={null}>
          <ReleaseNotesDialog open={releaseNotesOpen} onOpenChange={setReleaseNotesOpen} returnFocusTo={userMenuButton} />
        </Suspense>
      ) : null}
      <SettingsDialog
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        premiumActive={showsPremium(premium.data)}
        onOpenPremium={() => {
          setSettingsOpen(false);
          navigate('/premium');
        }}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('deleteAccount.title')}
        description={t('deleteAccount.description')}
        confirmLabel={t('deleteAccount.confirm')}
        cancelLabel={t('common:cancel')}
        onConfirm={removeAccount}
        pending={deleteAccount.isPending}
      />
    </div>
  );
}
