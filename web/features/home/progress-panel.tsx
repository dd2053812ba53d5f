import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { Panel } from './dashboard-panel';

/** Points and study streak; a dash until their (non-blocking) queries answer. */
export function ProgressPanel({ points, streak }: { points: number | undefined; streak: number | undefined }) {
  const { t } = useTranslation('home');
  return (
    <Panel id="home-progress" title={t('progress.title')}>
      <dl className="grid grid-cols-2 gap-3 text-center">
        <div className="rounded-md bg-muted/40 p-3">
          <dt className="text-sm text-muted-foreground">{t('progress.points')}</dt>
          <dd className="text-2xl font-bold" data-testid="home-points">
            {points === undefined ? '–' : formatNumber(points)}
          </dd>
        </div>
        <div className="rounded-md bg-muted/40 p-3">
          <dt className="text-sm text-muted-foreground">{t('progress.streak')}</dt>
          <dd className="text-2xl font-bold" data-testid="home-streak">
            {streak === undefined ? '–' : t('progress.days', { count: streak })}
          </dd>
        </div>
      </dl>
    </Panel>
  );
}
