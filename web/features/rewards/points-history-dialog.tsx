import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../api/session';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { cn } from '../../lib/class-names';
import { formatDateTime, formatNumber } from '../../lib/format';
import { historyLine } from './points-history';
import { usePointsHistory } from '../../api/rewards';
import type { PointsHistoryEntry } from '../../../common/schemas/rewards.schema';

function HistoryList({ entries }: { entries: readonly PointsHistoryEntry[] }) {
  const { t } = useTranslation('rewards');
  const timeZone = useUserTimeZone();
  if (entries.length === 0) return <EmptyState title={t('history.empty')} />;
  return (
    <ul className="divide-y">
      {entries.map((entry) => {
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
  );
}

export function PointsHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('rewards');
  const history = usePointsHistory(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('history.title')} closeLabel={t('common:close')}>
        {history.isSuccess ? <HistoryList entries={history.data} /> : <QueryState queries={[history]} />}
      </DialogContent>
    </Dialog>
  );
}
