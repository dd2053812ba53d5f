import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingState } from '../../components/ui/page-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AuditTab } from './audit-tab';
import { FeedbackTab } from './feedback-tab';
import { UsersTab } from './users-tab';

// The statistics tab carries Recharts: its chunk loads the first time the tab opens.
const StatsTab = lazy(async () => ({ default: (await import('./stats-tab')).StatsTab }));

const TABS = ['users', 'feedback', 'stats', 'audit'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

/** /admin (SPEC.md §2, admin only): users, the feedback inbox, statistics and the audit log. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: Tab = isTab(requested) ? requested : 'users';
  return (
    <section aria-labelledby="admin-title" className="mx-auto max-w-4xl space-y-4">
      <h1 id="admin-title" className="text-2xl font-bold">
        {t('title')}
      </h1>
      <Tabs value={tab} onValueChange={(value) => setSearchParams(value === 'users' ? {} : { tab: value }, { replace: true })}>
        <TabsList>
          {TABS.map((id) => (
            <TabsTrigger key={id} value={id}>
              {t(`tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="users" className="pt-4">
          <UsersTab />
        </TabsContent>
        <TabsContent value="feedback" className="pt-4">
          <FeedbackTab />
        </TabsContent>
        <TabsContent value="stats" className="pt-4">
          <Suspense fallback={<LoadingState label={t('stats.loadingCharts')} />}>
            <StatsTab />
          </Suspense>
        </TabsContent>
        <TabsContent value="audit" className="pt-4">
          <AuditTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
