import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../components/ui/page-state';
import { Page } from '../../components/ui/page-header';
import { TabPanels, Tabs, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useTabParam } from '../../lib/use-tab-param';
import { AuditTab } from './audit-tab';
import { FeedbackTab } from './feedback-tab';
import { GroupReportsTab } from './group-reports-tab';
import { PaymentsNotice } from './payments-notice';
import { UsersTab } from './users-tab';

// The statistics tab carries Recharts: its chunk loads the first time the tab opens.
const StatsTab = lazy(async () => ({ default: (await import('./stats-tab')).StatsTab }));

const TABS = ['users', 'feedback', 'groupReports', 'stats', 'audit'] as const;

/** /admin (docs/product.md §2, admin only): users, the feedback inbox, class-group reports, statistics and the audit log. */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const [tab, selectTab] = useTabParam(TABS);
  return (
    <Page id="admin-title" title={t('title')} width="4xl">
      <PaymentsNotice />
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList>
          {TABS.map((id) => (
            <TabsTrigger key={id} value={id}>
              {t(`tabs.${id}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabPanels
          className="pt-4"
          panels={{
            users: <UsersTab />,
            feedback: <FeedbackTab />,
            groupReports: <GroupReportsTab />,
            stats: (
              <Suspense fallback={<LoadingState label={t('stats.loadingCharts')} />}>
                <StatsTab />
              </Suspense>
            ),
            audit: <AuditTab />,
          }}
        />
      </Tabs>
    </Page>
  );
}
