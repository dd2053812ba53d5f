import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { FormField } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { useLogin } from '../../api/session';
import { authErrorMessage } from './auth-error-message';
import { PasswordInput } from './password-input';
import { useLazyZodResolver } from '../../lib/lazy-zod-resolver';

/** /auth's Sign in tab. */
export function SignInForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const form = useForm({
    resolver: useLazyZodResolver(() => import('./sign-in-form-schema').then(({ signInSchema }) => signInSchema(t))),
    defaultValues: { username: '', password: '' },
  });
  const submit = form.handleSubmit((values) =>
    login.mutate({ username: values.username.trim(), password: values.password }, { onSuccess: onDone }),
  );
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={t('signIn')}>
      <FormField label={t('username')} error={form.formState.errors.username?.message}>
        <Input {...form.register('username')} name="username" autoComplete="username" autoCapitalize="none" spellCheck={false} />
      </FormField>
      <FormField label={t('password')} error={form.formState.errors.password?.message}>
        <PasswordInput {...form.register('password')} name="password" autoComplete="current-password" />
      </FormField>
      {login.isError ? (
        <p role="alert" className="rounded-md bg-destructive/10 p-3 text-sm text-destructive">
          {authErrorMessage(t, login.error, 'login')}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? t('signingIn') : t('signIn')}
      </Button>
    </form>
  );
}
