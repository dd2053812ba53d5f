import { useTranslation } from 'react-i18next';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ProgressSummary } from '../../../common/schemas/progress.schema';
import { useProgressSummary, useFreshProgressOnOpen } from '../../api/progress';
import { QueryState } from '../../components/ui/query-state';
import { PageFrame } from '../../components/ui/page-frame';
import { TabPanels, Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { afterNextPaint } from '../../lib/after-next-paint';
import { useTabParam } from '../../lib/use-tab-param';
import { AnalyticsTab } from './analytics-tab';
import { CoursesTab } from './courses-tab';
import { GoalsTab } from './goals-tab';
import { GpaTab } from './gpa-tab';
import { InsightsTab } from './insights-tab';
import { OverviewTab } from './overview-tab';
import { SummaryTab } from './summary-tab';
import { TimelineTab } from './timeline-tab';

/** docs/product.md §2 "Progress" tabs, in its order; the open one is kept in `?tab=` (Home's GPA calculator opens `?tab=gpa`). */
export const PROGRESS_TABS = ['overview', 'summary', 'analytics', 'courses', 'timeline', 'goals', 'insights', 'gpa'] as const;
export type ProgressTab = (typeof PROGRESS_TABS)[number];

/** The tabs built from GET /api/progress/summary share its one request (and its loading and error states). */
function WithSummary({ children }: { children: (summary: ProgressSummary) => ReactNode }) {
  const summary = useProgressSummary();
  if (!summary.isSuccess) return <QueryState queries={[summary]} />;
  return <>{children(summary.data)}</>;
}

/** /progress: overview, summary, detailed analytics, courses, timeline, goals, insights, GPA calculator. */
export function ProgressPage() {
  const { t } = useTranslation('progress');
  const [tab, selectTab] = useTabParam(PROGRESS_TABS);
  const tabList = useRef<HTMLDivElement>(null);
  useFreshProgressOnOpen();
  // On a phone the tab strip scrolls: keep the open tab in view (e.g. Home's link to the GPA calculator).
  // After the paint: in the effect, scrolling laid the whole new page out inside the commit of its load
  // (decision 268; 19 ms of a 70 ms task at 4× CPU, decision 273). By then the layout is the browser's own.
  useEffect(
    () =>
      afterNextPaint(() =>
        tabList.current?.querySelector('[role="tab"][data-state="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' }),
      ),
    [tab],
  );
  return (
    <PageFrame page="/progress">
      <Tabs value={tab} onValueChange={selectTab}>
        <div ref={tabList} className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={t('tabsLabel')} className="w-max min-w-full">
            {PROGRESS_TABS.map((id) => (
              <TabsTrigger key={id} value={id} className="flex-none whitespace-nowrap sm:flex-1">
                {t(`tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabPanels
          className="mt-4"
          panels={
            {
              overview: <WithSummary>{(summary) => <OverviewTab summary={summary} />}</WithSummary>,
              summary: <WithSummary>{(summary) => <SummaryTab summary={summary} />}</WithSummary>,
              analytics: <AnalyticsTab />,
              courses: <WithSummary>{(summary) => <CoursesTab summary={summary} />}</WithSummary>,
              timeline: <TimelineTab />,
              goals: <GoalsTab />,
              insights: <WithSummary>{(summary) => <InsightsTab summary={summary} />}</WithSummary>,
              gpa: <GpaTab />,
            } satisfies Record<ProgressTab, ReactNode>
          }
        />
      </Tabs>
    </PageFrame>
  );
}
