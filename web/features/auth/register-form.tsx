import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../../../common/schemas/auth.constants';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useRegister } from '../../api/session';
import { authErrorMessage } from './auth-error-message';
import { PasswordInput } from './password-input';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

/** /auth's Register tab. */
export function RegisterForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./register-form-schema').then(({ registerSchema }) => registerSchema(t))),
    defaultValues: { username: '', email: '', password: '' },
    mode: 'onTouched',
  });
  const submit = form.handleSubmit((values) =>
    register.mutate({ username: values.username, password: values.password, email: values.email || null }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('createAccount')}>
      <FormField
        label={t('username')}
        error={form.formState.errors.username?.message}
        hint={t('usernameHint', { min: USERNAME_MIN, max: USERNAME_MAX })}
      >
        <Input {...form.register('username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField label={t('emailOptional')} error={form.formState.errors.email?.message} hint={t('emailHint')}>
        <Input {...form.register('email')} name="email" type="email" autoComplete="email" />
      </FormField>
      <FormField label={t('password')} error={form.formState.errors.password?.message} hint={t('passwordHint', { min: PASSWORD_MIN })}>
        <PasswordInput {...form.register('password')} name="password" autoComplete="new-password" />
      </FormField>
      {register.isError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {authErrorMessage(t, register.error, 'register')}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? t('creatingAccount') : t('createAccount')}
      </Button>
      <p className="text-xs text-muted-foreground">{t('trialNote')}</p>
      <p className="text-xs text-muted-foreground" data-testid="legal-agreement">
        <Trans
          t={t}
          i18nKey="legalAgreement"
          components={{
            terms: <Link to="/terms-conditions" className="font-medium text-primary underline underline-offset-2" />,
            privacy: <Link to="/privacy-policy" className="font-medium text-primary underline underline-offset-2" />,
          }}
        />
      </p>
    </form>
  );
}
