import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { GoalsTab } from './goals-tab';

/** SPEC.md §2 "Progress" tabs, in its order; the open one is kept in `?tab=` (Home's GPA calculator opens `?tab=gpa`). */
export const PROGRESS_TABS = ['goals'] as const;
export type ProgressTab = (typeof PROGRESS_TABS)[number];
const DEFAULT_TAB: ProgressTab = 'goals';

const isProgressTab = (value: string | null): value is ProgressTab => (PROGRESS_TABS as readonly string[]).includes(value ?? '');

/** /progress: overview, summary, detailed analytics, courses, timeline, goals, insights, GPA calculator. */
export function ProgressPage() {
  const { t } = useTranslation('progress');
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: ProgressTab = isProgressTab(requested) ? requested : DEFAULT_TAB;
  return (
    <section aria-labelledby="progress-title" className="mx-auto max-w-5xl space-y-4">
      <h1 id="progress-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <Tabs value={tab} onValueChange={(value) => setParams(value === DEFAULT_TAB ? {} : { tab: value }, { replace: true })}>
        <div className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={t('tabsLabel')} className="w-max min-w-full">
            {PROGRESS_TABS.map((id) => (
              <TabsTrigger key={id} value={id} className="flex-none whitespace-nowrap sm:flex-1">
                {t(`tabs.${id}`)}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="goals" className="mt-4">
          <GoalsTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
