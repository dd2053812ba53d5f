import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonProps } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { apiErrorMessage } from '../../lib/api-errors';
import { toast } from '../../lib/toast';

/**
 * A button whose change happens only after a confirmation (every admin change asks first). Focus goes
 * back to the button when the dialog closes; the outcome is a toast.
 */
export function ConfirmAction({
  label,
  title,
  description,
  run,
  variant = 'outline',
  destructive = false,
  disabled = false,
  beforeOpen,
}: {
  label: ReactNode;
  title: string;
  description: string;
  run: () => Promise<unknown>;
  variant?: ButtonProps['variant'];
  destructive?: boolean;
  disabled?: boolean;
  /** Return false to keep the dialog closed (e.g. an empty reply). */
  beforeOpen?: () => boolean;
}) {
  const { t } = useTranslation('admin');
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = async () => {
    setPending(true);
    try {
      await run();
      toast({ title: t('saved'), variant: 'success' });
      setOpen(false);
    } catch (error) {
      toast({ title: apiErrorMessage(t, error, t('failed')), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <Button size="sm" variant={variant} disabled={disabled} onClick={() => (beforeOpen?.() ?? true) && setOpen(true)}>
        {label}
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={title}
        description={description}
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        onConfirm={() => void confirm()}
        pending={pending}
        variant={destructive ? 'destructive' : 'primary'}
      />
    </>
  );
}
