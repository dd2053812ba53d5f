import { Flame, Star } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/ui/page-frame';
import { TabPanels, Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format';
import { FocusCentre, type FocusStarter } from './focus-centre';
import { SessionsPanel } from './sessions-panel';
import { StatsPanel } from './stats-panel';
import { usePoints } from '../../api/rewards';
import { useStudyStreak } from '../../api/study';
import { useStudyPlan } from '../../api/study-plan';
import type { StudyBlock } from '../../../common/schemas/study-plan.schema';
import { StudyAchievements } from './study-achievements';
import { PlanPanel } from './plan-panel';

/** /study: the focus centre, sessions, statistics and streaks (docs/product.md §2). */
export function StudyPage() {
  const { t } = useTranslation('study');
  const points = usePoints();
  const streak = useStudyStreak();
  // Home's "Next up" links to /study?tab=plan, and its Start to /study?start=<block id> (on the focus tab).
  const [searchParams, setSearchParams] = useSearchParams();
  const [tab, setTab] = useState(searchParams.get('tab') === 'plan' ? 'plan' : 'focus');
  const focus = useRef<FocusStarter>(null);
  // Starting a block opens the focus timer on its task (its course) and starts a focus phase: the Plan tab's
  // Start and Home's Start both start it through the focus centre's one `start`.
  const startBlock = useCallback((block: StudyBlock) => {
    focus.current?.start({ blockId: block.id, courseId: block.courseId, title: block.title });
  }, []);
  const plan = useStudyPlan();
  const startId = searchParams.get('start');
  useEffect(() => {
    if (!startId || !plan.data) return;
    // A block no longer planned (done, skipped, re-planned away) starts nothing.
    const block = plan.data.blocks.find((found) => found.id === startId && found.status === 'planned');
    if (block) startBlock(block);
    setSearchParams(
      (params) => {
        params.delete('start');
        return params;
      },
      { replace: true },
    );
  }, [startId, plan.data, startBlock, setSearchParams]);
  return (
    // Framed with its title and intro (decision 240); the points and streak badges come with the page.
    <PageFrame
      page="/study"
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
            plan: (
              <PlanPanel
                onStart={(block) => {
                  setTab('focus');
                  startBlock(block);
                }}
              />
            ),
            sessions: <SessionsPanel />,
            stats: <StatsPanel />,
            achievements: <StudyAchievements />,
          }}
        />
      </Tabs>
    </PageFrame>
  );
}
