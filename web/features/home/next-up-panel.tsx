import { useTranslation } from 'react-i18next';
import { localDateOf } from '../../../common/domain/local-time';
import { useStudyPlan } from '../../api/study-plan';
import { TextLink } from '../../components/ui/text-link';
import { formatCalendarDate, formatTime } from '../../lib/format';
import { Panel } from './dashboard-panel';
import { nextStudyBlock } from './home-selectors';

/** Home's "Next up": the study plan's running or next block, with a way to the plan (where Start opens the focus timer). */
export function NextUpPanel({ now, timeZone }: { now: Date; timeZone: string }) {
  const { t } = useTranslation('home');
  const plan = useStudyPlan();
  const block = plan.data ? nextStudyBlock(plan.data.blocks, now) : null;
  return (
    <Panel id="home-next-up" title={t('nextUp.title')}>
      {plan.isPending ? (
        <p className="text-sm text-muted-foreground">{t('common:loading')}</p>
      ) : block ? (
        <div className="space-y-1" data-testid="next-up-block">
          <p className="font-medium">{block.title}</p>
          <p className="text-sm text-muted-foreground">
            {t('nextUp.when', {
              day: formatCalendarDate(localDateOf(block.start, timeZone), { weekday: 'long' }),
              start: formatTime(block.start, timeZone),
              end: formatTime(block.end, timeZone),
            })}
          </p>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{t('nextUp.none')}</p>
      )}
      <TextLink to="/study?tab=plan" className="text-sm font-medium">
        {t('nextUp.open')}
      </TextLink>
    </Panel>
  );
}
