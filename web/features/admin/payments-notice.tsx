import { useTranslation } from 'react-i18next';
import { useAdminPayments } from '../../api/admin';
import { cn } from '../../lib/class-names';

/**
 * The payment mode above the console's tabs (docs/decisions/183): a warning whenever Premium is free
 * (test mode) or cannot be bought (not set up), so an admin sees what the start-up log says.
 */
export function PaymentsNotice() {
  const { t } = useTranslation('admin');
  const payments = useAdminPayments();
  if (payments.isPending) return null;
  if (!payments.isSuccess) {
    return (
      <p role="status" className="text-sm text-muted-foreground" data-testid="payments-notice">
        {t('payments.loadFailed')}
      </p>
    );
  }
  const { mode, reason } = payments.data;
  const text =
    mode === 'stripe'
      ? t('payments.stripe')
      : mode === 'off'
        ? t('payments.off')
        : t(reason === 'chosen' ? 'payments.testChosen' : 'payments.testLocal');
  return (
    <section
      aria-labelledby="payments-notice-title"
      data-testid="payments-notice"
      data-mode={mode}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        mode === 'stripe' ? 'bg-muted' : 'border-amber-600 bg-amber-50 text-amber-950 dark:bg-amber-950 dark:text-amber-50',
      )}
    >
      <h2 id="payments-notice-title" className="font-semibold">
        {t('payments.title')}
      </h2>
      <p>{text}</p>
    </section>
  );
}
