import { Sparkles, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LATEST_RELEASE } from '../../../common/domain/release-notes';
import { useMarkReleaseSeen } from '../../api/release-notes';

/**
 * The shell's banner (docs/decisions/180-premium-sells-what-it-adds.md): the newest release of the
 * release notes (common/domain/release-notes.ts), never a version typed into a text, with a button that
 * opens the notes in the app — no link to a site we do not run. The shell shows it while the newest
 * release is unseen; dismissing it marks that release seen on the account, as opening the notes does,
 * so it stays gone on every device until the next release. Dismissed, it hands the focus on to
 * `focusAfterDismiss` (the shell's first link) instead of leaving a keyboard user on the page's body.
 */
export function ReleaseBanner({
  onOpenReleaseNotes,
  focusAfterDismiss,
}: {
  onOpenReleaseNotes: () => void;
  focusAfterDismiss: () => HTMLElement | null;
}) {
  const { t } = useTranslation('shell');
  const markSeen = useMarkReleaseSeen();
  // Gone at the click; the server's answer then keeps it gone (the shell's `unseen` turns false).
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  return (
    <div
      data-release-banner={LATEST_RELEASE}
      className="relative flex items-center justify-center gap-2 bg-primary px-10 py-2 text-center text-sm text-primary-foreground"
    >
      <Sparkles aria-hidden="true" className="h-4 w-4 shrink-0" />
      <span>{t('banner.text', { version: LATEST_RELEASE })}</span>
      <button
        type="button"
        className="rounded font-semibold underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-primary-foreground"
        onClick={onOpenReleaseNotes}
      >
        {t('banner.link')}
      </button>
      <button
        type="button"
        aria-label={t('banner.dismiss')}
        className="absolute right-2 rounded p-1 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-primary-foreground"
        onClick={() => {
          focusAfterDismiss()?.focus();
          setDismissed(true);
          markSeen.mutate(LATEST_RELEASE);
        }}
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
