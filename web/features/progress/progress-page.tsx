import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import type { ProgressSummary } from '../../../common/schemas/progress.schema';
import { useProgressSummary } from '../../api/progress';
import { QueryState } from '../../components/ui/query-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AnalyticsTab } from './analytics-tab';
import { CoursesTab } from './courses-tab';
import { GoalsTab } from './goals-tab';
import { GpaTab } from './gpa-tab';
import { InsightsTab } from './insights-tab';
import { OverviewTab } from './overview-tab';
import { useFreshProgressOnOpen } from './progress.api';
import { SummaryTab } from './summary-tab';
import { TimelineTab } from './timeline-tab';

/** SPEC.md §2 "Progress" tabs, in its order; the open one is kept in `?tab=` (Home's GPA calculator opens `?tab=gpa`). */
export const PROGRESS_TABS = ['overview', 'summary', 'analytics', 'courses', 'timeline', 'goals', 'insights', 'gpa'] as const;
export type ProgressTab = (typeof PROGRESS_TABS)[number];
const DEFAULT_TAB: ProgressTab = 'overview';

const isProgressTab = (value: string | null): value is ProgressTab => (PROGRESS_TABS as readonly string[]).includes(value ?? '');

/** The tabs built from GET /api/progress/summary share its one request (and its loading and error states). */
function WithSummary({ children }: { children: (summary: ProgressSummary) => ReactNode }) {
  const summary = useProgressSummary();
  if (!summary.isSuccess) return <QueryState queries={[summary]} />;
  return <>{children(summary.data)}</>;
}

/** /progress: overview, summary, detailed analytics, courses, timeline, goals, insights, GPA calculator. */
export function ProgressPage() {
  const { t } = useTranslation('progress');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProgressTab = isProgressTab(requested) ? requested : DEFAULT_TAB;
  const tabList = useRef<HTMLDivElement>(null);
  useFreshProgressOnOpen();
  // On a phone the tab strip scrolls: keep the open tab in view (e.g. Home's link to the GPA calculator).
  useEffect(() => {
    tabList.current?.querySelector('[role="tab"][data-state="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  return (
    <section aria-labelledby="progress-title" className="mx-auto max-w-5xl space-y-4">
      <h1 id="progress-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <Tabs value={tab} onValueChange={(value) => setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true })}>
        <div ref={tabList} className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={t('tabsLabel')} className="w-max min-w-full">
            {PROGRESS_TABS.map((id) => (
              <TabsTrigger key={id} value={id} className="flex-none whitespace-nowrap sm:flex-1">
                {t(`tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="overview" className="mt-4">
          <WithSummary>{(summary) => <OverviewTab summary={summary} />}</WithSummary>
        </TabsContent>
        <TabsContent value="summary" className="mt-4">
          <WithSummary>{(summary) => <SummaryTab summary={summary} />}</WithSummary>
        </TabsContent>
        <TabsContent value="analytics" className="mt-4">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="courses" className="mt-4">
          <WithSummary>{(summary) => <CoursesTab summary={summary} />}</WithSummary>
        </TabsContent>
        <TabsContent value="timeline" className="mt-4">
          <TimelineTab />
        </TabsContent>
        <TabsContent value="goals" className="mt-4">
          <GoalsTab />
        </TabsContent>
        <TabsContent value="insights" className="mt-4">
          <WithSummary>{(summary) => <InsightsTab summary={summary} />}</WithSummary>
        </TabsContent>
        <TabsContent value="gpa" className="mt-4">
          <GpaTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
