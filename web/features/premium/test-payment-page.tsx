import { FlaskConical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSessionUser } from '../../api/session';
import { useTestCheckout, useConfirmTestPayment } from '../../api/premium';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/page-state';
import { QueryState } from '../../components/ui/query-state';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatPrice } from '../../lib/format';
import { CHECKOUT_RETURN_PARAM } from '../../../common/domain/subscription';

const CHECKOUT_ID = /^[0-9a-f-]{36}$/i;

/**
 * /premium/test-payment?checkout=… — the test-mode provider's payment page (no Stripe keys on the
 * server): clearly labelled, it confirms through the server, which makes the same change a verified
 * payment would; then /premium-success waits for it like after Stripe.
 */
export function TestPaymentPage() {
  const { t } = useTranslation('premium');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get('checkout');
  const id = raw && CHECKOUT_ID.test(raw) ? raw : null;
  const checkout = useTestCheckout(id);
  const confirm = useConfirmTestPayment(id ?? '');
  const timeZone = useSessionUser()?.timeZone ?? 'UTC';

  const missing = <ErrorState title={t('test.missingTitle')} description={t('test.missing')} />;
  let body;
  if (!id || (checkout.error instanceof ApiError && checkout.error.status === 404)) body = missing;
  else if (!checkout.isSuccess) body = <QueryState queries={[checkout]} messages={{ loading: t('loading') }} />;
  else {
    const order = checkout.data;
    body = (
      <Card className="space-y-4">
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="text-muted-foreground">{t('test.plan')}</dt>
          <dd className="font-medium">{t(`status.planName.${order.plan}`)}</dd>
          <dt className="text-muted-foreground">{t('test.price')}</dt>
          <dd className="font-medium">
            {formatPrice(order.amount, order.currency)} {t(order.plan === 'monthly' ? 'plans.perMonth' : 'plans.perYear')}
          </dd>
          <dt className="text-muted-foreground">{t('test.firstPayment')}</dt>
          <dd className="font-medium">
            {order.billingStartsAt ? formatDate(order.billingStartsAt, timeZone, { dateStyle: 'long' }) : t('test.today')}
          </dd>
        </dl>
        {order.completed ? <p role="status">{t('test.done')}</p> : null}
        <div className="flex flex-wrap gap-2">
          {order.completed ? null : (
            <Button
              disabled={confirm.isPending}
              onClick={() =>
                confirm.mutate({
                  onSuccess: () => navigate(`/premium-success?${CHECKOUT_RETURN_PARAM}=${encodeURIComponent(id ?? '')}`, { replace: true }),
                })
              }
            >
              {t('test.confirm')}
            </Button>
          )}
          <Button variant="outline" onClick={() => navigate('/premium')}>
            {t('test.back')}
          </Button>
        </div>
      </Card>
    );
  }

  return (
    <section aria-labelledby="test-payment-title" className="mx-auto max-w-xl space-y-4">
      <p className="inline-flex items-center gap-2 rounded-full border-2 border-dashed px-3 py-1 text-sm font-semibold uppercase tracking-wide">
        <FlaskConical aria-hidden="true" className="h-4 w-4" />
        {t('test.badge')}
      </p>
      <h1 id="test-payment-title" className="text-2xl font-bold">
        {t('test.title')}
      </h1>
      <p className="text-muted-foreground">{t('test.intro')}</p>
      {body}
      {body === missing ? (
        <Link to="/premium" className="text-primary underline underline-offset-4">
          {t('test.back')}
        </Link>
      ) : null}
    </section>
  );
}
