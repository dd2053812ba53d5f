import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN } from '../../../common/schemas/auth.constants';
import { useChangePassword } from '../../api/account';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { applyFieldErrors } from '../../lib/api-errors';
import { toast } from '../../lib/toast';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

/** The Security tab's password change (the signed-in devices and recovery email are their own cards). */
export function PasswordForm() {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./password-form-schema').then(({ passwordSchema }) => passwordSchema(t))),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: () => {
        form.reset();
        toast({ title: t('security.changed'), description: t('security.otherSessions'), variant: 'success' });
      },
      onError: (error) => applyFieldErrors(t, error, form.setError, ['currentPassword', 'newPassword', 'confirmPassword']),
    }),
  );
  const errors = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <input type="text" name="username" autoComplete="username" hidden readOnly />
      <FormField label={t('security.current')} error={errors.currentPassword?.message}>
        <Input {...form.register('currentPassword')} type="password" autoComplete="current-password" />
      </FormField>
      <FormField label={t('security.new')} error={errors.newPassword?.message} hint={t('security.newHint', { min: PASSWORD_MIN })}>
        <Input {...form.register('newPassword')} type="password" autoComplete="new-password" />
      </FormField>
      <FormField label={t('security.confirm')} error={errors.confirmPassword?.message}>
        <Input {...form.register('confirmPassword')} type="password" autoComplete="new-password" />
      </FormField>
      <Button type="submit" disabled={change.isPending}>
        {t('security.change')}
      </Button>
    </form>
  );
}
