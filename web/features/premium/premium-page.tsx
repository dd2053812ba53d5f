import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { Plan } from '../../../common/domain/prices';
import { usePremiumCheck, useChangePlan, useCheckout } from '../../api/premium';
import { useUserTimeZone } from '../../api/session';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { QueryState } from '../../components/ui/query-state';
import { formatPrice } from '../../lib/format';
import { currentLanguage } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { PlanCard } from './plan-card';
import { PremiumBenefits } from './premium-benefits';
import { otherPlan, planOffers, premiumState } from './premium-view';
import { SubscriptionStatus } from './subscription-status';
import { PageHeader } from '../../components/ui/page-header';

/** Where a checkout may send the browser: the app's own test payment screen, or the provider's page. */
const EXTERNAL_PAYMENT_PAGE = /^https?:\/\//;

/**
 * /premium (docs/product.md §2): the user's state with its action, both plans at the prices in force for the
 * language, and what Premium gives. Paying happens on the provider's page (or the test payment screen).
 */
export function PremiumPage() {
  const { t } = useTranslation('premium');
  const navigate = useNavigate();
  const check = usePremiumCheck();
  const checkout = useCheckout();
  const changePlan = useChangePlan();
  const [switchTo, setSwitchTo] = useState<Plan | null>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  // Set once the browser is sent to the provider's page: the buttons stay disabled while it loads
  // (the mutation is settled by then, and a second click would open a second checkout).
  const [leaving, setLeaving] = useState(false);
  const timeZone = useUserTimeZone();
  // Back from Stripe's page restores this one from the back/forward cache, state included.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);
  if (!check.isSuccess) return <QueryState queries={[check]} messages={{ loading: t('loading') }} />;

  const now = new Date();
  const state = premiumState(check.data, now, timeZone);
  const offers = planOffers(currentLanguage(), now);
  const subscription = state.kind === 'subscribed' ? state.subscription : null;

  const subscribe = (plan: Plan) =>
    checkout.mutate(
      { plan, currency: offers[0]!.currency },
      {
        onSuccess: ({ provider, url }) => {
          if (provider === 'test' && url.startsWith('/')) navigate(url);
          else if (EXTERNAL_PAYMENT_PAGE.test(url)) {
            setLeaving(true);
            window.location.assign(url);
          } else toast({ title: t('errors.paymentTitle'), description: t('errors.providerMissing'), variant: 'destructive' });
        },
      },
    );

  const target = switchTo ? offers.find((offer) => offer.plan === switchTo) : undefined;

  return (
    <section aria-labelledby="premium-title" className="mx-auto max-w-3xl space-y-6">
      <PageHeader id="premium-title" title={t('title')} intro={t('subtitle')} />
      <SubscriptionStatus state={state} />
      <section aria-labelledby="plans-heading" className="space-y-3">
        <h2 id="plans-heading" className="text-lg font-semibold">
          {t('plans.heading')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          {offers.map((offer) => {
            const current = subscription?.plan === offer.plan;
            let actionLabel: string | null;
            if (subscription)
              actionLabel =
                current || subscription.status === 'past_due'
                  ? null
                  : t(offer.plan === 'monthly' ? 'plans.switchToMonthly' : 'plans.switchToYearly');
            else actionLabel = t(offer.plan === 'monthly' ? 'plans.subscribeMonthly' : 'plans.subscribeYearly');
            return (
              <PlanCard
                key={offer.plan}
                offer={offer}
                current={current}
                actionLabel={actionLabel}
                pending={checkout.isPending || leaving || changePlan.isPending}
                onAction={() => {
                  if (!subscription) return subscribe(offer.plan);
                  setOpener(document.activeElement as HTMLElement | null);
                  setSwitchTo(otherPlan(subscription.plan));
                }}
              />
            );
          })}
        </div>
        {checkout.isPending || leaving ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('plans.opening')}
          </p>
        ) : null}
      </section>
      <PremiumBenefits />
      <ConfirmDialog
        open={switchTo !== null}
        onOpenChange={(open) => {
          if (!open) setSwitchTo(null);
        }}
        variant="primary"
        title={switchTo ? t('confirmSwitch.title', { plan: t(`plans.${switchTo}`) }) : ''}
        description={
          target
            ? t('confirmSwitch.description', {
                price: formatPrice(target.amount, target.currency),
                period: t(target.plan === 'monthly' ? 'plans.perMonth' : 'plans.perYear'),
              })
            : ''
        }
        confirmLabel={t('confirmSwitch.confirm')}
        cancelLabel={t('confirmSwitch.back')}
        pending={changePlan.isPending}
        returnFocus={() => opener}
        onConfirm={() => {
          if (!switchTo) return;
          changePlan.mutate(switchTo, {
            onSuccess: () => {
              setSwitchTo(null);
              toast({ title: t('done.switched'), variant: 'success' });
            },
          });
        }}
      />
    </section>
  );
}
