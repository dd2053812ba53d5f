import { Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LATEST_RELEASE, RELEASES, releaseKey } from '../../../common/domain/release-notes';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { useReleaseSeen, useMarkReleaseSeen } from '../../api/release-notes';
import { formatCalendarDate } from '../../lib/format';

const LISTS = ['features', 'improvements', 'fixes'] as const;

/**
 * docs/product.md §3's release notes, newest first, in a dialog opened from the user menu. Opening it marks
 * the newest version seen on the server (docs/product.md §4), which clears the shell's badge on every device.
 */
export function ReleaseNotesDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The user menu's button: the menu item that opened the dialog is gone when it closes. */
  returnFocus?: () => HTMLElement | null;
}) {
  const { t } = useTranslation('releases');
  const seen = useReleaseSeen();
  const markSeen = useMarkReleaseSeen();
  const unseen = seen.data?.unseen ?? false;
  const { mutate, isPending } = markSeen;

  useEffect(() => {
    if (open && unseen && !isPending) mutate(LATEST_RELEASE);
    // Once per opening with something unseen: the answer sets `unseen` to false.
  }, [open, unseen, isPending, mutate]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t('title')}
        description={t('description')}
        closeLabel={t('close')}
        className="max-w-2xl"
        returnFocus={returnFocus}
      >
        <div className="space-y-6" data-testid="release-notes">
          {RELEASES.map((release, index) => {
            const key = `entries.${releaseKey(release.version)}`;
            return (
              <article key={release.version} aria-labelledby={`release-${release.version}`} className="rounded-md border p-4">
                <header className="flex flex-wrap items-center gap-2">
                  <h3 id={`release-${release.version}`} className="font-semibold">
                    {t(`${key}.title`)}
                  </h3>
                  {index === 0 ? (
                    <span className="inline-flex items-center gap-1 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground">
                      <Sparkles aria-hidden="true" className="h-3 w-3" />
                      {t('newBadge')}
                    </span>
                  ) : null}
                </header>
                <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-muted-foreground">
                  <span>{t('version', { version: release.version })}</span>
                  <span>{t('released', { date: formatCalendarDate(release.date) })}</span>
                </p>
                <p className="mt-2 text-sm">{t(`${key}.description`)}</p>
                {LISTS.map((list) => {
                  const items = t(`${key}.${list}`, { returnObjects: true }) as unknown;
                  if (!Array.isArray(items) || items.length === 0) return null;
                  return (
                    <section key={list} className="mt-3">
                      <h4 className="text-sm font-semibold">{t(list)}</h4>
                      <ul className="mt-1 list-disc space-y-1 pl-5 text-sm">
                        {items.map((item: unknown, itemIndex) => (
                          <li key={itemIndex}>{String(item)}</li>
                        ))}
                      </ul>
                    </section>
                  );
                })}
              </article>
            );
          })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
