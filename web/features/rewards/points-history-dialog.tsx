import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/page-state';
import { cn } from '../../lib/class-names';
import { formatDateTime, formatNumber } from '../../lib/format';
import { useUserTimeZone } from '../../lib/time-zone';
import { historyLine } from './points-history';
import { usePointsHistory } from '../../api/rewards';

export function PointsHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('rewards');
  const history = usePointsHistory(open);
  const timeZone = useUserTimeZone();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('history.title')} closeLabel={t('common:close')}>
        {history.isPending ? <LoadingState label={t('common:loading')} /> : null}
        {history.isError ? <ErrorState title={t('common:errors.loadTitle')} description={t('common:errors.loadDescription')} /> : null}
        {history.data && history.data.length === 0 ? <EmptyState title={t('history.empty')} /> : null}
        {history.data && history.data.length > 0 ? (
          <ul className="divide-y">
            {history.data.map((entry) => {
              const line = historyLine(t, entry);
              return (
                <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm" data-testid="history-entry">
                  <span className="min-w-0">
                    <span className="block font-medium">{line.title}</span>
                    {line.subject ? <span className="block break-words">{line.subject}</span> : null}
                    <span className="block text-xs text-muted-foreground">{formatDateTime(entry.createdAt, timeZone)}</span>
                  </span>
                  <span className={cn('font-semibold tabular-nums', entry.amount < 0 ? 'text-destructive' : 'text-success')}>
                    {entry.amount > 0 ? '+' : ''}
                    {formatNumber(entry.amount)}
                  </span>
                </li>
              );
            })}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
