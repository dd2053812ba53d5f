import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { toast } from '../../lib/toast';
import { useCalendarFeed, useResetFeed } from '../../api/schedule';

/** The private iCalendar subscription URL, with copy and reset (docs/api.md "Calendar feed"). */
export function FeedPanel() {
  const { t } = useTranslation('schedule');
  const feed = useCalendarFeed();
  const reset = useResetFeed();
  const [confirming, setConfirming] = useState(false);
  const copy = async () => {
    if (!feed.data) return;
    try {
      await navigator.clipboard.writeText(feed.data.url);
      toast({ title: t('feed.copied'), variant: 'success' });
    } catch {
      toast({ title: t('feed.copyError'), description: t('feed.copyErrorDescription'), variant: 'destructive' });
    }
  };
  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('feed.title')}</h2>
      <p className="mb-3 text-sm text-muted-foreground">{t('feed.description')}</p>
      {feed.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t('common:errors.loadDescription')}
        </p>
      ) : (
        <div className="space-y-2">
          <FormField label={t('feed.url')}>
            <Input readOnly value={feed.data?.url ?? ''} onFocus={(event) => event.currentTarget.select()} />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" disabled={!feed.data} onClick={() => void copy()}>
              <Copy aria-hidden="true" className="h-4 w-4" />
              {t('feed.copy')}
            </Button>
            <Button variant="outline" size="sm" disabled={!feed.data} onClick={() => setConfirming(true)}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              {t('feed.reset')}
            </Button>
          </div>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t('feed.resetTitle')}
        description={t('feed.resetDescription')}
        confirmLabel={t('feed.reset')}
        cancelLabel={t('common:cancel')}
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast({ title: t('feed.resetDone'), variant: 'success' });
            },
          })
        }
      />
    </Card>
  );
}
