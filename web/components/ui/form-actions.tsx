import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/class-names';
import { Button } from './button';

/**
 * The end of every dialog form: Cancel, then the submit button (disabled while the request runs), right
 * aligned; on a phone the submit button stands first, above Cancel. `onCancel` also forgets a draft
 * where the form keeps one (decision 074: × and Escape keep it, Cancel abandons it).
 */
export function FormActions({
  onCancel,
  pending,
  submitLabel,
  className,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel?: string;
  /** Spacing or placement of the row (a long form keeps it in view with `sm:sticky sm:bottom-0`). */
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button variant="outline" onClick={onCancel}>
        {t('common:cancel')}
      </Button>
      <Button type="submit" disabled={pending}>
        {submitLabel ?? t('common:save')}
      </Button>
    </div>
  );
}
