import { History, Lock, Pencil, Plus, Trash2, Trophy } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACHIEVEMENT_FILTERS, type AchievementFilter } from '../../../common/domain/achievements';
import { CHALLENGE_FILTERS, type ChallengeFilter } from '../../../common/domain/challenges';
import { BUILT_IN_REWARDS } from '../../../common/domain/shop';
import type { ShopItem } from '../../../common/schemas/rewards.schema';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { EmptyState, ErrorState, LoadingState } from '../../components/ui/page-state';
import { ProgressBar } from '../../components/ui/progress-bar';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/class-names';
import { achievementTextValues, formatCalendarDate, formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useUserTimeZone } from '../../lib/time-zone';
import { newIdempotencyKey } from '../../lib/reward-outcome';
import { toast } from '../../lib/toast';
import { CustomRewardDialog } from './custom-reward-dialog';
import { rewardIcon } from './reward-icons';
import { useAchievements, useChallenges, usePoints, usePointsHistory, useShop } from '../../api/rewards';
import { useDeleteCustomReward, useRedeem } from './rewards.api';

function FilterChips<T extends string>({
  filters,
  value,
  onChange,
  label,
  render,
}: {
  filters: readonly T[];
  value: T;
  onChange: (value: T) => void;
  label: string;
  render: (filter: T) => string;
}) {
  return (
    <div role="group" aria-label={label} className="mb-4 flex flex-wrap gap-2">
      {filters.map((filter) => (
        <button
          key={filter}
          type="button"
          aria-pressed={filter === value}
          onClick={() => onChange(filter)}
          className={cn(
            'rounded-full border px-3 py-1 text-sm focus-visible:outline-2 focus-visible:outline-ring',
            filter === value ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
          )}
        >
          {render(filter)}
        </button>
      ))}
    </div>
  );
}

function PointsHistoryDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('rewards');
  const history = usePointsHistory(open);
  const timeZone = useUserTimeZone();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('history.title')} closeLabel={t('common:close')}>
        {history.isPending ? <LoadingState label={t('common:loading')} /> : null}
        {history.isError ? <ErrorState title={t('common:errors.loadTitle')} description={t('common:errors.loadDescription')} /> : null}
        {history.data && history.data.length === 0 ? <EmptyState title={t('history.empty')} /> : null}
        {history.data && history.data.length > 0 ? (
          <ul className="divide-y">
            {history.data.map((entry) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <span className="block font-medium">{t(`history.reasons.${entry.reason}`, { defaultValue: entry.reason })}</span>
                  <span className="block text-xs text-muted-foreground">{formatDateTime(entry.createdAt, timeZone)}</span>
                </span>
                <span className={cn('font-semibold tabular-nums', entry.amount < 0 ? 'text-destructive' : 'text-success')}>
                  {entry.amount > 0 ? '+' : ''}
                  {formatNumber(entry.amount)}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function itemName(t: ReturnType<typeof useTranslation>['t'], item: ShopItem): string {
  return item.builtIn ? t(`shop.items.${item.id}.name`) : (item.name ?? '');
}

function ShopTab({ points }: { points: number }) {
  const { t } = useTranslation('rewards');
  const shop = useShop();
  const redeem = useRedeem();
  const remove = useDeleteCustomReward();
  const [editing, setEditing] = useState<ShopItem | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toRedeem, setToRedeemItem] = useState<ShopItem | null>(null);
  // One key per confirmation: however often Confirm is clicked, the server redeems once.
  const [redeemKey, setRedeemKey] = useState(newIdempotencyKey);
  const setToRedeem = (item: ShopItem | null) => {
    if (item) setRedeemKey(newIdempotencyKey());
    setToRedeemItem(item);
  };
  const [toDelete, setToDelete] = useState<ShopItem | null>(null);

  if (shop.isPending) return <LoadingState label={t('common:loading')} />;
  if (shop.isError)
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void shop.refetch()}
      />
    );

  const confirmRedeem = () => {
    const item = toRedeem;
    if (!item || redeem.isPending) return;
    redeem.mutate(
      { id: item.id, idempotencyKey: redeemKey },
      {
        onSuccess: () => {
          setToRedeem(null);
          toast({ title: t('shop.redeemed', { name: itemName(t, item) }), variant: 'success' });
        },
        onError: (error) => {
          setToRedeem(null);
          toast({
            title: t('shop.redeemError'),
            description:
              error instanceof ApiError && error.status === 409
                ? t('shop.notEnough', { missing: formatNumber(Math.max(0, item.cost - points)) })
                : t('shop.redeemErrorText'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        setToDelete(null);
        toast({ title: t('toast.deleted'), variant: 'success' });
      },
      onError: () => toast({ title: t('toast.deleteError'), description: t('toast.deleteErrorText'), variant: 'destructive' }),
    });
  };
  const custom = shop.data.filter((item) => !item.builtIn);
  return (
    <div>
      <div className="mb-4 flex justify-end">
        <Button
          onClick={() => {
            setEditing(null);
            setFormOpen(true);
          }}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('shop.addCustom')}
        </Button>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shop.data.map((item) => {
          const Icon = rewardIcon(BUILT_IN_REWARDS.find((builtIn) => builtIn.id === item.id)?.icon ?? 'gift');
          const affordable = points >= item.cost;
          const name = itemName(t, item);
          return (
            <li key={item.id}>
              <Card className="flex h-full flex-col gap-3">
                <div className="flex items-start gap-3">
                  <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-primary" />
                  <div className="min-w-0 flex-1">
                    <h3 className="font-semibold">{name}</h3>
                    <p className="text-sm text-muted-foreground">
                      {item.builtIn ? t(`shop.items.${item.id}.description`) : (item.description ?? t('shop.customLabel'))}
                    </p>
                  </div>
                  {!item.builtIn ? (
                    <div className="flex shrink-0">
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={t('shop.edit', { name })}
                        onClick={() => {
                          setEditing(item);
                          setFormOpen(true);
                        }}
                      >
                        <Pencil aria-hidden="true" className="h-4 w-4" />
                      </Button>
                      <Button variant="ghost" size="icon" aria-label={t('shop.delete', { name })} onClick={() => setToDelete(item)}>
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </Button>
                    </div>
                  ) : null}
                </div>
                <div className="mt-auto flex items-center justify-between gap-2">
                  <span className="font-semibold tabular-nums">
                    {t('points', { count: item.cost, formatted: formatNumber(item.cost) })}
                  </span>
                  <Button
                    size="sm"
                    variant={affordable ? 'primary' : 'outline'}
                    onClick={() => setToRedeem(item)}
                    disabled={!affordable || redeem.isPending}
                    aria-label={t('shop.redeemNamed', { name })}
                  >
                    {t('shop.redeem')}
                  </Button>
                </div>
                {!affordable ? (
                  <p className="text-xs text-muted-foreground">{t('shop.needMore', { missing: formatNumber(item.cost - points) })}</p>
                ) : null}
              </Card>
            </li>
          );
        })}
      </ul>
      {custom.length === 0 ? <p className="mt-4 text-sm text-muted-foreground">{t('shop.noCustom')}</p> : null}
      <CustomRewardDialog open={formOpen} onOpenChange={setFormOpen} reward={editing} />
      <ConfirmDialog
        open={toRedeem !== null}
        onOpenChange={(open) => !open && setToRedeem(null)}
        title={t('shop.confirmTitle')}
        description={
          toRedeem
            ? t('shop.confirmText', { name: itemName(t, toRedeem), cost: formatNumber(toRedeem.cost), balance: formatNumber(points) })
            : ''
        }
        confirmLabel={t('shop.redeem')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmRedeem}
        pending={redeem.isPending}
        variant="primary"
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('shop.deleteTitle')}
        description={toDelete ? t('shop.deleteText', { name: toDelete.name }) : ''}
        confirmLabel={t('common:delete')}
        cancelLabel={t('common:cancel')}
        onConfirm={confirmDelete}
        pending={remove.isPending}
      />
    </div>
  );
}

function AchievementsTab() {
  const { t } = useTranslation('rewards');
  const timeZone = useUserTimeZone();
  const achievements = useAchievements();
  const [filter, setFilter] = useState<AchievementFilter>('all');
  if (achievements.isPending) return <LoadingState label={t('common:loading')} />;
  if (achievements.isError)
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void achievements.refetch()}
      />
    );
  const shown = achievements.data.filter(
    (a) => filter === 'all' || (filter === 'unlocked' ? a.unlocked : filter === 'locked' ? !a.unlocked : a.category === filter),
  );
  const unlockedCount = achievements.data.filter((a) => a.unlocked).length;
  return (
    <div>
      <p className="mb-3 text-sm text-muted-foreground">
        {t('achievements.summary', { unlocked: unlockedCount, total: achievements.data.length })}
      </p>
      <FilterChips
        filters={ACHIEVEMENT_FILTERS}
        value={filter}
        onChange={setFilter}
        label={t('achievements.filterLabel')}
        render={(f) => t(`achievements.filters.${f}`)}
      />
      {shown.length === 0 ? <EmptyState title={t('achievements.empty')} /> : null}
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((achievement) => {
          const Icon = achievement.unlocked ? rewardIcon(achievement.icon) : Lock;
          const name = t(`achievements.items.${achievement.id}.name`);
          return (
            <li key={achievement.id}>
              <Card
                className={cn('flex h-full flex-col gap-3', !achievement.unlocked && 'opacity-80')}
                data-achievement={achievement.id}
                data-unlocked={achievement.unlocked}
              >
                <div className="flex items-start gap-3">
                  <Icon
                    aria-hidden="true"
                    className={cn('h-8 w-8 shrink-0', achievement.unlocked ? 'text-primary' : 'text-muted-foreground')}
                  />
                  <div>
                    <h3 className="font-semibold">{name}</h3>
                    <p className="text-sm text-muted-foreground">
                      {t(`achievements.items.${achievement.id}.description`, achievementTextValues(achievement.id))}
                    </p>
                  </div>
                </div>
                <div className="mt-auto space-y-1">
                  <ProgressBar value={achievement.progress} max={achievement.target} label={t('achievements.progressLabel', { name })} />
                  <div className="flex justify-between text-xs text-muted-foreground">
                    <span>
                      {achievement.unlocked && achievement.unlockedAt
                        ? t('achievements.unlockedOn', { date: formatDate(achievement.unlockedAt, timeZone) })
                        : t('achievements.locked')}
                    </span>
                    <span className="font-semibold text-foreground">
                      {t('points', { count: achievement.points, formatted: formatNumber(achievement.points) })}
                    </span>
                  </div>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function ChallengesTab() {
  const { t } = useTranslation('rewards');
  const challenges = useChallenges();
  const [filter, setFilter] = useState<ChallengeFilter>('all');
  if (challenges.isPending) return <LoadingState label={t('common:loading')} />;
  if (challenges.isError)
    return (
      <ErrorState
        title={t('common:errors.loadTitle')}
        description={t('common:errors.loadDescription')}
        retryLabel={t('common:retry')}
        onRetry={() => void challenges.refetch()}
      />
    );
  const shown = challenges.data.filter((c) => filter === 'all' || c.period === filter || c.status === filter);
  return (
    <div>
      <FilterChips
        filters={CHALLENGE_FILTERS}
        value={filter}
        onChange={setFilter}
        label={t('challenges.filterLabel')}
        render={(f) => t(`challenges.filters.${f}`)}
      />
      {shown.length === 0 ? <EmptyState title={t('challenges.empty')} /> : null}
      <ul className="grid gap-3 sm:grid-cols-2">
        {shown.map((challenge) => {
          const name = t(`challenges.items.${challenge.id}`, { count: challenge.target });
          return (
            <li key={challenge.id}>
              <Card className="space-y-3" data-challenge={challenge.id} data-status={challenge.status}>
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <h3 className="font-semibold">{name}</h3>
                    <p className="text-xs text-muted-foreground">
                      {t('challenges.period', {
                        period: t(`challenges.filters.${challenge.period}`),
                        start: formatCalendarDate(challenge.periodStart),
                        end: formatCalendarDate(challenge.periodEnd),
                      })}
                    </p>
                  </div>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold',
                      challenge.status === 'completed' ? 'bg-success/15 text-success' : 'bg-muted',
                    )}
                  >
                    {t(`challenges.filters.${challenge.status}`)}
                  </span>
                </div>
                <ProgressBar value={challenge.progress} max={challenge.target} label={name} />
                <div className="flex justify-between text-sm">
                  <span className="tabular-nums">
                    {t('challenges.progress', { progress: challenge.progress, target: challenge.target })}
                  </span>
                  <span className="font-semibold">{t('challenges.reward', { points: formatNumber(challenge.reward) })}</span>
                </div>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** /rewards: the points balance and history, and the Rewards Shop, Achievements and Challenges tabs. */
export function RewardsPage() {
  const { t } = useTranslation('rewards');
  const points = usePoints();
  const [historyOpen, setHistoryOpen] = useState(false);
  return (
    <section aria-labelledby="rewards-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 id="rewards-title" className="text-2xl font-bold">
          {t('title')}
        </h1>
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
      </div>
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
    </section>
  );
}
