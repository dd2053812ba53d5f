import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../components/ui/query-state';
import { BUILT_IN_REWARDS } from '../../../common/domain/shop';
import type { ShopItem } from '../../../common/schemas/rewards.schema';
import { Button, IconButton } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-errors';
import { formatNumber } from '../../lib/format';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { toast } from '../../lib/toast';
import { CustomRewardDialog } from './custom-reward-dialog';
import { rewardIcon } from './reward-icons';
import { useShop, useDeleteCustomReward, useRedeem } from '../../api/rewards';

function itemName(t: ReturnType<typeof useTranslation>['t'], item: ShopItem): string {
  return item.builtIn ? t(`shop.items.${item.id}.name`) : (item.name ?? '');
}

export function ShopTab({ points }: { points: number }) {
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

  if (!shop.isSuccess) return <QueryState queries={[shop]} />;

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
        // Its own toast, not the mutation's: the 409 sentence counts the points still missing.
        onError: (error) => {
          setToRedeem(null);
          toast({
            title: t('shop.redeemError'),
            description:
              error instanceof ApiError && error.status === 409
                ? t('shop.notEnough', { missing: formatNumber(Math.max(0, item.cost - points)) })
                : apiErrorMessage(t, error, t('shop.redeemErrorText')),
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
                    <h2 className="font-semibold">{name}</h2>
                    <p className="text-sm text-muted-foreground">
                      {item.builtIn ? t(`shop.items.${item.id}.description`) : (item.description ?? t('shop.customLabel'))}
                    </p>
                  </div>
                  {!item.builtIn ? (
                    <div className="flex shrink-0">
                      <IconButton
                        icon={Pencil}
                        label={t('shop.edit', { name })}
                        onClick={() => {
                          setEditing(item);
                          setFormOpen(true);
                        }}
                      />
                      <IconButton icon={Trash2} label={t('shop.delete', { name })} onClick={() => setToDelete(item)} />
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
