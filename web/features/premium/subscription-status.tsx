import { Crown } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserTimeZone } from '../../api/session';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCancelSubscription, useResumeSubscription } from '../../api/premium';
import type { PremiumState } from './premium-view';

const BADGE = 'rounded-full border px-2 py-0.5 text-xs font-semibold';

/** The user's state (docs/product.md §4 labels) and its action: cancel (with confirmation) or resume. */
export function SubscriptionStatus({ state }: { state: PremiumState }) {
  const { t } = useTranslation('premium');
  const timeZone = useUserTimeZone();
  const date = (instant: string) => formatDate(instant, timeZone, { dateStyle: 'long' });
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirmCancel, setConfirmCancel] = useState(false);

  return (
    <Card aria-labelledby="plan-status-heading" role="region" data-testid="premium-status">
      <div className="flex flex-wrap items-center gap-2">
        <Crown aria-hidden="true" className="h-5 w-5 text-primary" />
        <h2 id="plan-status-heading" className="text-lg font-semibold">
          {state.kind === 'subscribed' ? t(`status.planName.${state.subscription.plan}`) : t('status.heading')}
        </h2>
        {state.kind === 'subscribed' ? (
          <span className={BADGE} data-testid="subscription-status">
            {t(`status.labels.${state.subscription.status}`)}
          </span>
        ) : null}
        {state.kind === 'granted' ? <span className={BADGE}>{t('status.labels.active')}</span> : null}
        {state.kind === 'trial' || state.kind === 'expired' ? (
          <span className={BADGE} data-testid="trial-status">
            {t('status.trialState', {
              badge: t('status.trialBadge'),
              state: state.kind === 'trial' ? t('status.trialActive') : t('status.trialExpired'),
            })}
          </span>
        ) : null}
      </div>
      <div className="mt-3 space-y-2">
        {state.kind === 'subscribed' ? (
          <p>{t(`status.${state.subscription.status}`, { date: date(state.subscription.renewalDate) })}</p>
        ) : null}
        {state.kind === 'granted' ? <p>{t('status.granted')}</p> : null}
        {state.kind === 'trial' ? (
          <>
            <p>{t('status.trialDaysLeft', { count: state.daysLeft, date: date(state.trialEndDate) })}</p>
            <p className="text-sm text-muted-foreground">{t('status.trialKeep')}</p>
          </>
        ) : null}
        {state.kind === 'expired' ? <p>{t('status.expired', { date: date(state.trialEndDate) })}</p> : null}
      </div>
      {state.kind === 'subscribed' ? (
        <div className="mt-4 flex flex-wrap gap-2">
          {state.subscription.cancelAtPeriodEnd ? (
            <Button
              disabled={resume.isPending}
              onClick={() =>
                resume.mutate(undefined, {
                  onSuccess: (subscription) =>
                    toast({
                      title: t('done.resumed'),
                      description: t('done.resumedText', { date: date(subscription.renewalDate) }),
                      variant: 'success',
                    }),
                })
              }
            >
              {t('actions.resume')}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setConfirmCancel(true)}>
              {t('actions.cancel')}
            </Button>
          )}
        </div>
      ) : null}
      {state.kind === 'subscribed' ? (
        <ConfirmDialog
          open={confirmCancel}
          onOpenChange={setConfirmCancel}
          title={t('confirmCancel.title')}
          description={t('confirmCancel.description', { date: date(state.subscription.renewalDate) })}
          confirmLabel={t('confirmCancel.confirm')}
          cancelLabel={t('confirmCancel.keep')}
          pending={cancel.isPending}
          returnFocus={() => document.querySelector<HTMLElement>('[data-testid="premium-status"] button')}
          onConfirm={() =>
            cancel.mutate(undefined, {
              onSuccess: (subscription) => {
                setConfirmCancel(false);
                toast({
                  title: t('done.canceled'),
                  description: t('done.canceledText', { date: date(subscription.renewalDate) }),
                  variant: 'success',
                });
              },
            })
          }
        />
      ) : null}
    </Card>
  );
}
