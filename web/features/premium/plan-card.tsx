import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/class-names';
import { formatPrice } from '../../lib/format';
import type { PlanOffer } from './premium-view';

/** One plan with its price in force; the action is subscribe, switch, or none for the current plan. */
export function PlanCard({
  offer,
  current,
  actionLabel,
  onAction,
  pending,
}: {
  offer: PlanOffer;
  current: boolean;
  actionLabel: string | null;
  onAction: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation('premium');
  const format = (amount: number) => formatPrice(amount, offer.currency);
  const titleId = `plan-${offer.plan}`;
  return (
    <Card className={cn('flex flex-col gap-3', current && 'border-primary ring-2 ring-primary')} aria-labelledby={titleId} role="group">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {t(`plans.${offer.plan}`)}
        </h3>
        {current ? (
          <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">{t('plans.current')}</span>
        ) : null}
      </div>
      <p>
        <span className="text-3xl font-bold tabular-nums" data-testid={`price-${offer.plan}`}>
          {format(offer.amount)}
        </span>{' '}
        <span className="text-muted-foreground">{t(offer.plan === 'monthly' ? 'plans.perMonth' : 'plans.perYear')}</span>
      </p>
      {offer.regular !== null ? (
        <p className="text-sm text-muted-foreground">{t('plans.regular', { price: format(offer.regular) })}</p>
      ) : null}
      {offer.savingPercent !== null ? (
        <p className="text-sm font-medium text-success">{t('plans.save', { percent: offer.savingPercent })}</p>
      ) : null}
      {actionLabel ? (
        <Button className="mt-auto w-full" variant={current ? 'outline' : 'primary'} onClick={onAction} disabled={pending}>
          {actionLabel}
        </Button>
      ) : null}
    </Card>
  );
}
