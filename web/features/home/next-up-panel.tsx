import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localDateOf } from '../../../common/domain/local-time';
import { useStudyPlan } from '../../api/study-plan';
import { Button } from '../../components/ui/button';
import { QueryState } from '../../components/ui/query-state';
import { TextLink } from '../../components/ui/text-link';
import { formatCalendarDate, formatTime } from '../../lib/format';
import { Panel } from './dashboard-panel';
import { nextStudyBlock } from './home-selectors';

/**
 * Home's "Next up": the study plan's running or next block, its Start (the study page starts it as the Plan
 * tab's Start does: /study?start=<block id>), and a way to the plan.
 */
export function NextUpPanel({ now, timeZone }: { now: Date; timeZone: string }) {
  const { t } = useTranslation('home');
  const plan = useStudyPlan();
  const navigate = useNavigate();
  const block = plan.data ? nextStudyBlock(plan.data.blocks, now) : null;
  return (
    <Panel id="home-next-up" title={t('nextUp.title')}>
      {/* A failed read is the error state with a retry, never "nothing planned". */}
      <QueryState queries={[plan]}>
        {() =>
          block ? (
            <div className="space-y-1" data-testid="next-up-block">
              <p className="font-medium">{block.title}</p>
              <p className="text-sm text-muted-foreground">
                {t('nextUp.when', {
                  day: formatCalendarDate(localDateOf(block.start, timeZone), { weekday: 'long' }),
                  start: formatTime(block.start, timeZone),
                  end: formatTime(block.end, timeZone),
                })}
              </p>
              <Button
                size="sm"
                onClick={() => void navigate(`/study?start=${encodeURIComponent(block.id)}`)}
                aria-label={t('nextUp.startLabel', { title: block.title })}
              >
                {t('nextUp.start')}
              </Button>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{t('nextUp.none')}</p>
          )
        }
      </QueryState>
      <TextLink to="/study?tab=plan" className="text-sm font-medium">
        {t('nextUp.open')}
      </TextLink>
    </Panel>
  );
}
