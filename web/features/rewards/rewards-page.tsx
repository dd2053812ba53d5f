import { History, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { formatNumber } from '../../lib/format';
import { usePoints } from '../../api/rewards';
import { AchievementsTab } from './achievements-tab';
import { ChallengesTab } from './challenges-tab';
import { PointsHistoryDialog } from './points-history-dialog';
import { ShopTab } from './shop-tab';
import { PageFrame } from '../../components/ui/page-frame';

/** /rewards: the points balance and history, and the Rewards Shop, Achievements and Challenges tabs. */
export function RewardsPage() {
  const { t } = useTranslation('rewards');
  const points = usePoints();
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    // Framed with its title and intro (decision 240); the points and the history button come with the page.
    <PageFrame
      page="/rewards"
      actions={
        <div className="flex items-center gap-2">
          <span
            className="flex items-center gap-2 rounded-full bg-accent px-3 py-1.5 font-semibold text-accent-foreground"
            data-testid="points-balance"
          >
            <Trophy aria-hidden="true" className="h-4 w-4" />
            {points.data ? t('points', { count: points.data.points, formatted: formatNumber(points.data.points) }) : t('common:loading')}
          </span>
          <Button variant="outline" size="sm" onClick={() => setHistoryOpen(true)}>
            <History aria-hidden="true" className="h-4 w-4" />
            {t('history.open')}
          </Button>
        </div>
      }
    >
      <Tabs defaultValue="shop">
        <TabsList className="mb-4">
          <TabsTrigger value="shop">{t('tabs.shop')}</TabsTrigger>
          <TabsTrigger value="achievements">{t('tabs.achievements')}</TabsTrigger>
          <TabsTrigger value="challenges">{t('tabs.challenges')}</TabsTrigger>
        </TabsList>
        <TabsContent value="shop">
          <ShopTab points={points.data?.points ?? 0} />
        </TabsContent>
        <TabsContent value="achievements">
          <AchievementsTab />
        </TabsContent>
        <TabsContent value="challenges">
          <ChallengesTab />
        </TabsContent>
      </Tabs>
      <PointsHistoryDialog open={historyOpen} onOpenChange={setHistoryOpen} />
    </PageFrame>
  );
}
