import { Flame, Star } from 'lucide-react';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page-header';
import { TabPanels, Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format';
import { FocusCentre, type FocusStarter } from './focus-centre';
import { SessionsPanel } from './sessions-panel';
import { StatsPanel } from './stats-panel';
import { usePoints } from '../../api/rewards';
import { useStudyStreak } from '../../api/study';
import { StudyAchievements } from './study-achievements';
import { PlanPanel } from './plan-panel';

/** /study: the focus centre, sessions, statistics and streaks (docs/product.md §2). */
export function StudyPage() {
  const { t } = useTranslation('study');
  const points = usePoints();
  const streak = useStudyStreak();
  // Home's "Next up" links to /study?tab=plan.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState(searchParams.get('tab') === 'plan' ? 'plan' : 'focus');
  const focus = useRef<FocusStarter>(null);
  return (
    <Page
      id="study-title"
      title={t('title')}
      width="4xl"
      actions={
        <div className="flex gap-2 text-sm">
          <span className="inline-flex items-center gap-1 rounded-full border px-3 py-1" data-testid="points-badge">
            <Star aria-hidden="true" className="h-4 w-4 text-amber-500" />
            {points.data ? t('points', { value: formatNumber(points.data.points) }) : '…'}
          </span>
          <span className="inline-flex items-center gap-1 rounded-full border px-3 py-1" data-testid="streak-badge">
            <Flame aria-hidden="true" className="h-4 w-4 text-orange-500" />
            {streak.data ? t('streakBadge', { value: formatNumber(streak.data.streak) }) : '…'}
          </span>
        </div>
      }
    >
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="focus">{t('tabs.focus')}</TabsTrigger>
          <TabsTrigger value="plan">{t('tabs.plan')}</TabsTrigger>
          <TabsTrigger value="sessions">{t('tabs.sessions')}</TabsTrigger>
          <TabsTrigger value="stats">{t('tabs.stats')}</TabsTrigger>
          <TabsTrigger value="achievements">{t('tabs.achievements')}</TabsTrigger>
        </TabsList>
        <TabsContent value="focus" className="mt-4 space-y-4 data-[state=inactive]:hidden" forceMount>
          <FocusCentre startRef={focus} />
        </TabsContent>
        <TabPanels
          className="mt-4"
          panels={{
            // Starting a block opens the focus timer on its task (its course) and starts a focus phase.
            plan: (
              <PlanPanel
                onStart={(block) => {
                  setTab('focus');
                  focus.current?.start({ blockId: block.id, courseId: block.courseId, title: block.title });
                }}
              />
            ),
            sessions: <SessionsPanel />,
            stats: <StatsPanel />,
            achievements: <StudyAchievements />,
          }}
        />
      </Tabs>
    </Page>
  );
}
