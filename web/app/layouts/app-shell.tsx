import { GraduationCap, HelpCircle, Trophy } from 'lucide-react';
import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LoadingState } from '../../components/ui/page-state';
import { usePremiumCheck, showsPremium } from '../../api/premium';
import { hasUnseenRelease } from '../../../common/domain/release-notes';
import { usePoints } from '../../api/rewards';
import { useReleaseSeen } from '../../api/release-notes';
import { useSession, useDeleteAccount, useLogout } from '../../api/session';
import { formatNumber } from '../../lib/format';
import { STORAGE_KEYS, safeStorage } from '../../lib/storage-keys';
import { enforcePremiumTheme, followSystemMode } from '../../lib/theme';
import { toast } from '../../lib/toast';
import { BottomNav } from './bottom-nav';
import { framedPageAt, PageFrame } from '../../components/ui/page-frame';
import { FRAME_ACTIONS } from './frame-actions';
import { NotificationsBell } from './notifications-bell';
import { ReleaseBanner } from './release-banner';
import { UserMenu } from './user-menu';
import { SkipLink } from '../../components/ui/skip-link';
import { useAfterPageContent } from './after-page-content';

/** The dialogs the user menu opens give focus back to its button (the menu item is gone by then). */
const userMenuButton = () => document.querySelector<HTMLElement>('[data-testid="user-menu-button"]');
const notificationsButton = () => document.querySelector<HTMLElement>('[data-testid="notifications-button"]');
const homeLink = () => document.querySelector<HTMLElement>('[data-testid="shell-home-link"]');

// Admins only, and its data layer brings the admin schemas (zod) along: not in every student's first load.
const AdminNavLink = lazy(async () => ({ default: (await import('./admin-nav-link')).AdminNavLink }));
// Task reminders run in every signed-in tab; their code loads after the shell, off the critical path.
const TaskReminders = lazy(async () => ({ default: (await import('../../features/tasks/task-reminders')).TaskReminders }));
// Live updates (a classmate's shared task, a moderator's class change) while signed in: one EventSource,
// opened after the shell's first paint (decision 212).
const LiveUpdates = lazy(async () => ({ default: (await import('./live-updates')).LiveUpdates }));
// The connection line (offline marker, writes waiting, update prompt) and the sending of writes made
// offline: after the shell, off the critical path (docs/decisions/149).
const ConnectionBanner = lazy(async () => ({ default: (await import('./connection-banner')).ConnectionBanner }));
// The settings and delete-account dialogs (and Radix's dialog code) load the first time one opens,
// not before the dashboard can be used (docs/decisions/097-app-shell-budget.md).
const SettingsDialog = lazy(async () => ({ default: (await import('../../features/settings/settings-dialog')).SettingsDialog }));
const ConfirmDialog = lazy(async () => ({ default: (await import('../../components/ui/confirm-dialog')).ConfirmDialog }));
// The release notes (and their six-language content) load the first time they are opened.
const ReleaseNotesDialog = lazy(async () => ({
  default: (await import('../../features/release-notes/release-notes-dialog')).ReleaseNotesDialog,
}));

/** Renders nothing; tells the shell that the page beside it has mounted (it commits with the page). */
function PageMounted({ onMounted }: { onMounted: (mounted: boolean) => void }) {
  useEffect(() => onMounted(true), [onMounted]);
  return null;
}

/** The shell around every signed-in page (docs/product.md §2): banner, header, content, bottom navigation. */
export function AppShell() {
  // 'settings' as well: pages read its texts (grades: the grading systems' names); it loaded with the
  // settings dialog before that became lazy (docs/decisions/097-app-shell-budget.md).
  const { t } = useTranslation(['shell', 'settings']);
  const navigate = useNavigate();
  const session = useSession();
  const premium = usePremiumCheck(Boolean(session.data));
  const points = usePoints();
  const logout = useLogout();
  const deleteAccount = useDeleteAccount();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Once opened, a dialog stays mounted (closed), as it was when it loaded with the shell.
  const [settingsUsed, setSettingsUsed] = useState(false);
  const [confirmUsed, setConfirmUsed] = useState(false);
  // The system's light/dark switch is followed while the shell is shown (the settings dialog did it
  // when it was always mounted).
  useEffect(() => followSystemMode(), []);
  // Premium's exclusive colours and style go back to the defaults once premium and the trial have ended.
  useEffect(() => {
    if (premium.data) enforcePremiumTheme(premium.data.hasPremium || premium.data.onTrial);
  }, [premium.data]);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  if (confirmDelete && !confirmUsed) setConfirmUsed(true);
  // The page's code mounted (PageMounted beside its Outlet); the extras wait for its content (decision 232).
  const [pageMounted, setPageMounted] = useState(false);
  const extrasShown = useAfterPageContent(pageMounted);
  const releaseSeen = useReleaseSeen(Boolean(session.data) && extrasShown);
  // The version this browser remembers follows the account's, so a release seen on another device does
  // not show its banner here (in the prerendered frame and the first render) on every page load.
  const seenVersion = releaseSeen.data?.version;
  useEffect(() => {
    if (seenVersion) safeStorage.set(STORAGE_KEYS.lastSeenRelease, seenVersion);
  }, [seenVersion]);
  // The shell paints first, its page right after in a render of its own (decision 165): the header,
  // banner and navigation show as soon as they can instead of waiting for the page's first render
  // (the dashboard's is the longest task of the start on a slow phone), and that render yields to
  // input. Only when the shell mounts: later navigations render as before.
  const pageShown = useDeferredValue(true, false);
  // Until the session answers (RequireAuth shows the shell meanwhile to a browser that was signed in,
  // decision 169), the page waits for it, which its queries assume.
  const showsPage = pageShown && Boolean(session.data);
  const framedPage = framedPageAt(useLocation().pathname);
  const [releaseNotesOpen, setReleaseNotesOpen] = useState(false);
  const [releaseNotesLoaded, setReleaseNotesLoaded] = useState(false);
  const [releaseNotesOpener, setReleaseNotesOpener] = useState<'menu' | 'bell' | 'banner'>('menu');
  const openReleaseNotes = (opener: 'menu' | 'bell' | 'banner' = 'menu') => {
    setReleaseNotesOpener(opener);
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
    });

  return (
    <div className="flex min-h-screen flex-col">
      <SkipLink label={t('skipToContent')} />
      {/* The newest release, until seen or dismissed (decision 180); until the server answers, the version this browser last saw decides. */}
      {(releaseSeen.data ? releaseSeen.data.unseen : hasUnseenRelease(safeStorage.get(STORAGE_KEYS.lastSeenRelease))) ? (
        <ReleaseBanner onOpenReleaseNotes={() => openReleaseNotes('banner')} focusAfterDismiss={homeLink} />
      ) : null}
      <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-1 px-2 sm:gap-2 sm:px-3">
          <Link
            to="/"
            data-testid="shell-home-link"
            className="flex min-h-11 min-w-11 items-center gap-2 rounded-md font-bold focus-visible:outline-2 focus-visible:outline-ring"
          >
            <GraduationCap aria-hidden="true" className="h-7 w-7 shrink-0 text-primary" />
            {/* On the narrowest phones the name yields its place to the header's buttons (still the link's name). */}
            <span className="text-lg max-[374px]:sr-only">StudyPilot</span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-0.5 sm:gap-1">
            {points.data ? (
              <Link
                to="/rewards"
                className="flex shrink-0 items-center gap-1.5 rounded-full bg-accent px-3 py-1.5 text-sm font-semibold text-accent-foreground hover:opacity-90 focus-visible:outline-2 focus-visible:outline-ring"
                // The visible number as written ("1,250"), so that the name contains the visible text (WCAG 2.5.3).
                aria-label={t('pointsLink', { points: formatNumber(points.data.points) })}
                data-testid="shell-points"
              >
                <Trophy aria-hidden="true" className="h-4 w-4" />
                <span className="tabular-nums">{formatNumber(points.data.points)}</span>
              </Link>
            ) : null}
            <Link
              to="/help"
              aria-label={t('helpButton')}
              className="inline-flex h-11 w-11 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <HelpCircle aria-hidden="true" className="h-5 w-5" />
            </Link>
            {session.data?.roles === 'admin' ? (
              <Suspense fallback={null}>
                <AdminNavLink />
              </Suspense>
            ) : null}
            <NotificationsBell read={extrasShown} onOpenReleaseNotes={() => openReleaseNotes('bell')} />
            {session.data ? (
              <UserMenu
                username={session.data.username}
                onOpenSettings={() => setSettingsOpen(true)}
                onSignOut={signOut}
                onDeleteAccount={() => setConfirmDelete(true)}
                releaseNotesUnseen={releaseSeen.data?.unseen ?? false}
                onOpenReleaseNotes={() => openReleaseNotes('menu')}
              />
            ) : null}
          </div>
        </div>
      </header>
      {/* The connection line and the task reminders load once the page has drawn its content (decisions 165, 232). */}
      {extrasShown ? (
        <Suspense fallback={null}>
          <ConnectionBanner />
        </Suspense>
      ) : null}
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-3 pb-24 pt-4 sm:px-4">
        <Suspense fallback={<LoadingState label={t('common:loading')} />}>
          {showsPage ? (
            <>
              <Outlet />
              <PageMounted onMounted={setPageMounted} />
            </>
          ) : framedPage ? (
            // The page's own heading with the loading status (decision 229): the frame's, and the page's once it shows.
            <PageFrame page={framedPage} actions={FRAME_ACTIONS[framedPage]}>
              <LoadingState label={t('common:loading')} />
            </PageFrame>
          ) : (
            <LoadingState label={t('common:loading')} />
          )}
        </Suspense>
      </main>
      <BottomNav />
      {extrasShown ? (
        <Suspense fallback={null}>
          <TaskReminders />
        </Suspense>
      ) : null}
      {extrasShown && session.data ? (
        <Suspense fallback={null}>
          <LiveUpdates />
        </Suspense>
      ) : null}
      {releaseNotesLoaded ? (
        <Suspense fallback={null}>
          <ReleaseNotesDialog
            open={releaseNotesOpen}
            onOpenChange={setReleaseNotesOpen}
            returnFocus={releaseNotesOpener === 'bell' ? notificationsButton : userMenuButton}
          />
        </Suspense>
      ) : null}
      <Suspense fallback={null}>
        {settingsUsed ? (
          <SettingsDialog
            open={settingsOpen}
            onOpenChange={setSettingsOpen}
            premiumActive={showsPremium(premium.data)}
            onOpenPremium={() => {
              setSettingsOpen(false);
              navigate('/premium');
            }}
            returnFocus={userMenuButton}
          />
        ) : null}
      </Suspense>
      <Suspense fallback={null}>
        {confirmUsed ? (
          <ConfirmDialog
            open={confirmDelete}
            onOpenChange={setConfirmDelete}
            title={t('deleteAccount.title')}
            description={t('deleteAccount.description')}
            confirmLabel={t('deleteAccount.confirm')}
            cancelLabel={t('common:cancel')}
            onConfirm={removeAccount}
            pending={deleteAccount.isPending}
            returnFocus={userMenuButton}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
