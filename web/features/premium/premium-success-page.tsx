import { PartyPopper } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePremiumCheckUntilSubscribed } from '../../api/premium';
import { useUserTimeZone } from '../../api/session';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { QueryState } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { playConfetti } from '../../lib/celebrate';
import { formatDate } from '../../lib/format';
import { CHECKOUT_RETURN_PARAM } from '../../../common/domain/subscription';

/** How long the page asks before saying that confirmation is slow (it can still be asked again). */
const PATIENCE_MS = 60_000;

/**
 * /premium-success: the return from checkout. It writes nothing; it asks the server until a
 * subscription confirmed by the provider (webhook) or the test payment is there, then celebrates.
 * Opened without a checkout (no `session_id`), it asks once and, with no subscription, says plainly
 * that there is no payment to confirm instead of waiting for one (issue 34).
 */
export function PremiumSuccessPage() {
  const { t } = useTranslation('premium');
  const [params] = useSearchParams();
  const fromCheckout = params.has(CHECKOUT_RETURN_PARAM);
  const [waiting, setWaiting] = useState(fromCheckout);
  const check = usePremiumCheckUntilSubscribed(waiting);
  const subscription = check.data?.subscription ?? null;
  const timeZone = useUserTimeZone();
  const celebrated = useRef(false);

  useEffect(() => {
    if (!waiting || subscription) return;
    const timer = window.setTimeout(() => setWaiting(false), PATIENCE_MS);
    return () => window.clearTimeout(timer);
  }, [waiting, subscription]);

  useEffect(() => {
    if (subscription && !celebrated.current) {
      celebrated.current = true;
      void playConfetti('big');
    }
  }, [subscription]);

  let body;
  if (check.isPending || (check.isError && !check.data))
    body = <QueryState queries={[check]} messages={{ loading: t('success.waiting') }} />;
  else if (subscription) {
    body = (
      <Card className="space-y-3 text-center">
        <PartyPopper aria-hidden="true" className="mx-auto h-10 w-10 text-primary" />
        <h1 id="premium-success-title" className="text-2xl font-bold">
          {t('success.title')}
        </h1>
        <p data-testid="success-plan">{t('success.plan', { plan: t(`status.planName.${subscription.plan}`) })}</p>
        <p>{t(`status.${subscription.status}`, { date: formatDate(subscription.renewalDate, timeZone, { dateStyle: 'long' }) })}</p>
        <p className="text-muted-foreground">{t('success.thanks')}</p>
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          <Link to="/dashboard" className={buttonClassName()}>
            {t('success.dashboard')}
          </Link>
          <Link to="/premium" className={buttonClassName({ variant: 'outline' })}>
            {t('success.manage')}
          </Link>
        </div>
      </Card>
    );
  } else if (!fromCheckout) {
    body = (
      <Card className="space-y-3 text-center">
        <h1 id="premium-success-title" className="text-2xl font-bold">
          {t('success.noCheckoutTitle')}
        </h1>
        <p>{t('success.noCheckout')}</p>
        <div className="flex flex-wrap justify-center gap-2 pt-2">
          <Link to="/premium" className={buttonClassName()}>
            {t('success.choosePlan')}
          </Link>
        </div>
      </Card>
    );
  } else {
    body = (
      <Card className="space-y-3 text-center">
        <h1 id="premium-success-title" className="text-2xl font-bold">
          {t('success.waiting')}
        </h1>
        {waiting ? (
          <>
            <Spinner label={t('success.waiting')} className="justify-center [&>svg]:h-8 [&>svg]:w-8" />
            <p className="text-muted-foreground">{t('success.waitingText')}</p>
          </>
        ) : (
          <>
            <p role="status">{t('success.slow')}</p>
            <Button
              onClick={() => {
                setWaiting(true);
                void check.refetch();
              }}
            >
              {t('success.checkAgain')}
            </Button>
          </>
        )}
      </Card>
    );
  }

  return (
    <section aria-labelledby="premium-success-title" className="mx-auto max-w-xl">
      {body}
    </section>
  );
}
